import { sumOverCategories, type CategoryTotals } from './category-totals'
import { brandGroups, paramGroups, priceGroups, tagGroups, type Groups } from './category-groups'
import { contractPrice, shownPriceOfBasis } from './contract'
import { outcomeOf, type FilterOutcome, type PageWanted } from './engine-outcome'
import type { FilterPlan } from './filter'
import { facetsOfRanges, inValueOrder } from './group-blocks'
import { facetsOfMarked } from './marked-facets'
import { passFlags } from './pass-flags'
import type { CatalogueSnapshot } from './snapshot'

/**
 * What one part of a filter keeps, category by category: the ranges of `groups.positions` (a
 * flat list of from, to) that hold category c's products passing it. A product in two ranges
 * (two chosen tags) is counted once; with `values`, an item passes only within [min, max].
 */
interface PartReader {
  groups: Groups
  ranges: (c: number) => number[]
  overlapping: boolean
  values?: { of: Float64Array; min: number; max: number }
}

/** Which part a filter has besides its catalogue, when it has exactly one that the category groups can read. */
type OnePart = 'brand' | 'tags' | 'price' | 'param'

function onePartOf(plan: FilterPlan): OnePart | undefined {
  if (plan.keyword !== '') return undefined
  const parts: OnePart[] = []
  if (plan.brandIds.length > 0) parts.push('brand')
  if (plan.tagIds.length > 0) parts.push('tags')
  if (plan.contractPrice) parts.push('price')
  if (plan.params.length > 0) parts.push('param')
  if (parts.length !== 1 || (parts[0] === 'param' && plan.params.length > 1)) return undefined
  return parts[0]
}

/** Dense indexes of the known ids (an unknown id keeps no product). */
const knownIndexes = (ids: readonly number[], index: ReadonlyMap<number, number>) => ids.flatMap((id) => (index.has(id) ? [index.get(id)!] : []))

/** The groups of category c and each of `others` (brands, tags or params by dense index) as ranges. */
function rangesOfKeys(groups: Groups, count: number, others: readonly number[]) {
  return (c: number) => others.flatMap((k) => [groups.start[c * count + k]!, groups.start[c * count + k + 1]!])
}

/** The first slot in [from, to) that passes, where every slot after a passing one passes too (a group in the order of what is tested). */
function firstFrom(from: number, to: number, passes: (slot: number) => boolean) {
  let [low, high] = [from, to]
  while (low < high) {
    const middle = (low + high) >> 1
    if (passes(middle)) high = middle
    else low = middle + 1
  }
  return low
}

function readerOf(s: CatalogueSnapshot, plan: FilterPlan, part: OnePart): PartReader | undefined {
  if (part === 'brand') {
    const groups = brandGroups(s)
    return { groups, ranges: rangesOfKeys(groups, s.brandList.length, knownIndexes(plan.brandIds, s.brandIndex)), overlapping: false }
  }
  if (part === 'tags') {
    const groups = tagGroups(s)
    const tags = [...new Set(knownIndexes(plan.tagIds, s.tagIndex))]
    return { groups, ranges: rangesOfKeys(groups, s.tags.length, tags), overlapping: tags.length > 1 }
  }
  if (part === 'param') {
    const param = plan.params[0]!
    const [min, max] = [param.minp ?? -Infinity, param.maxp ?? Infinity]
    const at = s.paramIndex.get(param.id)
    if (at === undefined) return { groups: paramGroups(s), ranges: () => [], overlapping: false }
    const byValue = inValueOrder(paramGroups(s))
    if (!byValue) {
      const groups = paramGroups(s)
      return { groups, ranges: rangesOfKeys(groups, s.params.length, [at]), overlapping: false, values: { of: groups.values, min, max } }
    }
    // each group in ascending value: the values within [min, max] are a range of it
    const ranges = (c: number) => {
      const [from, to] = [byValue.start[c * s.params.length + at]!, byValue.start[c * s.params.length + at + 1]!]
      const low = firstFrom(from, to, (k) => byValue.values[k]! >= min)
      return [low, firstFrom(low, to, (k) => byValue.values[k]! > max)]
    }
    return { groups: byValue, ranges, overlapping: false }
  }
  const groups = priceGroups(s, plan.priceBasis)
  const bounds = plan.contractPrice!
  if (!groups) return undefined
  const basis = plan.priceBasis === 'price_rrc' ? s.priceRrc : s.price
  const shown =
    bounds.policy.type === 'contract' ? (i: number) => contractPrice(basis[i]!, bounds.factor) : (i: number) => shownPriceOfBasis(bounds, basis[i]!)
  const [min, max] = [bounds.min ?? -Infinity, bounds.max ?? Infinity]
  const ranges = (c: number) => {
    const [from, to] = [groups.start[c]!, groups.start[c + 1]!]
    const low = firstFrom(from, to, (k) => shown(groups.positions[k]!) >= min)
    return [low, firstFrom(low, to, (k) => shown(groups.positions[k]!) > max)]
  }
  return { groups, ranges, overlapping: false }
}

