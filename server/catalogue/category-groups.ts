import { countByCategoryAmong, type CategoryTotals } from './category-totals'
import { reorderedFrom } from './reordered-orders'
import type { CatalogueSnapshot } from './snapshot'

/**
 * Positions grouped by a key: group k is `positions[start[k] .. start[k + 1])`, in the order the
 * items came (ascending position, or the order they were taken in). Keys pair a category with a
 * brand, a tag or a param (category × count + other), so a filter by one of them reads exactly the
 * products it keeps, category by category, instead of passing over the whole catalogue.
 */
export interface Groups {
  start: Int32Array
  positions: Int32Array
}

/** Param rows grouped by category × params + param: the products and, beside them, their values. */
export interface ValueGroups extends Groups {
  values: Float64Array
}

/** `count` items grouped by key in one counting sort, stable: item r has key keyOf(r) and stands for position positionOf(r). */
function grouped(keys: number, count: number, keyOf: (r: number) => number, positionOf: (r: number) => number): Groups & { slotOf: Int32Array } {
  const start = new Int32Array(keys + 1)
  for (let r = 0; r < count; r += 1) start[keyOf(r) + 1]! += 1
  for (let k = 0; k < keys; k += 1) start[k + 1]! += start[k]!
  const next = start.slice(0, keys)
  const positions = new Int32Array(count)
  const slotOf = new Int32Array(count)
  for (let r = 0; r < count; r += 1) {
    const slot = next[keyOf(r)]!++
    positions[slot] = positionOf(r)
    slotOf[r] = slot
  }
  return { start, positions, slotOf }
}

/** The product each row of a per-product list belongs to (rows of product i are [start[i], start[i + 1])). */
function ownersOf(start: Int32Array, rows: number): Int32Array {
  const owner = new Int32Array(rows)
  for (let i = 0; i + 1 < start.length; i += 1) owner.fill(i, start[i]!, start[i + 1]!)
  return owner
}

/**
 * Built once per column they are read from, on the first filter that needs them: a patched copy
 * has a new array for each column it changes (written into a spare buffer that only spoiled copies
 * read, see recycled-columns.ts), so a copy that shares an array shares the groups too (a price
 * change keeps the brand groups).
 */
const built = new WeakMap<object, { from: readonly unknown[]; value: unknown }>()

/** What was built for `key` from `from`, if anything. */
function recalled<T>(key: object, from: readonly unknown[]): T | undefined {
  const known = built.get(key)
  return known && known.from.length === from.length && known.from.every((value, k) => value === from[k]) ? (known.value as T) : undefined
}

function remembered<T>(key: object, from: readonly unknown[], build: () => T): T {
  const known = recalled<T>(key, from)
  if (known) return known
  const value = build()
  built.set(key, { from, value })
  return value
}

/** Products by category × brands + brand. */
export function brandGroups(s: CatalogueSnapshot): Groups {
  const { categoryAt, brandAt } = s
  const brands = s.brandList.length
  const categories = s.categoryIds.length
  return remembered(brandAt, [categoryAt, brands, categories], () =>
    grouped(
      categories * brands,
      s.size,
      (i) => categoryAt[i]! * brands + brandAt[i]!,
      (i) => i,
    ),
  )
}

/** Products by category × tags + tag (a product with two tags is in two groups). */
export function tagGroups(s: CatalogueSnapshot): Groups {
  const { categoryAt, tagAt, tagStart } = s
  const tags = s.tags.length
  const categories = s.categoryIds.length
  return remembered(tagAt, [categoryAt, tagStart, tags, categories], () => {
    const owner = ownersOf(tagStart, tagAt.length)
    return grouped(
      categories * tags,
      tagAt.length,
      (r) => categoryAt[owner[r]!]! * tags + tagAt[r]!,
      (r) => owner[r]!,
    )
  })
}

/** Products by category × params + param, each with its value. */
export function paramGroups(s: CatalogueSnapshot): ValueGroups {
  const { categoryAt, paramAt, paramStart, paramValue } = s
  const params = s.params.length
  const categories = s.categoryIds.length
  return remembered(paramValue, [categoryAt, paramAt, paramStart, params, categories], () => {
    const owner = ownersOf(paramStart, paramAt.length)
    const { start, positions, slotOf } = grouped(
      categories * params,
      paramAt.length,
      (r) => categoryAt[owner[r]!]! * params + paramAt[r]!,
      (r) => owner[r]!,
    )
    const values = new Float64Array(paramAt.length)
    for (let r = 0; r < paramAt.length; r += 1) values[slotOf[r]!] = paramValue[r]!
    return { start, positions, values }
  })
}

/** Products by category, each category's in the ascending order of the price basis; undefined until that order is sorted. */
export function priceGroups(s: CatalogueSnapshot, basis: 'price' | 'price_rrc'): Groups | undefined {
  const order = s.sortedBy(basis, 'asc')
  if (!order) return undefined
  const { categoryAt } = s
  const categories = s.categoryIds.length
  return remembered(order, [categoryAt, categories], () => {
    // a patch that moved a few prices: their products moved within their categories (which stay, as categoryAt does)
    const step = reorderedFrom(order)
    const before = step && recalled<Groups>(step.from, [categoryAt, categories])
    return (
      (before && movedWithinGroups(before, step.moved, categoryAt, s.compare(basis, 'asc'))) ||
      grouped(
        categories,
        order.length,
        (k) => categoryAt[order[k]!]!,
        (k) => order[k]!,
      )
    )
  })
}

/**
 * The price groups with the `moved` products taken out of their category's group (found by
 * position: the values they were sorted by may be written over by now) and put back where
 * `compare` puts them; undefined when one is not found.
 */
function movedWithinGroups(before: Groups, moved: readonly number[], categoryAt: Int32Array, compare: (a: number, b: number) => number): Groups | undefined {
  const { start } = before
  const positions = before.positions.slice()
  // each group's end while the moved products are out of it
  const end = new Map<number, number>()
  for (const position of moved) {
    const c = categoryAt[position]!
    const [from, to] = [start[c]!, end.get(c) ?? start[c + 1]!]
    const at = positions.subarray(from, to).indexOf(position)
    if (at < 0) return undefined
    positions.copyWithin(from + at, from + at + 1, to)
    end.set(c, to - 1)
  }
  for (const position of moved) {
    const c = categoryAt[position]!
    const to = end.get(c)!
    let [low, high] = [start[c]!, to]
    while (low < high) {
      const middle = (low + high) >> 1
      if (compare(positions[middle]!, position) < 0) low = middle + 1
      else high = middle
    }
    positions.copyWithin(low + 1, low, to)
    positions[low] = position
    end.set(c, to + 1)
  }
  return { start, positions }
}

/**
 * The totals per category of the products `among` holds (the available ones at a warehouse): one
 * pass the first time, then kept as long as that availability is (one per copy and stock version).
 */
export function totalsAmong(s: CatalogueSnapshot, among: Uint8Array): CategoryTotals {
  const sizes = { categories: s.categoryIds.length, brands: s.brandList.length, tags: s.tags.length, params: s.params.length }
  return remembered(among, [s.categoryAt, s.brandAt, s.tagAt, s.paramValue], () => countByCategoryAmong({ ...s, ...sizes }, among))
}
