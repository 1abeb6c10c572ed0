import { fromEventObservable, fromPromise } from 'xstate'
import { actResponseSchema, actsResponseSchema, type Act, type ActRequest, type ActsQueryInput, type ActsResponse } from '../contract/acts'
import type { Http } from './http'
import { lazyPoll$ } from './lazy-streams'

export interface ActsPollInput {
  periodMs: number
  query: ActsQueryInput
}

/** GET /api/getActs/ {contract, contragent, startDate, endDate, page, perpage}. */
const loadActs = (http: Http, query: ActsQueryInput, signal?: AbortSignal): Promise<ActsResponse> =>
  http.get('getActs', undefined, actsResponseSchema, query as Record<string, string | number>, signal)

/**
 * The acts page: the list polled every 10 s by streams.ts (pollLogic's poll$: backoff, paused
 * while the tab is hidden), its request bound here to the machine's query, since a machine holds
 * no functions; the machine sees poll.data / poll.failed / poll.paused events.
 */
export const createActsActors = (deps: { http: Http }) => ({
  pollActs: fromEventObservable(({ input }: { input: ActsPollInput }) =>
    lazyPoll$<ActsResponse>({ periodMs: input.periodMs, request: (signal) => loadActs(deps.http, input.query, signal) }),
  ),
})

/** The request modal: POST /api/act/ {act{contract_id, contragent_id, startdate, enddate}} answers the new act. */
export const createActRequestActors = (deps: { http: Http }) => ({
  requestAct: fromPromise(async ({ input, signal }: { input: ActRequest['act']; signal: AbortSignal }): Promise<Act> => {
    const answer = await deps.http.call('act', { act: input }, actResponseSchema, signal)
    return answer.act
  }),
})
