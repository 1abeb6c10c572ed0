import type { FilterResponse } from '../contract/filter-answer'

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype

/**
 * `next` with every part that equals the same part of `previous` replaced by the previous one
 * (structural sharing, as TanStack Query does with its answers). Plain JSON only.
 */
export function shareUnchanged<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next
  const arrays = Array.isArray(previous) && Array.isArray(next)
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next
  const before = previous as Record<string, unknown>
  const after = next as Record<string, unknown>
  const keys = Object.keys(after)
  const shared: Record<string, unknown> = arrays ? (new Array(keys.length) as never) : {}
  let unchanged = Object.keys(before).length === keys.length
  for (const key of keys) {
    shared[key] = shareUnchanged(before[key], after[key])
    if (shared[key] !== before[key] || !(key in before)) unchanged = false
  }
  return (unchanged ? previous : shared) as T
}

/**
 * A new /api/filter/ answer that keeps the previous answer's objects wherever they did not
 * change: products matched by id (a product moves between rows when the filter changes), the
 * facets in place. Memoised rows and filter groups then re-render only what the answer changed.
 */
export function sharedAnswer(previous: FilterResponse | null, next: FilterResponse): FilterResponse {
  if (previous === null) return next
  const { products: previousProducts, ...previousFacets } = previous
  const { products: nextProducts, ...nextFacets } = next
  const facets = shareUnchanged(previousFacets, nextFacets)
  const byId = new Map(previousProducts.map((product) => [product.id, product]))
  const products = nextProducts.map((product) => shareUnchanged(byId.get(product.id), product))
  const sameProducts = products.length === previousProducts.length && products.every((product, index) => product === previousProducts[index])
  if (facets === previousFacets && sameProducts) return previous
  return { ...facets, products: sameProducts ? previousProducts : products }
}
