import { sumOverCategories, type CategoryTotals } from './category-totals'
import { outcomeOf, type FilterOutcome, type PageWanted } from './engine-outcome'
import type { FilterPlan } from './filter'
import { facetTally } from './marked-facets'
import { passFlags } from './pass-flags'
import type { CatalogueSnapshot } from './snapshot'

/** Whether the filter has a keyword and nothing besides it but its catalogue. */
export const isKeywordAlone = (plan: FilterPlan) =>
  plan.keyword !== '' && plan.brandIds.length === 0 && plan.tagIds.length === 0 && plan.params.length === 0 && !plan.contractPrice

/** The positions flagged in `flags`, ascending, into a buffer kept for the next filter (good until then); how many. */
let flaggedPositions = new Int32Array(0)
function positionsFlagged(flags: Uint8Array): { positions: Int32Array; count: number } {
  if (flaggedPositions.length < flags.length) flaggedPositions = new Int32Array(flags.length)
  const positions = flaggedPositions
  let count = 0
  // four flags at a time where the buffer is padded to whole words (passFlags): most products lack the keyword, and a
  // flag is 0 or 1, so each set bit of a word is one flagged product, taken lowest (first, little-endian) first without a test per flag
  const words = flags.byteOffset % 4 === 0 ? new Int32Array(flags.buffer, flags.byteOffset, flags.length >> 2) : new Int32Array(0)
  for (let w = 0; w < words.length; w += 1) {
    for (let set = words[w]!; set !== 0; set &= set - 1) positions[count++] = (w << 2) + ((31 - Math.clz32(set & -set)) >> 3)
  }
  for (let i = words.length << 2; i < flags.length; i += 1) if (flags[i] === 1) positions[count++] = i
  return { positions, count }
}

/**
 * A filter by keyword (and catalogue) alone: its facets come from the totals per category for each
 * chosen category all of whose products hold the keyword, and from the products themselves only in
 * the chosen categories that hold it in part. A keyword that names a kind of product («радиатор»)
 * is then counted in a few additions per category instead of reading the brand, tags and params of
 * tens of thousands of products; the other keywords cost what the pass did. The same outcome as
 * the pass: the category facet counts the keyword's products in every category, the rest those in
 * the chosen ones.
 */
export function byKeywordAlone(
  s: CatalogueSnapshot,
  plan: FilterPlan,
  { totals, inCatalogue }: { totals: CategoryTotals; inCatalogue: Uint8Array | null },
  wanted: PageWanted,
): FilterOutcome {
  const found = positionsFlagged(s.containing(plan.keyword))
  const { categoryAt } = s
  const basis = plan.priceBasis === 'price_rrc' ? s.priceRrc : s.price
  const categoryCounts = new Int32Array(s.categoryIds.length)
  const matched = passFlags('matched', s.size)
  // the price range from the products themselves: the price's sorted order would be walked from
  // both ends past every product cheaper or dearer than the keyword's, often hundreds of thousands
  let minBase = Infinity
  let maxBase = -Infinity
  for (let k = 0; k < found.count; k += 1) {
    const i = found.positions[k]!
    const c = categoryAt[i]!
    categoryCounts[c]! += 1
    if (inCatalogue && !inCatalogue[c]) continue
    matched[i] = 1
    const price = basis[i]!
    if (price < minBase) minBase = price
    if (price > maxBase) maxBase = price
  }
  // by category: 1 where every product holds the keyword, 2 where some do (chosen categories only)
  const WHOLE = 1
  const IN_PART = 2
  const held = new Uint8Array(categoryCounts.length)
  let count = 0
  let inPart = false
  for (let c = 0; c < held.length; c += 1) {
    if (categoryCounts[c] === 0 || (inCatalogue && !inCatalogue[c])) continue
    held[c] = categoryCounts[c] === totals.products[c] ? WHOLE : IN_PART
    inPart ||= held[c] === IN_PART
    count += categoryCounts[c]!
  }
  const tally = facetTally(s, basis)
  for (let k = 0; inPart && k < found.count; k += 1) {
    const i = found.positions[k]!
    if (held[categoryAt[i]!] === IN_PART) tally.add(i)
  }
  const sizes = { categories: held.length, brands: s.brandList.length, tags: s.tags.length, params: s.params.length }
  const whole = sumOverCategories(
    totals,
    held.map((kind) => (kind === WHOLE ? 1 : 0)),
    sizes,
  )
  const { brandCounts, tagCounts, paramMin, paramMax } = tally
  for (let k = 0; k < brandCounts.length; k += 1) brandCounts[k]! += whole.brandCounts[k]!
  for (let k = 0; k < tagCounts.length; k += 1) tagCounts[k]! += whole.tagCounts[k]!
  for (let k = 0; k < paramMin.length; k += 1) {
    paramMin[k] = Math.min(paramMin[k]!, whole.paramMin[k]!)
    paramMax[k] = Math.max(paramMax[k]!, whole.paramMax[k]!)
  }
  const basePrices = minBase <= maxBase ? { min: minBase, max: maxBase } : undefined
  return outcomeOf(s, { count, matched, brandCounts, tagCounts, categoryCounts, paramMin, paramMax, basePrices }, wanted)
}
