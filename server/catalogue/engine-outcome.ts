import type { Counted, Sorting } from '../../src/contract/catalogue'
import type { ParamFacet } from '../../src/contract/filter-answer'
import type { FilterPlan } from './filter'
import type { CatalogueSnapshot } from './snapshot'

/** What the filter finds: the matching products' total and page, and each facet under the filter without its own part. */
export interface FilterOutcome {
  count: number
  /** positions of the page's products, in order */
  page: number[]
  brands: Counted[]
  tags: Counted[]
  params: ParamFacet[]
  /** products per category (its own, not its descendants') */
  categoryCounts: Map<number, number>
  /** the range of the plan's price basis (the base price, or the recommended one); undefined when nothing matches */
  basePrices?: { min: number; max: number }
}

/** What a pass counted: by the snapshot's dense indexes. */
export interface Counts {
  count: number
  matched: Uint8Array
  brandCounts: Int32Array
  tagCounts: Int32Array
  categoryCounts: Int32Array
  paramMin: Float64Array
  paramMax: Float64Array
  basePrices: FilterOutcome['basePrices']
}

export interface PageWanted {
  sorting: Sorting | undefined
  page: number
  perpage: number
  /** the chosen brands and tags, which stay in their facets with 0 */
  ofBrand?: Uint8Array
  tagged?: Uint8Array
}

export function outcomeOf(s: CatalogueSnapshot, counts: Counts, { sorting, page, perpage, ofBrand, tagged }: PageWanted): FilterOutcome {
  const { brandCounts, tagCounts, categoryCounts, paramMin, paramMax } = counts
  return {
    count: counts.count,
    page: pageOf(s, sorting, counts, page, perpage),
    // the brand list is in the facet's order already; a chosen brand stays with 0, so it can be unchosen
    brands: s.brandList.flatMap((brand, at) => (brandCounts[at]! > 0 || ofBrand?.[at] ? [{ ...brand, count: brandCounts[at]! }] : [])),
    tags: s.tags.flatMap((tag, at) => (tagCounts[at]! > 0 || tagged?.[at] ? [{ ...tag, count: tagCounts[at]! }] : [])),
    params: s.params.flatMap((param, at) => (paramMin[at]! <= paramMax[at]! ? [{ ...param, maxmin: { minp: paramMin[at]!, maxp: paramMax[at]! } }] : [])),
    categoryCounts: new Map([...categoryCounts].flatMap((n, at) => (n > 0 ? [[s.categoryIds[at]!, n] as const] : []))),
    basePrices: counts.basePrices,
  }
}

/** The lowest and highest price (of the basis) among the matched products: from the price's sorted order when the copy has it. */
export function priceRange(s: CatalogueSnapshot, matched: Uint8Array, basis: Float64Array, basisName: FilterPlan['priceBasis']): FilterOutcome['basePrices'] {
  const order = s.sortedBy(basisName, 'asc')
  if (order) {
    let low = 0
    while (low < order.length && !matched[order[low]!]) low += 1
    if (low === order.length) return undefined
    let high = order.length - 1
    while (!matched[order[high]!]) high -= 1
    return { min: basis[order[low]!]!, max: basis[order[high]!]! }
  }
  let min = Infinity
  let max = -Infinity
  for (let i = 0; i < matched.length; i += 1) {
    if (!matched[i]) continue
    const price = basis[i]!
    if (price < min) min = price
    if (price > max) max = price
  }
  return min <= max ? { min, max } : undefined
}

/** The page's positions: from the sorted order when the copy has it yet, else by selection. */
function pageOf(
  s: CatalogueSnapshot,
  sorting: Sorting | undefined,
  { matched, count }: Pick<Counts, 'matched' | 'count'>,
  page: number,
  perpage: number,
): number[] {
  // a page past the last one (or no product matched) is empty: no need to look
  if ((page - 1) * perpage >= count) return []
  const [name, direction] = sorting ? [sorting.field, sorting.sort] : (['catalogue', 'asc'] as const)
  const order = s.sortedBy(name, direction)
  const skip = (page - 1) * perpage
  // the last page takes what is left: the walk ends at the last matched product, not at the order's end
  return order ? pageFromOrder(order, matched, skip, Math.min(perpage, count - skip)) : selectPage(s.compare(name, direction), matched, page, perpage)
}

/** `take` matched positions in the order after the first `skip`. */
function pageFromOrder(order: Int32Array, matched: Uint8Array, skip: number, take: number): number[] {
  const positions: number[] = []
  for (let k = 0; k < order.length && positions.length < take; k += 1) {
    const at = order[k]!
    if (!matched[at]) continue
    if (skip > 0) skip -= 1
    else positions.push(at)
  }
  return positions
}

/**
 * The first page × perpage matching positions by `compare`, without a sorted order: a max-heap
 * of that many holds the best so far, the worst on top, so most products cost one comparison.
 */
function selectPage(compare: (a: number, b: number) => number, matched: Uint8Array, page: number, perpage: number): number[] {
  const keep = page * perpage
  const heap: number[] = []
  const siftDown = (from: number) => {
    for (let at = from; ;) {
      const left = 2 * at + 1
      const right = left + 1
      let worst = at
      if (left < heap.length && compare(heap[left]!, heap[worst]!) > 0) worst = left
      if (right < heap.length && compare(heap[right]!, heap[worst]!) > 0) worst = right
      if (worst === at) return
      ;[heap[at], heap[worst]] = [heap[worst]!, heap[at]!]
      at = worst
    }
  }
  for (let i = 0; i < matched.length; i += 1) {
    if (!matched[i]) continue
    if (heap.length < keep) {
      heap.push(i)
      for (let at = heap.length - 1; at > 0;) {
        const parent = (at - 1) >> 1
        if (compare(heap[at]!, heap[parent]!) <= 0) break
        ;[heap[at], heap[parent]] = [heap[parent]!, heap[at]!]
        at = parent
      }
    } else if (keep > 0 && compare(i, heap[0]!) < 0) {
      heap[0] = i
      siftDown(0)
    }
  }
  return heap.sort(compare).slice((page - 1) * perpage)
}
