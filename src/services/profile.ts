import { fromPromise } from 'xstate'
import { accountResponseSchema } from '../contract/account'
import { accountDetailsResponseSchema, passwordChangeResponseSchema, type AccountDetailsRequest, type PasswordChangeRequest } from '../contract/profile'
import type { Http } from './http'

/** The profile's actors: GET /api/account/{id}/ and the save of the name and phone, POST /api/account/{id}/ with method put. */
export const createProfileActors = (deps: { http: Http }) => ({
  loadAccount: fromPromise(async ({ input, signal }: { input: { id: number }; signal: AbortSignal }) => {
    const { account } = await deps.http.get('account', input.id, accountResponseSchema, undefined, signal)
    return account
  }),
  saveDetails: fromPromise(async ({ input, signal }: { input: { id: number; details: AccountDetailsRequest }; signal: AbortSignal }) => {
    const { account } = await deps.http.mutate('account', input.id, 'put', input.details, accountDetailsResponseSchema, signal)
    return account
  }),
})

/** The password change's actor: POST /api/profile/password/. */
export const createPasswordChangeActors = (deps: { http: Http }) => ({
  changePassword: fromPromise(({ input, signal }: { input: PasswordChangeRequest; signal: AbortSignal }) =>
    deps.http.postUrl('/api/profile/password/', input, passwordChangeResponseSchema, signal),
  ),
})
