import { fromPromise } from 'xstate'
import { initDataSchema, setContractResponseSchema, type InitData } from '../contract/account'
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
