import type { Sorting } from '../../src/contract/catalogue'
import { totalsAmong } from './category-groups'
import { sumOverCategories, type CategoryTotals } from './category-totals'
import { contractPrice, shownPriceOfBasis } from './contract'
import { byKeywordAlone, isKeywordAlone } from './engine-keyword'
import { byOnePart } from './engine-one-part'
import { outcomeOf, priceRange, type FilterOutcome, type PageWanted } from './engine-outcome'
import type { FilterPlan } from './filter'
import { passFlags } from './pass-flags'
import type { CatalogueSnapshot } from './snapshot'

export type { FilterOutcome } from './engine-outcome'

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
 * The filter's outcome: from the totals per category and the category groups when the filter is
 * by catalogue alone or by one more part (byCatalogueAlone, byOnePart), from the keyword's
 * products and the totals when it is by keyword and catalogue alone (byKeywordAlone), else by a
 * pass over every product (passOverEvery). All four give the same outcome.
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
  const allTotals = s.totals()
  if (allTotals && plan.keyword === '') {
    const inCatalogue = plan.categoryIds && flagsOf(plan.categoryIds, s.categoryIndex, s.categoryIds.length)
    const wanted = pageWanted(s, plan, sorting, page, perpage)
    // the totals of the products the filter may keep at all: the available ones, when it asks for them
    const totals = available ? totalsAmong(s, available) : allTotals
    if (!wanted.ofBrand && !wanted.tagged && plan.params.length === 0 && !plan.contractPrice)
      return byCatalogueAlone(s, { totals, inCatalogue, among: available }, plan.priceBasis, wanted)
    const outcome = byOnePart(s, plan, { totals, chosen: inCatalogue, among: available }, wanted)
    if (outcome) return outcome
  }
  if (allTotals && !available && isKeywordAlone(plan)) {
    const inCatalogue = plan.categoryIds && flagsOf(plan.categoryIds, s.categoryIndex, s.categoryIds.length)
    return byKeywordAlone(s, plan, { totals: allTotals, inCatalogue }, pageWanted(s, plan, sorting, page, perpage))
  }
  return passOverEvery(s, plan, { sorting, page, perpage }, available)
}

/** The page wanted, with the chosen brands and tags by dense index. */
function pageWanted(s: CatalogueSnapshot, plan: FilterPlan, sorting: Sorting | undefined, page: number, perpage: number): PageWanted {
  const ofBrand = plan.brandIds.length > 0 ? flagsOf(plan.brandIds, s.brandIndex, s.brandList.length) : undefined
  const tagged = plan.tagIds.length > 0 ? flagsOf(plan.tagIds, s.tagIndex, s.tags.length) : undefined
  return { sorting, page, perpage, ofBrand, tagged }
}

/**
 * One pass over the catalogue: each product gets the bits of the filter parts it fails. With none
 * it matches; with one bit it still counts in that part's facet (a brand's count is what choosing
 * it would add), as facets are taken without their own part. The keyword and the availability
 * are not facets: failing them leaves a product out of everything. Counts go into typed arrays
 * by the snapshot's dense indexes.
 */
export function passOverEvery(s: CatalogueSnapshot, plan: FilterPlan, { sorting, page, perpage }: PageWanted, available?: Uint8Array): FilterOutcome {
  const inCatalogue = plan.categoryIds && flagsOf(plan.categoryIds, s.categoryIndex, s.categoryIds.length)
  const wanted = pageWanted(s, plan, sorting, page, perpage)
  const { ofBrand, tagged } = wanted
  // a param the catalogue does not know is on no product: -1 never matches
  const paramFilters = plan.params.map((param) => ({ at: s.paramIndex.get(param.id) ?? -1, min: param.minp ?? -Infinity, max: param.maxp ?? Infinity }))
  // the dealer's bounds are on the price as the list shows it (contract price rounded to kopecks,
  // then the login's price policy), so each product's is computed the same way: bounds moved
  // back to base prices miss the boundary
  const bounds = plan.contractPrice
  const minPrice = bounds?.min ?? -Infinity
  const maxPrice = bounds?.max ?? Infinity
  const basis = plan.priceBasis === 'price_rrc' ? s.priceRrc : s.price
  const factor = bounds?.factor ?? 1
  const withKeyword = plan.keyword === '' ? undefined : s.containing(plan.keyword)
  // the contract price (every main account's) without the policy's step: the loop's common case stays plain arithmetic
  const plainContract = bounds?.policy.type === 'contract'
  const matched = passFlags('matched', s.size)
  const brandCounts = new Int32Array(s.brandList.length)
  const tagCounts = new Int32Array(s.tags.length)
  const categoryCounts = new Int32Array(s.categoryIds.length)
  const paramMin = new Float64Array(s.params.length).fill(Infinity)
  const paramMax = new Float64Array(s.params.length).fill(-Infinity)
  const { paramStart, paramAt, paramValue, tagStart, tagAt, categoryAt, brandAt } = s
  let count = 0
  let minBase = Infinity
  let maxBase = -Infinity

  // the keyword's flags four at a time (passFlags pads them to whole words): most products lack it, and are skipped a word at a time
  const keywordWords =
    withKeyword && withKeyword.byteOffset % 4 === 0 ? new Uint32Array(withKeyword.buffer, withKeyword.byteOffset, withKeyword.length >> 2) : undefined
  for (let i = 0; i < s.size; i += 1) {
    if (keywordWords && (i & 3) === 0 && keywordWords[i >> 2] === 0) {
      i += 3
      continue
    }
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
    wanted,
  )
}

/**
 * A filter by catalogue alone (or none), the availability too: the count and facets summed from
 * the totals per category (of the available products when `among` is given), the price range read
 * off the ends of the price's sorted order (the first product in it that is matched), and only the
 * page's positions looked for product by product. The same outcome as the pass, in a fraction of
 * its time.
 */
function byCatalogueAlone(
  s: CatalogueSnapshot,
  { totals, inCatalogue, among }: { totals: CategoryTotals; inCatalogue: Uint8Array | null; among?: Uint8Array },
  basisName: FilterPlan['priceBasis'],
  wanted: PageWanted,
): FilterOutcome {
  const basis = basisName === 'price_rrc' ? s.priceRrc : s.price
  const sizes = { categories: s.categoryIds.length, brands: s.brandList.length, tags: s.tags.length, params: s.params.length }
  const { count, brandCounts, tagCounts, paramMin, paramMax } = sumOverCategories(totals, inCatalogue, sizes)
  const { categoryAt } = s
  const matched = passFlags('matched', s.size)
  if (among) matched.set(among)
  else matched.fill(1)
  if (inCatalogue) for (let i = 0; i < s.size; i += 1) matched[i] = matched[i]! & inCatalogue[categoryAt[i]!]!
  return outcomeOf(
    s,
    { count, matched, brandCounts, tagCounts, categoryCounts: totals.products, paramMin, paramMax, basePrices: priceRange(s, matched, basis, basisName) },
    wanted,
  )
}
