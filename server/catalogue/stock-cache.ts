import type { Stock } from '../../src/contract/catalogue'
import type { Db } from '../db/connection'
import { stocksOf, type StockReader } from './stocks'

/** Products whose stock rows are kept at once; the oldest go first. */
const CAPACITY = 20_000

interface KeptStocks {
  version: number
  byProduct: Map<number, Stock[]>
}
const kept = new WeakMap<Db, KeptStocks>()

/**
 * Stock rows read once per stock version (catalogue_versions.stocks, which a trigger bumps in the
 * transaction of every change to `stocks`, whoever writes). `version` must have been read before
 * this call: rows read after it are at least as new, so rows kept under it are never older than it.
 */
export function stocksAtVersion(db: Db, version: number): StockReader {
  return async (productIds) => {
    let cache = kept.get(db)
    if (!cache || cache.version < version) kept.set(db, (cache = { version, byProduct: new Map() }))
    const missing = productIds.filter((id) => !cache.byProduct.has(id))
    const read = missing.length > 0 ? await stocksOf(db, missing) : undefined
    // a request that read an older version than the kept one takes what it read and keeps nothing
    if (read && cache.version === version) {
      for (const [id, stocks] of read) {
        if (cache.byProduct.size >= CAPACITY) cache.byProduct.delete(cache.byProduct.keys().next().value!)
        cache.byProduct.set(id, stocks)
      }
    }
    return new Map(productIds.map((id) => [id, cache.byProduct.get(id) ?? read?.get(id) ?? []]))
  }
}
