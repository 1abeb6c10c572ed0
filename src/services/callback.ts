import { fromPromise } from 'xstate'
import { callbackResponseSchema, type CallbackRequest } from '../contract/callback'
import type { Http } from './http'

/** The callback dialog's actor: POST /api/callback/ {data{phone, firstname}} (spec §7). */
export const createCallbackActors = (deps: { http: Http }) => ({
  sendCallback: fromPromise(({ input, signal }: { input: CallbackRequest; signal: AbortSignal }) =>
    deps.http.call('callback', input, callbackResponseSchema, signal),
  ),
})
