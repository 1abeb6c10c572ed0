import { fromPromise } from 'xstate'
import { contragentRemovedResponseSchema, contragentResponseSchema, contragentsResponseSchema, type ContragentState } from '../contract/contragents'
import type { Http } from './http'

/** The form as typed: name, INN and KPP ('' when none). */
type ContragentFormValues = { company: string; inn: string; kpp: string }

const STATE_CALLS: Record<ContragentState, string> = { active: '/ajax/activateagent/', inactive: '/ajax/deactivateagent/' }

/** The contragents page: GET /api/contragent/, the legacy (de)activate calls, and DELETE through POST /api/contragent/{id}/ {method: "del"}. */
export const createContragentsActors = (deps: { http: Http }) => ({
  loadContragents: fromPromise(({ signal }: { signal: AbortSignal }) => deps.http.get('contragent', undefined, contragentsResponseSchema, undefined, signal)),
  switchContragent: fromPromise(async ({ input, signal }: { input: { id: number; state: ContragentState }; signal: AbortSignal }) => {
    const answer = await deps.http.postUrl(STATE_CALLS[input.state], { id: input.id }, contragentResponseSchema, signal)
    return answer.contragent
  }),
  removeContragent: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.mutate('contragent', input.id, 'del', {}, contragentRemovedResponseSchema, signal),
  ),
})

/** The add/edit modal: POST /api/contragent/ {company, inn, kpp}, or POST /api/contragent/{id}/ {method: "put", ...} for a change. */
export const createContragentFormActors = (deps: { http: Http }) => ({
  saveContragent: fromPromise(async ({ input, signal }: { input: { id: number | null; values: ContragentFormValues }; signal: AbortSignal }) => {
    const answer =
      input.id === null
        ? await deps.http.call('contragent', input.values, contragentResponseSchema, signal)
        : await deps.http.mutate('contragent', input.id, 'put', input.values, contragentResponseSchema, signal)
    return answer.contragent
  }),
})
