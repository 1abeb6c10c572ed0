/**
 * Small, safe access to the browser's localStorage (or sessionStorage): private modes and full
 * quotas throw, and a preference that cannot be remembered must never break the page.
 */
export function createStorage(backend: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined = browserStorage()) {
  return {
    read(key: string): string | null {
      try {
        return backend?.getItem(key) ?? null
      } catch {
        return null
      }
    },
    /** Stores the value; false when it could not be (no storage, private mode, the quota is full). */
    write(key: string, value: string): boolean {
      try {
        if (!backend) return false
        backend.setItem(key, value)
        return true
      } catch {
        // not remembered: the preference falls back to its default next time
        return false
      }
    },
    remove(key: string): void {
      try {
        backend?.removeItem(key)
      } catch {
        // nothing to clean up then
      }
    },
    /** The stored value when it is one of `allowed`, else `fallback`. */
    readChoice<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
      const value = this.read(key)
      return allowed.find((choice) => choice === value) ?? fallback
    },
  }
}

export type AppStorage = ReturnType<typeof createStorage>

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/** The same over sessionStorage: kept across reloads of this tab, gone when it closes. */
export function createTabStorage() {
  try {
    return createStorage(typeof sessionStorage === 'undefined' ? undefined : sessionStorage)
  } catch {
    return createStorage(undefined)
  }
}

export { SIDEBAR_STORAGE_KEY } from '../contract/frame'

/** The warehouse the dealer works from (its id): every list shows and adds from it. */
export const WAREHOUSE_STORAGE_KEY = 'cabinet.warehouse'

/** This tab's kept snapshot of the registration form (sessionStorage): a reload loses nothing typed. */
export const REGISTRATION_SNAPSHOT_KEY = 'cabinet.registration'
