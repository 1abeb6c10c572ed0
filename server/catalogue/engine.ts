import type { Counted, ParamFacet, Sorting } from '../../src/contract/catalogue'
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
  /** the base-price range; undefined when nothing matches */
  basePrices?: { min: number; max: number }
}

// a product's failed parts of the filter, as bits
const CATALOG = 1
const BRAND = 2
const PRICE = 4
const PARAMS = 8
const TAGS = 16

/** A chosen brand or tag stays among the facets with 0 when nothing matches it, so it can be unchosen. */
const withChosen = (counts: Map<number, number>, chosen: readonly number[]) => {
  for (const id of chosen) if (!counts.has(id)) counts.set(id, 0)
  return counts
}

/** Flags by id for ids of the snapshot's own small tables (the category tree). */
const flagsOf = (ids: readonly number[]) => {
  const flags = new Uint8Array(Math.max(0, ...ids) + 1)
  for (const id of ids) flags[id] = 1
  return flags
}

/**
 * One pass over the catalogue: each product gets the bits of the filter parts it fails. With none
 * it matches; with one bit it still counts in that part's facet (a brand's count is what choosing
 * it would add), as facets are taken without their own part. The keyword and the availability
 * are not facets: failing them leaves a product out of everything.
 */
/** `sorting` absent is sorting "none" (spec §4): the catalogue's own order, not the name's. */
export function evaluate(s: CatalogueSnapshot, plan: FilterPlan, sorting: Sorting | undefined, page: number, perpage: number, available?: Uint8Array): FilterOutcome {
  const inCatalogue = plan.categoryIds && flagsOf(plan.categoryIds)
  // brand and tag ids come from the request as they are, so sets rather than arrays sized by them
  const ofBrand = plan.brandIds.length > 0 ? new Set(plan.brandIds) : undefined
  const tagged = plan.tagIds.length > 0 ? new Set(plan.tagIds) : undefined
  const withKeyword = plan.keyword === '' ? undefined : s.containing(plan.keyword)
  const minPrice = plan.basePrice?.min ?? -Infinity
  const maxPrice = plan.basePrice?.max ?? Infinity
  const matched = new Uint8Array(s.size)
  const brandCounts = new Map<number, number>()
  const tagCounts = new Map<number, number>()
  const categoryCounts = new Map<number, number>()
  const ranges = new Map<number, { minp: number; maxp: number }>()
  const add = (counts: Map<number, number>, key: number) => counts.set(key, (counts.get(key) ?? 0) + 1)
  let count = 0
  let basePrices: FilterOutcome['basePrices']

  for (let i = 0; i < s.size; i += 1) {
    if (available && !available[i]) continue
    if (withKeyword && !withKeyword[i]) continue
    let failed = 0
    if (inCatalogue && !inCatalogue[s.category[i]!]) failed |= CATALOG
    if (ofBrand && !ofBrand.has(s.brand[i]!)) failed |= BRAND
    const price = s.price[i]!
    if (price < minPrice || price >= maxPrice) failed |= PRICE
    const paramsFrom = s.paramStart[i]!
    const paramsTo = s.paramStart[i + 1]!
    for (const param of plan.params) {
      let value: number | undefined
      for (let j = paramsFrom; j < paramsTo; j += 1) if (s.paramId[j] === param.id) value = s.paramValue[j]
      if (value === undefined || (param.minp !== null && value < param.minp) || (param.maxp !== null && value > param.maxp)) failed |= PARAMS
    }
    if (tagged) {
      let any = false
      for (let j = s.tagStart[i]!; j < s.tagStart[i + 1]!; j += 1) any ||= tagged.has(s.tagId[j]!)
      if (!any) failed |= TAGS
    }

    if (failed === 0) {
      matched[i] = 1
      count += 1
    }
    if ((failed & ~BRAND) === 0) add(brandCounts, s.brand[i]!)
    if ((failed & ~CATALOG) === 0) add(categoryCounts, s.category[i]!)
    if ((failed & ~PRICE) === 0) basePrices = { min: Math.min(basePrices?.min ?? price, price), max: Math.max(basePrices?.max ?? price, price) }
    if ((failed & ~TAGS) === 0) for (let j = s.tagStart[i]!; j < s.tagStart[i + 1]!; j += 1) add(tagCounts, s.tagId[j]!)
    if ((failed & ~PARAMS) === 0) {
      for (let j = paramsFrom; j < paramsTo; j += 1) {
        const value = s.paramValue[j]!
        const range = ranges.get(s.paramId[j]!)
        if (range) {
          range.minp = Math.min(range.minp, value)
          range.maxp = Math.max(range.maxp, value)
        } else ranges.set(s.paramId[j]!, { minp: value, maxp: value })
      }
    }
  }

  return {
    count,
    page: pageOf(sorting ? s.order(sorting.field, sorting.sort) : s.catalogueOrder, matched, page, perpage),
    brands: [...withChosen(brandCounts, plan.brandIds.filter((id) => s.brands.has(id)))]
      .map(([id, n]) => ({ id, header: s.brands.get(id) ?? '', count: n }))
      .sort((a, b) => a.header.localeCompare(b.header, 'ru') || a.id - b.id),
    tags: s.tags.flatMap((tag) => (tagCounts.has(tag.id) || tagged?.has(tag.id) ? [{ ...tag, count: tagCounts.get(tag.id) ?? 0 }] : [])),
    params: s.params.flatMap((param) => {
      const range = ranges.get(param.id)
      return range ? [{ ...param, maxmin: range }] : []
    }),
    categoryCounts,
    basePrices,
  }
}

function pageOf(order: Int32Array, matched: Uint8Array, page: number, perpage: number): number[] {
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
