import type { FilterOutcome } from './engine-outcome'
import type { CatalogueSnapshot } from './snapshot'

/** The facets of the marked products: their brands and tags counted, their params' and basis' ranges. */
export interface MarkedFacets {
  brandCounts: Int32Array
  tagCounts: Int32Array
  paramMin: Float64Array
  paramMax: Float64Array
  basePrices: FilterOutcome['basePrices']
}

/**
 * A tally of products' facets: `add(i)` counts product i's brand and tags and widens its params'
 * and price basis' ranges; `addRange` widens the basis' range by another's ends.
 */
export function facetTally(s: CatalogueSnapshot, basis: Float64Array) {
  const brandCounts = new Int32Array(s.brandList.length)
  const tagCounts = new Int32Array(s.tags.length)
  const paramMin = new Float64Array(s.params.length).fill(Infinity)
  const paramMax = new Float64Array(s.params.length).fill(-Infinity)
  const { paramStart, paramAt, paramValue, tagStart, tagAt, brandAt } = s
  let minBase = Infinity
  let maxBase = -Infinity
  const addRange = (min: number, max: number) => {
    if (min < minBase) minBase = min
    if (max > maxBase) maxBase = max
  }
  const add = (i: number) => {
    brandCounts[brandAt[i]!]! += 1
    for (let j = tagStart[i]!; j < tagStart[i + 1]!; j += 1) tagCounts[tagAt[j]!]! += 1
    for (let j = paramStart[i]!; j < paramStart[i + 1]!; j += 1) {
      const at = paramAt[j]!
      const value = paramValue[j]!
      if (value < paramMin[at]!) paramMin[at] = value
      if (value > paramMax[at]!) paramMax[at] = value
    }
    addRange(basis[i]!, basis[i]!)
  }
  const facets = (): MarkedFacets => ({
    brandCounts,
    tagCounts,
    paramMin,
    paramMax,
    basePrices: minBase <= maxBase ? { min: minBase, max: maxBase } : undefined,
  })
  return { brandCounts, tagCounts, paramMin, paramMax, add, addRange, facets }
}

/**
 * The facets of the products marked in `marked` (made by passFlags), visited in ascending
 * position: the columns are then read front to back, as the cache likes, whatever order the
 * products were found in (a category's products in price order land all over the columns, and
 * reading them so cost several times the counting itself at 1,000,000 products).
 */
export function facetsOfMarked(s: CatalogueSnapshot, marked: Uint8Array, basis: Float64Array): MarkedFacets {
  const tally = facetTally(s, basis)
  const words = new Uint32Array(marked.buffer, marked.byteOffset, (marked.length + 3) >> 2)
  for (let w = 0; w < words.length; w += 1) {
    if (words[w] === 0) continue
    for (let i = w << 2; i < (w << 2) + 4; i += 1) if (marked[i] === 1) tally.add(i)
  }
  return tally.facets()
}
