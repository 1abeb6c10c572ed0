import { fromPromise } from 'xstate'
import { accountResponseSchema, initDataSchema, setContractResponseSchema, type InitData } from '../contract/account'
import type { Http } from './http'

/** The app shell's actors: GET /api/initdata/ and POST /api/setContract/ {id}. */
export const createShellActors = (deps: { http: Http }) => ({
  loadInitData: fromPromise<InitData>(({ signal }) => deps.http.get('initdata', undefined, initDataSchema, undefined, signal)),
  setContract: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
    deps.http.call('setContract', { id: input.id }, setContractResponseSchema, signal),
  ),
})

/** The profile's actor: GET /api/account/{id}/. */
export const createProfileActors = (deps: { http: Http }) => ({
  loadAccount: fromPromise(async ({ input, signal }: { input: { id: number }; signal: AbortSignal }) => {
    const { account } = await deps.http.get('account', input.id, accountResponseSchema, undefined, signal)
    return account
  }),
})
