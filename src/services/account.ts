import { fromPromise } from 'xstate'
import { accountResponseSchema, initDataSchema, setContractResponseSchema, type InitData } from '../contract/account'
import { accountDetailsResponseSchema, passwordChangeResponseSchema, type AccountDetailsRequest, type PasswordChangeRequest } from '../contract/profile'
import type { Http } from './http'
import { WAREHOUSE_STORAGE_KEY, type AppStorage } from './storage'

/** The warehouse this browser remembers, or null when none (or nonsense) is stored. */
export function readStoredWarehouse(storage: Pick<AppStorage, 'read'>): number | null {
  const text = storage.read(WAREHOUSE_STORAGE_KEY)
  return text !== null && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null
}

/**
 * The app shell's actors: GET /api/initdata/ (with the warehouse this browser remembers; the
 * shell checks it is still listed) and POST /api/setContract/ {id}.
 */
export const createShellActors = (deps: { http: Http; storage: Pick<AppStorage, 'read'> }) => ({
  loadInitData: fromPromise<{ initData: InitData; storedWarehouse: number | null }>(async ({ signal }) => ({
    initData: await deps.http.get('initdata', undefined, initDataSchema, undefined, signal),
    storedWarehouse: readStoredWarehouse(deps.storage),
  })),
  setContract: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
    deps.http.call('setContract', { id: input.id }, setContractResponseSchema, signal),
  ),
})

/** The profile's actors: GET /api/account/{id}/ and its save, POST /api/account/{id}/ with method put (name, phone). */
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
