import type { Groups, ValueGroups } from './category-groups'
import { facetTally, type MarkedFacets } from './marked-facets'
import { createPacer, type Pacer } from './pacing'
import type { CatalogueSnapshot } from './snapshot'

/**
 * The facets of a grouping's slots (category-groups.ts) in blocks of 2^shift consecutive slots:
 * each block's products counted per brand and per tag, and its params' ranges. A filter that keeps
 * whole ranges of slots (a brand's or a tag's group in each chosen category, a category's
 * products within a price range, or within a param's range once its groups are in value order)
 * has its facets summed block by block; only the partial blocks at a range's ends are read
 * product by product. At 1,000,000 products the kept products are spread over the columns, and
 * reading each one's brand, tags and params cost a cache miss or several per column: several
 * times the counting itself.
 *
 * The blocks are built in the background, in slices, after the first filter that could use them
 * (a few hundred ms of reading at 1,000,000 products); until then the filter reads its products.
 */
interface FacetBlocks {
  shift: number
  /** [block × brands + brand] */
  brands: Int32Array
  /** [block × tags + tag] */
  tags: Int32Array
  /** [block × params + param]; +Infinity / -Infinity when no product of the block has it */
  paramMin: Float64Array
  paramMax: Float64Array
}

/** The lowest and highest price basis of each block. */
interface PriceBlocks {
  min: Float64Array
  max: Float64Array
}

/** A block holds at least 2^MIN_SHIFT slots, and at least as many as it has counters, so the blocks take no more memory than the slots. */
const MIN_SHIFT = 8

/** Tests set `shift` (log2 of the slots a block) small, so that a small catalogue fills whole blocks. */
export const blockSettings: { shift?: number } = {}

function blockShift(s: CatalogueSnapshot): number {
  const counters = s.brandList.length + s.tags.length + 4 * s.params.length
  let shift = MIN_SHIFT
  while (1 << shift < counters) shift += 1
  return blockSettings.shift ?? shift
}

/** Slots between two looks at the clock. */
const CHECK_EVERY = 4096

/** Built in the background per key, for the values in `from`: undefined until there. */
const built = new WeakMap<object, Map<string, { from: readonly unknown[]; value?: unknown }>>()
const underWay = new Set<Promise<void>>()

function inBackground<T>(key: object, kind: string, from: readonly unknown[], build: (pacer: Pacer) => Promise<T>): T | undefined {
  let kinds = built.get(key)
  if (!kinds) {
    kinds = new Map()
    built.set(key, kinds)
  }
  const known = kinds.get(kind)
  if (known && known.from.length === from.length && known.from.every((value, k) => value === from[k])) return known.value as T | undefined
  const entry: { from: readonly unknown[]; value?: T } = { from }
  kinds.set(kind, entry)
  const building = build(createPacer()).then(
    (value) => void (entry.value = value),
    (error: unknown) => console.error('Итоги по блокам каталога не построены, фильтр считает товары по одному:', error),
  )
  underWay.add(building)
  void building.finally(() => underWay.delete(building))
  return undefined
}

/** Resolves once what is being built in the background is there: for tests and the bench. */
export async function whenBlocksBuilt(): Promise<void> {
  while (underWay.size > 0) await Promise.all(underWay)
}

async function buildFacetBlocks(s: CatalogueSnapshot, positions: Int32Array, shift: number, pacer: Pacer): Promise<FacetBlocks> {
  const { brandAt, tagAt, tagStart, paramAt, paramStart, paramValue } = s
  const [brands, tags, params] = [s.brandList.length, s.tags.length, s.params.length]
  const count = (positions.length + (1 << shift) - 1) >> shift
  const blocks = {
    shift,
    brands: new Int32Array(count * brands),
    tags: new Int32Array(count * tags),
    paramMin: new Float64Array(count * params).fill(Infinity),
    paramMax: new Float64Array(count * params).fill(-Infinity),
  }
  for (let k = 0; k < positions.length; k += 1) {
    const i = positions[k]!
    const block = k >> shift
    blocks.brands[block * brands + brandAt[i]!]! += 1
    for (let j = tagStart[i]!; j < tagStart[i + 1]!; j += 1) blocks.tags[block * tags + tagAt[j]!]! += 1
    for (let j = paramStart[i]!; j < paramStart[i + 1]!; j += 1) {
      const at = block * params + paramAt[j]!
      if (paramValue[j]! < blocks.paramMin[at]!) blocks.paramMin[at] = paramValue[j]!
      if (paramValue[j]! > blocks.paramMax[at]!) blocks.paramMax[at] = paramValue[j]!
    }
    if (k % CHECK_EVERY === CHECK_EVERY - 1 && pacer.due()) await pacer.rest()
  }
  return blocks
}

