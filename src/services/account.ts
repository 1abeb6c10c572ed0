import { fromPromise } from 'xstate'
import { initDataSchema, setContractResponseSchema, type InitData } from '../contract/account'
import { inboxResponseSchema, type InboxResponse } from '../contract/inbox'
import type { Http } from './http'
import { WAREHOUSE_STORAGE_KEY, type AppStorage } from './storage'

/** The warehouse this browser remembers, or null when none (or nonsense) is stored. */
export function readStoredWarehouse(storage: Pick<AppStorage, 'read'>): number | null {
  const text = storage.read(WAREHOUSE_STORAGE_KEY)
  return text !== null && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null
}

/**
 * The app shell's actors: GET /api/initdata/ (with the warehouse this browser remembers; the
 * shell checks it is still listed) beside GET /api/inbox/ (both answered inside the page, so the
 * top news banner paints with the frame; an inbox that fails leaves the inbox's own poll to ask),
 * and POST /api/setContract/ {id}.
 */
export const createShellActors = (deps: { http: Http; storage: Pick<AppStorage, 'read'> }) => ({
  loadInitData: fromPromise<{ initData: InitData; storedWarehouse: number | null; inbox?: InboxResponse | null }>(async ({ signal }) => {
    const inbox = deps.http.get('inbox', undefined, inboxResponseSchema, undefined, signal).catch(() => null)
    return {
      initData: await deps.http.get('initdata', undefined, initDataSchema, undefined, signal),
      storedWarehouse: readStoredWarehouse(deps.storage),
      inbox: await inbox,
    }
  }),
  setContract: fromPromise(({ input, signal }: { input: { id: string }; signal: AbortSignal }) =>
    deps.http.call('setContract', { id: input.id }, setContractResponseSchema, signal),
  ),
})
