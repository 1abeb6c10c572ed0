import type { Sorting } from '../../src/contract/catalogue'
import type { FilterOutcome } from './engine'
import type { FilterPlan } from './filter'
import type { CatalogueSnapshot } from './snapshot-columns'

/** Distinct filters remembered per copy of the catalogue: the most recently used ones stay. */
const CAPACITY = 256

/**
 * The engine's outcomes by filter, one cache per copy of the catalogue (a reload starts an empty
 * one); an outcome under «available» also carries the stock version it was counted at. Many
 * dealers open the same pages (the default catalogue, a brand), so the one pass over every
 * product is made once per version instead of once per request.
 */
const caches = new WeakMap<CatalogueSnapshot, Map<string, FilterOutcome>>()

export interface OutcomeQuery {
  plan: FilterPlan
  sorting: Sorting | undefined
  page: number
  perpage: number
  /** the stock version the availability flags were read at; absent without «available» */
  stockVersion?: number
}

const keyOf = ({ plan, sorting, page, perpage, stockVersion }: OutcomeQuery) =>
  JSON.stringify([plan, sorting ?? null, page, perpage, plan.available ? (stockVersion ?? null) : null])

export function cachedOutcome(snapshot: CatalogueSnapshot, query: OutcomeQuery, evaluate: () => FilterOutcome): FilterOutcome {
  let cache = caches.get(snapshot)
  if (!cache) caches.set(snapshot, (cache = new Map<string, FilterOutcome>()))
  const key = keyOf(query)
  const hit = cache.get(key)
  if (hit) {
    // a Map keeps insertion order: moved to the end, it is the last to be dropped
    cache.delete(key)
    cache.set(key, hit)
    return hit
  }
  const outcome = evaluate()
  cache.set(key, outcome)
  if (cache.size > CAPACITY) cache.delete(cache.keys().next().value!)
  return outcome
}