async function buildPriceBlocks(positions: Int32Array, basis: Float64Array, shift: number, pacer: Pacer): Promise<PriceBlocks> {
  const count = (positions.length + (1 << shift) - 1) >> shift
  const blocks = { min: new Float64Array(count).fill(Infinity), max: new Float64Array(count).fill(-Infinity) }
  for (let k = 0; k < positions.length; k += 1) {
    const price = basis[positions[k]!]!
    const block = k >> shift
    if (price < blocks.min[block]!) blocks.min[block] = price
    if (price > blocks.max[block]!) blocks.max[block] = price
    if (k % CHECK_EVERY === CHECK_EVERY - 1 && pacer.due()) await pacer.rest()
  }
  return blocks
}

/** Each group's slots in ascending value, then position (they come in ascending position), sorted group by group. */
async function sortByValue(groups: ValueGroups, pacer: Pacer): Promise<ValueGroups> {
  const { start, positions, values } = groups
  const sorted = { start, positions: new Int32Array(positions.length), values: new Float64Array(values.length) }
  for (let g = 0; g + 1 < start.length; g += 1) {
    const [from, to] = [start[g]!, start[g + 1]!]
    if (from === to) continue
    const slots = Int32Array.from({ length: to - from }, (_, k) => from + k).sort((a, b) => values[a]! - values[b]! || a - b)
    for (let k = 0; k < slots.length; k += 1) {
      sorted.positions[from + k] = positions[slots[k]!]!
      sorted.values[from + k] = values[slots[k]!]!
    }
    if (pacer.due()) await pacer.rest()
  }
  return sorted
}

/** The param groups in ascending value within each group, sorted in the background: undefined until then. */
export function inValueOrder(groups: ValueGroups): ValueGroups | undefined {
  return inBackground(groups, 'by value', [], (pacer) => sortByValue(groups, pacer))
}

/**
 * The facets of the products at the slots of `ranges` (a flat list of from, to), which must not
 * overlap nor hold a product twice: the same as facetsOfMarked of those products. Undefined while
 * the grouping's blocks are being built.
 */
export function facetsOfRanges(s: CatalogueSnapshot, groups: Groups, ranges: readonly number[], basis: Float64Array): MarkedFacets | undefined {
  const shift = blockShift(s)
  const { positions } = groups
  const [brands, tags, params] = [s.brandList.length, s.tags.length, s.params.length]
  const { brandAt, tagAt, tagStart, paramAt, paramStart, paramValue } = s
  const blocks = inBackground(groups, 'facets', [brandAt, tagAt, tagStart, paramAt, paramStart, paramValue, brands, tags, params, shift], (pacer) =>
    buildFacetBlocks(s, positions, shift, pacer),
  )
  // a changed price is a new price column (over a spare buffer, but a new array: recycled-columns.ts)
  const prices = inBackground(groups, basis === s.priceRrc ? 'prices rrc' : 'prices', [basis, shift], (pacer) =>
    buildPriceBlocks(positions, basis, shift, pacer),
  )
  if (!blocks || !prices) return undefined
  const tally = facetTally(s, basis)
  const eachOf = (from: number, to: number) => {
    for (let k = from; k < to; k += 1) tally.add(positions[k]!)
  }
  for (let r = 0; r < ranges.length; r += 2) {
    const [from, to] = [ranges[r]!, ranges[r + 1]!]
    const [firstWhole, pastWhole] = [(from + (1 << shift) - 1) >> shift, to >> shift]
    if (firstWhole >= pastWhole) {
      eachOf(from, to)
      continue
    }
    eachOf(from, firstWhole << shift)
    eachOf(pastWhole << shift, to)
    for (let block = firstWhole; block < pastWhole; block += 1) {
      for (let k = 0; k < brands; k += 1) tally.brandCounts[k]! += blocks.brands[block * brands + k]!
      for (let k = 0; k < tags; k += 1) tally.tagCounts[k]! += blocks.tags[block * tags + k]!
      for (let k = 0; k < params; k += 1) {
        if (blocks.paramMin[block * params + k]! < tally.paramMin[k]!) tally.paramMin[k] = blocks.paramMin[block * params + k]!
        if (blocks.paramMax[block * params + k]! > tally.paramMax[k]!) tally.paramMax[k] = blocks.paramMax[block * params + k]!
      }
      tally.addRange(prices.min[block]!, prices.max[block]!)
    }
  }
  return tally.facets()
}
