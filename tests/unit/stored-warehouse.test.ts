import { describe, expect, it } from 'vitest'
import { readStoredWarehouse } from '../../src/services/account'
import { createStorage, WAREHOUSE_STORAGE_KEY } from '../../src/services/storage'

/** A storage over a plain map, as localStorage would hold it. */
function storageWith(value: string | null) {
  const items = new Map<string, string>(value === null ? [] : [[WAREHOUSE_STORAGE_KEY, value]])
  return createStorage({
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, text) => void items.set(key, text),
    removeItem: (key) => void items.delete(key),
  })
}

describe('readStoredWarehouse', () => {
  it('reads the stored warehouse id', () => {
    expect(readStoredWarehouse(storageWith('2'))).toBe(2)
  })

  it('reads nothing when none, or nonsense, is stored', () => {
    for (const value of [null, '', '0', '-1', '2.5', 'abc', ' 2', '1e3']) expect(readStoredWarehouse(storageWith(value)), String(value)).toBeNull()
  })

  it('reads nothing when the storage throws (a private mode)', () => {
    const broken = createStorage({
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {},
      removeItem: () => {},
    })
    expect(readStoredWarehouse(broken)).toBeNull()
  })
})
