import { remembered, type Groups } from './category-groups'
import { facetTally, type MarkedFacets } from './marked-facets'
import type { CatalogueSnapshot } from './snapshot'

/**
 * The facets of a grouping's slots (category-groups.ts) in blocks of `size` consecutive slots:
 * each block's products counted per brand and per tag, and its params' ranges. A filter that keeps
 * whole ranges of slots (a brand's or a tag's group in each chosen category, or a category's
 * products within a price range) has its facets summed block by block; only the partial blocks at
 * a range's ends are read product by product. At 1,000,000 products the kept products are spread
 * over the columns, and reading each one's brand, tags and params cost a cache miss or several
 * per column: several times the counting itself.
 */
interface FacetBlocks {
  /** log2 of the slots a block */
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
  shift: number
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

function facetBlocksOf(s: CatalogueSnapshot, groups: Groups): FacetBlocks {
  const { brandAt, tagAt, tagStart, paramAt, paramStart, paramValue } = s
  const [brands, tags, params] = [s.brandList.length, s.tags.length, s.params.length]
  const shift = blockShift(s)
  return remembered(groups, [brandAt, tagAt, tagStart, paramAt, paramStart, paramValue, brands, tags, params, shift], () => {
    const { positions } = groups
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
    }
    return blocks
  })
}

/** By grouping, then by price basis column (a column is never changed in place: a changed price is a new column). */
const priceBlocksByBasis = new WeakMap<Groups, WeakMap<Float64Array, PriceBlocks>>()

function priceBlocksOf(groups: Groups, basis: Float64Array, shift: number): PriceBlocks {
  let byBasis = priceBlocksByBasis.get(groups)
  if (!byBasis) {
    byBasis = new WeakMap()
    priceBlocksByBasis.set(groups, byBasis)
  }
  const known = byBasis.get(basis)
  if (known?.shift === shift) return known
  const { positions } = groups
  const count = (positions.length + (1 << shift) - 1) >> shift
  const blocks = { shift, min: new Float64Array(count).fill(Infinity), max: new Float64Array(count).fill(-Infinity) }
  for (let k = 0; k < positions.length; k += 1) {
    const price = basis[positions[k]!]!
    const block = k >> shift
    if (price < blocks.min[block]!) blocks.min[block] = price
    if (price > blocks.max[block]!) blocks.max[block] = price
  }
  byBasis.set(basis, blocks)
  return blocks
}

/**
 * The facets of the products at the slots of `ranges` (a flat list of from, to), which must not
 * overlap nor hold a product twice: the same as facetsOfMarked of those products.
 */
export function facetsOfRanges(s: CatalogueSnapshot, groups: Groups, ranges: readonly number[], basis: Float64Array): MarkedFacets {
  const blocks = facetBlocksOf(s, groups)
  const { shift } = blocks
  const prices = priceBlocksOf(groups, basis, shift)
  const [brands, tags, params] = [s.brandList.length, s.tags.length, s.params.length]
  const tally = facetTally(s, basis)
  const { positions } = groups
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
