import type { Counted, ParamFacet, Sorting } from '../../src/contract/catalogue'
import type { CategoryTotals } from './category-totals'
import { contractPrice, shownPriceOfBasis } from './contract'
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

// a product's failed parts of the filter, as bits
const CATALOG = 1
const BRAND = 2
const PRICE = 4
const PARAMS = 8
const TAGS = 16

/** Flags by dense index for the ids that have one (an unknown id matches no product). */
function flagsOf(ids: readonly number[], index: ReadonlyMap<number, number>, size: number): Uint8Array {
  const flags = new Uint8Array(size)
  for (const id of ids) {
    const at = index.get(id)
    if (at !== undefined) flags[at] = 1
  }
  return flags
}

/**
 * One pass over the catalogue: each product gets the bits of the filter parts it fails. With none
 * it matches; with one bit it still counts in that part's facet (a brand's count is what choosing
 * it would add), as facets are taken without their own part. The keyword and the availability
 * are not facets: failing them leaves a product out of everything. Counts go into typed arrays
 * by the snapshot's dense indexes.
 *
 * `sorting` absent is sorting "none" (spec §4): the catalogue's own order, not the name's.
 */
export function evaluate(
  s: CatalogueSnapshot,
  plan: FilterPlan,
  sorting: Sorting | undefined,
  page: number,
  perpage: number,
  available?: Uint8Array,
): FilterOutcome {
  const inCatalogue = plan.categoryIds && flagsOf(plan.categoryIds, s.categoryIndex, s.categoryIds.length)
  const ofBrand = plan.brandIds.length > 0 ? flagsOf(plan.brandIds, s.brandIndex, s.brandList.length) : undefined
  const tagged = plan.tagIds.length > 0 ? flagsOf(plan.tagIds, s.tagIndex, s.tags.length) : undefined
  // a param the catalogue does not know is on no product: -1 never matches
  const paramFilters = plan.params.map((param) => ({ at: s.paramIndex.get(param.id) ?? -1, min: param.minp ?? -Infinity, max: param.maxp ?? Infinity }))
  const withKeyword = plan.keyword === '' ? undefined : s.containing(plan.keyword)
  // the dealer's bounds are on the price as the list shows it (contract price rounded to kopecks,
  // then the login's price policy), so each product's is computed the same way: bounds moved
  // back to base prices miss the boundary
  const bounds = plan.contractPrice
  const minPrice = bounds?.min ?? -Infinity
  const maxPrice = bounds?.max ?? Infinity
  const basis = plan.priceBasis === 'price_rrc' ? s.priceRrc : s.price
  const factor = bounds?.factor ?? 1
  const totals = s.totals()
  if (totals && !available && !withKeyword && !ofBrand && !tagged && paramFilters.length === 0 && !bounds)
    return byCatalogueAlone(s, totals, inCatalogue, basis, plan.priceBasis, { sorting, page, perpage })
  // the contract price (every main account's) without the policy's step: the loop's common case stays plain arithmetic
  const plainContract = bounds?.policy.type === 'contract'
  const matched = new Uint8Array(s.size)
  const brandCounts = new Int32Array(s.brandList.length)
  const tagCounts = new Int32Array(s.tags.length)
  const categoryCounts = new Int32Array(s.categoryIds.length)
  const paramMin = new Float64Array(s.params.length).fill(Infinity)
  const paramMax = new Float64Array(s.params.length).fill(-Infinity)
  const { paramStart, paramAt, paramValue, tagStart, tagAt, categoryAt, brandAt } = s
  let count = 0
  let minBase = Infinity
  let maxBase = -Infinity

  for (let i = 0; i < s.size; i += 1) {
    if (available && !available[i]) continue
    if (withKeyword && !withKeyword[i]) continue
    let failed = 0
    if (inCatalogue && !inCatalogue[categoryAt[i]!]) failed |= CATALOG
    if (ofBrand && !ofBrand[brandAt[i]!]) failed |= BRAND
    const price = basis[i]!
    if (bounds) {
      const shown = plainContract ? contractPrice(price, factor) : shownPriceOfBasis(bounds, price)
      if (shown < minPrice || shown > maxPrice) failed |= PRICE
    }
    // failing two parts, a product counts in no facet: its params and tags are not looked at
    if ((failed & (failed - 1)) !== 0) continue
    const paramsFrom = paramStart[i]!
    const paramsTo = paramStart[i + 1]!
    for (const param of paramFilters) {
      let value: number | undefined
      for (let j = paramsFrom; j < paramsTo; j += 1) if (paramAt[j] === param.at) value = paramValue[j]
      if (value === undefined || value < param.min || value > param.max) failed |= PARAMS
    }
    if ((failed & (failed - 1)) !== 0) continue
    const tagsFrom = tagStart[i]!
    const tagsTo = tagStart[i + 1]!
    if (tagged) {
      let any = false
      for (let j = tagsFrom; j < tagsTo && !any; j += 1) any = tagged[tagAt[j]!] === 1
      if (!any) failed |= TAGS
    }

    if (failed === 0) {
      matched[i] = 1
      count += 1
    }
    if ((failed & ~BRAND) === 0) brandCounts[brandAt[i]!]! += 1
    if ((failed & ~CATALOG) === 0) categoryCounts[categoryAt[i]!]! += 1
    if ((failed & ~PRICE) === 0) {
      if (price < minBase) minBase = price
      if (price > maxBase) maxBase = price
    }
    if ((failed & ~TAGS) === 0) for (let j = tagsFrom; j < tagsTo; j += 1) tagCounts[tagAt[j]!]! += 1
    if ((failed & ~PARAMS) === 0) {
      for (let j = paramsFrom; j < paramsTo; j += 1) {
        const at = paramAt[j]!
        const value = paramValue[j]!
        if (value < paramMin[at]!) paramMin[at] = value
        if (value > paramMax[at]!) paramMax[at] = value
      }
    }
  }

  return outcomeOf(
    s,
    {
      count,
      matched,
      brandCounts,
      tagCounts,
      categoryCounts,
      paramMin,
      paramMax,
      basePrices: minBase <= maxBase ? { min: minBase, max: maxBase } : undefined,
    },
    { sorting, page, perpage, ofBrand, tagged },
  )
}

