import type { Pacer } from './pacing'

/**
 * Per category (by dense index): its products, their count per brand and per tag, and each
 * param's range over them. A filter by catalogue alone (no brand, price, param, tag, keyword or
 * availability) has its count and facets as sums of these over the chosen categories: a few
 * thousand additions instead of a pass over every product (spec §4's default catalogue page,
 * "all catalogues", any sorting or page of them). Built once per copy, in slices, and shared by a
 * copy patched in place while its categories, brands, params and tags stay.
 */
export interface CategoryTotals {
  products: Int32Array
  /** [category × brands + brand] */
  brands: Int32Array
  /** [category × tags + tag] */
  tags: Int32Array
  /** [category × params + param]; +Infinity / -Infinity when no product of the category has it */
  paramMin: Float64Array
  paramMax: Float64Array
}

/** The columns the totals are counted from, and how many categories, brands, tags and params there are. */
interface TotalsSource {
  categoryAt: Int32Array
  brandAt: Int32Array
  paramStart: Int32Array
  paramAt: Int32Array
  paramValue: Float64Array
  tagStart: Int32Array
  tagAt: Int32Array
  categories: number
  brands: number
  tags: number
  params: number
}

const CHECK_EVERY = 4096

/** The totals in one pass over the products, giving the thread back between slices. */
export async function countByCategory(source: TotalsSource, pacer: Pacer): Promise<CategoryTotals> {
  const { categoryAt, brandAt, paramStart, paramAt, paramValue, tagStart, tagAt, brands: b, tags: t, params: p } = source
  const totals: CategoryTotals = {
    products: new Int32Array(source.categories),
    brands: new Int32Array(source.categories * b),
    tags: new Int32Array(source.categories * t),
    paramMin: new Float64Array(source.categories * p).fill(Infinity),
    paramMax: new Float64Array(source.categories * p).fill(-Infinity),
  }
  const { products, brands, tags, paramMin, paramMax } = totals
  const size = categoryAt.length
  for (let from = 0; from < size; from += CHECK_EVERY) {
    const to = Math.min(from + CHECK_EVERY, size)
    for (let i = from; i < to; i += 1) {
      const c = categoryAt[i]!
      products[c]! += 1
      brands[c * b + brandAt[i]!]! += 1
      for (let j = tagStart[i]!; j < tagStart[i + 1]!; j += 1) tags[c * t + tagAt[j]!]! += 1
      for (let j = paramStart[i]!; j < paramStart[i + 1]!; j += 1) {
        const at = c * p + paramAt[j]!
        const value = paramValue[j]!
        if (value < paramMin[at]!) paramMin[at] = value
        if (value > paramMax[at]!) paramMax[at] = value
      }
    }
    if (pacer.due()) await pacer.rest()
  }
  return totals
}

/** Old dense index → new one (or -1, gone) for each small table whose order changed; undefined when it kept its order. */
export interface TotalsRemap {
  categories?: Int32Array
  brands?: Int32Array
  tags?: Int32Array
  params?: Int32Array
  sizes: Pick<TotalsSource, 'categories' | 'brands' | 'tags' | 'params'>
}

/** An old dense index's new one under the table's renumbering (the same when it kept its order). */
const renumbered = (table: Int32Array | undefined, at: number) => (table ? table[at]! : at)

/** Moves a category's row of counts (by brand or tag) to its new row and columns; false when a counted column is gone. */
function moveCounts(
  from: Int32Array,
  into: Int32Array,
  rows: { old: number; next: number },
  widths: { old: number; next: number },
  columns: Int32Array | undefined,
): boolean {
  for (let k = 0; k < widths.old; k += 1) {
    const n = from[rows.old * widths.old + k]!
    if (n === 0) continue
    const nk = renumbered(columns, k)
    if (nk < 0) return false
    into[rows.next * widths.next + nk] = n
  }
  return true
}

/**
 * The totals under renumbered small tables (a rename moves a brand in the facet's order; a new
 * brand or category has no products yet). Undefined when a gone entry still had products: the
 * copy is then read anew anyway.
 */
export function remapTotals(
  totals: CategoryTotals,
  old: Pick<TotalsSource, 'categories' | 'brands' | 'tags' | 'params'>,
  remap: TotalsRemap,
): CategoryTotals | undefined {
  const { sizes } = remap
  const result: CategoryTotals = {
    products: new Int32Array(sizes.categories),
    brands: new Int32Array(sizes.categories * sizes.brands),
    tags: new Int32Array(sizes.categories * sizes.tags),
    paramMin: new Float64Array(sizes.categories * sizes.params).fill(Infinity),
    paramMax: new Float64Array(sizes.categories * sizes.params).fill(-Infinity),
  }
  for (let c = 0; c < old.categories; c += 1) {
    const nc = renumbered(remap.categories, c)
    if (totals.products[c] === 0) continue
    if (nc < 0) return undefined
    result.products[nc] = totals.products[c]!
    const rows = { old: c, next: nc }
    if (!moveCounts(totals.brands, result.brands, rows, { old: old.brands, next: sizes.brands }, remap.brands)) return undefined
    if (!moveCounts(totals.tags, result.tags, rows, { old: old.tags, next: sizes.tags }, remap.tags)) return undefined
    for (let k = 0; k < old.params; k += 1) {
      const min = totals.paramMin[c * old.params + k]!
      if (min === Infinity) continue
      const nk = renumbered(remap.params, k)
      if (nk < 0) return undefined
      result.paramMin[nc * sizes.params + nk] = min
      result.paramMax[nc * sizes.params + nk] = totals.paramMax[c * old.params + k]!
    }
  }
  return result
}
