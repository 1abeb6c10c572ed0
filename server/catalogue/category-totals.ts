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
export interface TotalsSource {
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

/** Empty totals for that many categories, brands, tags and params. */
function emptyTotals({ categories, brands, tags, params }: Pick<TotalsSource, 'categories' | 'brands' | 'tags' | 'params'>): CategoryTotals {
  return {
    products: new Int32Array(categories),
    brands: new Int32Array(categories * brands),
    tags: new Int32Array(categories * tags),
    paramMin: new Float64Array(categories * params).fill(Infinity),
    paramMax: new Float64Array(categories * params).fill(-Infinity),
  }
}

/** Products [from, to) counted into the totals, those `among` holds only when given. */
function countSlice(source: TotalsSource, totals: CategoryTotals, from: number, to: number, among?: Uint8Array) {
  const { categoryAt, brandAt, paramStart, paramAt, paramValue, tagStart, tagAt, brands: b, tags: t, params: p } = source
  const { products, brands, tags, paramMin, paramMax } = totals
  for (let i = from; i < to; i += 1) {
    if (among && !among[i]) continue
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
}

/** The totals in one pass over the products, giving the thread back between slices. */
export async function countByCategory(source: TotalsSource, pacer: Pacer): Promise<CategoryTotals> {
  const totals = emptyTotals(source)
  const size = source.categoryAt.length
  for (let from = 0; from < size; from += CHECK_EVERY) {
    countSlice(source, totals, from, Math.min(from + CHECK_EVERY, size))
    if (pacer.due()) await pacer.rest()
  }
  return totals
}

/** The totals of the products `among` holds (the available ones), in one pass. */
export function countByCategoryAmong(source: TotalsSource, among: Uint8Array): CategoryTotals {
  const totals = emptyTotals(source)
  countSlice(source, totals, 0, source.categoryAt.length, among)
  return totals
}

/** The count and facets of the chosen categories (every one when null), summed from their totals. */
export interface CatalogueSums {
  count: number
  brandCounts: Int32Array
  tagCounts: Int32Array
  paramMin: Float64Array
  paramMax: Float64Array
}

export function sumOverCategories(
  totals: CategoryTotals,
  chosen: Uint8Array | null,
  { categories, brands, tags, params }: Pick<TotalsSource, 'categories' | 'brands' | 'tags' | 'params'>,
): CatalogueSums {
  const sums: CatalogueSums = {
    count: 0,
    brandCounts: new Int32Array(brands),
    tagCounts: new Int32Array(tags),
    paramMin: new Float64Array(params).fill(Infinity),
    paramMax: new Float64Array(params).fill(-Infinity),
  }
  const { brandCounts, tagCounts, paramMin, paramMax } = sums
  for (let c = 0; c < categories; c += 1) {
    const n = totals.products[c]!
    if (n === 0 || (chosen && !chosen[c])) continue
    sums.count += n
    for (let k = 0; k < brands; k += 1) brandCounts[k]! += totals.brands[c * brands + k]!
    for (let k = 0; k < tags; k += 1) tagCounts[k]! += totals.tags[c * tags + k]!
    for (let k = 0; k < params; k += 1) {
      if (totals.paramMin[c * params + k]! < paramMin[k]!) paramMin[k] = totals.paramMin[c * params + k]!
      if (totals.paramMax[c * params + k]! > paramMax[k]!) paramMax[k] = totals.paramMax[c * params + k]!
    }
  }
  return sums
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
  const result = emptyTotals(sizes)
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
