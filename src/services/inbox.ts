import { fromEventObservable, fromPromise } from 'xstate'
import { okSchema } from '../contract/common'
import { inboxResponseSchema, type InboxResponse } from '../contract/inbox'
import type { Http } from './http'
import { poll$ } from './streams'

/** The frame's inbox: GET /api/inbox/ polled every 5 s by streams.ts, and hidetopnews {id} (spec §7). */
export const createInboxActors = (deps: { http: Http }) => ({
  pollInbox: fromEventObservable(({ input }: { input: { periodMs: number } }) =>
    poll$<InboxResponse>({ periodMs: input.periodMs, request: (signal) => deps.http.get('inbox', undefined, inboxResponseSchema, undefined, signal) }),
  ),
  hideNews: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.call('hidetopnews', { id: input.id }, okSchema, signal),
  ),
})