/** What a pass counted: by the snapshot's dense indexes. */
interface Counts {
  count: number
  matched: Uint8Array
  brandCounts: Int32Array
  tagCounts: Int32Array
  categoryCounts: Int32Array
  paramMin: Float64Array
  paramMax: Float64Array
  basePrices: FilterOutcome['basePrices']
}

interface PageWanted {
  sorting: Sorting | undefined
  page: number
  perpage: number
  /** the chosen brands and tags, which stay in their facets with 0 */
  ofBrand?: Uint8Array
  tagged?: Uint8Array
}

function outcomeOf(s: CatalogueSnapshot, counts: Counts, { sorting, page, perpage, ofBrand, tagged }: PageWanted): FilterOutcome {
  const { brandCounts, tagCounts, categoryCounts, paramMin, paramMax } = counts
  return {
    count: counts.count,
    page: pageOf(s, sorting, counts.matched, page, perpage),
    // the brand list is in the facet's order already; a chosen brand stays with 0, so it can be unchosen
    brands: s.brandList.flatMap((brand, at) => (brandCounts[at]! > 0 || ofBrand?.[at] ? [{ ...brand, count: brandCounts[at]! }] : [])),
    tags: s.tags.flatMap((tag, at) => (tagCounts[at]! > 0 || tagged?.[at] ? [{ ...tag, count: tagCounts[at]! }] : [])),
    params: s.params.flatMap((param, at) => (paramMin[at]! <= paramMax[at]! ? [{ ...param, maxmin: { minp: paramMin[at]!, maxp: paramMax[at]! } }] : [])),
    categoryCounts: new Map([...categoryCounts].flatMap((n, at) => (n > 0 ? [[s.categoryIds[at]!, n] as const] : []))),
    basePrices: counts.basePrices,
  }
}

/**
 * A filter by catalogue alone (or none): the count and facets summed from the copy's totals per
 * category, the price range read off the ends of the price's sorted order (the first product in
 * it that is in the catalogue), and only the page's positions looked for product by product.
 * The same outcome as the pass, in a fraction of its time.
 */
function byCatalogueAlone(
  s: CatalogueSnapshot,
  totals: CategoryTotals,
  inCatalogue: Uint8Array | null,
  basis: Float64Array,
  basisName: FilterPlan['priceBasis'],
  wanted: PageWanted,
): FilterOutcome {
  const categories = s.categoryIds.length
  const [brands, tags, params] = [s.brandList.length, s.tags.length, s.params.length]
  const brandCounts = new Int32Array(brands)
  const tagCounts = new Int32Array(tags)
  const paramMin = new Float64Array(params).fill(Infinity)
  const paramMax = new Float64Array(params).fill(-Infinity)
  let count = 0
  for (let c = 0; c < categories; c += 1) {
    const n = totals.products[c]!
    if (n === 0 || (inCatalogue && !inCatalogue[c])) continue
    count += n
    for (let k = 0; k < brands; k += 1) brandCounts[k]! += totals.brands[c * brands + k]!
    for (let k = 0; k < tags; k += 1) tagCounts[k]! += totals.tags[c * tags + k]!
    for (let k = 0; k < params; k += 1) {
      if (totals.paramMin[c * params + k]! < paramMin[k]!) paramMin[k] = totals.paramMin[c * params + k]!
      if (totals.paramMax[c * params + k]! > paramMax[k]!) paramMax[k] = totals.paramMax[c * params + k]!
    }
  }
  const { categoryAt } = s
  const matched = new Uint8Array(s.size)
  if (inCatalogue) for (let i = 0; i < s.size; i += 1) matched[i] = inCatalogue[categoryAt[i]!]!
  else matched.fill(1)
  return outcomeOf(
    s,
    { count, matched, brandCounts, tagCounts, categoryCounts: totals.products, paramMin, paramMax, basePrices: priceRange(s, matched, basis, basisName) },
    wanted,
  )
}

/** The lowest and highest price (of the basis) among the matched products: from the price's sorted order when the copy has it. */
function priceRange(s: CatalogueSnapshot, matched: Uint8Array, basis: Float64Array, basisName: FilterPlan['priceBasis']): FilterOutcome['basePrices'] {
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
function pageOf(s: CatalogueSnapshot, sorting: Sorting | undefined, matched: Uint8Array, page: number, perpage: number): number[] {
  const [name, direction] = sorting ? [sorting.field, sorting.sort] : (['catalogue', 'asc'] as const)
  const order = s.sortedBy(name, direction)
  return order ? pageFromOrder(order, matched, page, perpage) : selectPage(s.compare(name, direction), matched, page, perpage)
}

function pageFromOrder(order: Int32Array, matched: Uint8Array, page: number, perpage: number): number[] {
  const positions: number[] = []
  let skip = (page - 1) * perpage
  for (let k = 0; k < order.length && positions.length < perpage; k += 1) {
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