/** The lowest and highest basis among the chosen categories' products (those `among` holds, when given), from each category's ends in the basis' order. */
function priceRangeByCategory(groups: Groups, basis: Float64Array, chosen: Uint8Array | null, among: Uint8Array | undefined): FilterOutcome['basePrices'] {
  let [min, max] = [Infinity, -Infinity]
  const { start, positions } = groups
  for (let c = 0; c + 1 < start.length; c += 1) {
    if (chosen && !chosen[c]) continue
    let [low, high] = [start[c]!, start[c + 1]! - 1]
    while (among && low <= high && !among[positions[low]!]) low += 1
    while (among && high >= low && !among[positions[high]!]) high -= 1
    if (low > high) continue
    min = Math.min(min, basis[positions[low]!]!)
    max = Math.max(max, basis[positions[high]!]!)
  }
  return min <= max ? { min, max } : undefined
}

/**
 * A filter by its catalogue and one more part (some brands, some tags, one param's range or a
 * price range), the availability too: read from the category groups, it looks at the products
 * that part keeps and no other. Its matched products are those of the chosen categories; the
 * categories' facet is what the part keeps in every category; the part's own facet is the
 * catalogue's, summed from the totals per category (`totals`, those of the available products
 * when `among` is given). The same outcome as the pass over every product; undefined when the
 * filter is not of that kind (or its price order is not sorted yet).
 */
export function byOnePart(
  s: CatalogueSnapshot,
  plan: FilterPlan,
  { totals, chosen, among }: { totals: CategoryTotals; chosen: Uint8Array | null; among?: Uint8Array },
  wanted: PageWanted,
): FilterOutcome | undefined {
  const part = onePartOf(plan)
  const reader = part && readerOf(s, plan, part)
  if (!part || !reader) return undefined
  const categories = s.categoryIds.length
  const basis = plan.priceBasis === 'price_rrc' ? s.priceRrc : s.price
  const matched = passFlags('matched', s.size)
  const seen = reader.overlapping ? passFlags('seen', s.size) : undefined
  const categoryCounts = new Int32Array(categories)
  const { positions } = reader.groups
  const values = reader.values
  const counted = !among && !seen && !values
  // the chosen categories' ranges, when each holds only products the filter keeps, each once: their facets can be summed by blocks
  const keptRanges: number[] = []
  let count = 0

  // the products the part keeps are marked first and their facets counted after, in position order
  for (let c = 0; c < categories; c += 1) {
    const isChosen = !chosen || chosen[c] === 1
    const ranges = reader.ranges(c)
    for (let r = 0; r < ranges.length; r += 2) {
      const [from, to] = [ranges[r]!, ranges[r + 1]!]
      // outside the catalogue only the count per category is wanted: the ranges' lengths, when nothing else decides
      if (!isChosen && counted) {
        categoryCounts[c]! += to - from
        continue
      }
      if (counted) keptRanges.push(from, to)
      for (let k = from; k < to; k += 1) {
        if (values && (values.of[k]! < values.min || values.of[k]! > values.max)) continue
        const i = positions[k]!
        if (among && !among[i]) continue
        if (seen) {
          if (seen[i]) continue
          seen[i] = 1
        }
        categoryCounts[c]! += 1
        if (!isChosen) continue
        matched[i] = 1
        count += 1
      }
    }
  }
  const { brandCounts, tagCounts, paramMin, paramMax, basePrices } =
    (counted && facetsOfRanges(s, reader.groups, keptRanges, basis)) || facetsOfMarked(s, matched, basis)

  // the part's own facet is taken without it: the catalogue's
  const sums = sumOverCategories(totals, chosen, { categories, brands: s.brandList.length, tags: s.tags.length, params: s.params.length })
  const counts = {
    count,
    matched,
    brandCounts: part === 'brand' ? sums.brandCounts : brandCounts,
    tagCounts: part === 'tags' ? sums.tagCounts : tagCounts,
    categoryCounts,
    paramMin: part === 'param' ? sums.paramMin : paramMin,
    paramMax: part === 'param' ? sums.paramMax : paramMax,
    basePrices: part === 'price' ? priceRangeByCategory(reader.groups, basis, chosen, among) : basePrices,
  }
  return outcomeOf(s, counts, wanted)
}
