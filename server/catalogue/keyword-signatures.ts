import { leadHolding, type LeadingWords } from './leading-words'
import type { Pacer } from './pacing'
import { passFlags } from './pass-flags'

/**
 * A keyword index over the joined search text (substring-search.ts): each product's text holds
 * some of 256 hashed pairs of adjacent characters. A product that lacks one of the keyword's pairs
 * cannot contain it, so a keyword is looked for only in the lines of the products that have all
 * of them, instead of in the whole text (about 60 MB at 1,000,000 products).
 *
 * The bits are kept per pair, not per product: for each of the 256 pairs, one bit a product, in
 * 32-bit words by position (32 MB at 1,000,000 products, as one 256-bit word a product would be).
 * A keyword then reads only its own pairs' rows, 125 KB each at 1,000,000 products, and ANDs them
 * 32 products at a time, instead of reading 32 bytes of every product.
 */
/**
 * With 128, a product's line of about 60 characters set a third of the rows, and «радиатор» had
 * about 10,000 products besides its own 49,000 to look at among 1,000,000; with 256, about 1,000.
 */
const PAIRS = 256

/** The row (0..255) of a pair of character codes. */
const pairBit = (first: number, second: number) => Math.imul((first << 16) ^ second, 0x9e3779b1) >>> 24

/** How many products are hashed between two looks at the clock. */
const CHECK_EVERY = 1024

/** The 32-bit words a row of `count` products takes. */
const wordsFor = (count: number) => (count + 31) >>> 5

/** The bits of `count` products' lines (product p's is text[starts[p] .. starts[p + 1] - 1), its line break left out), hashed in slices. */
export async function pairSignatures(text: string, starts: Int32Array, count: number, pacer: Pacer): Promise<Int32Array> {
  const words = wordsFor(count)
  const bits = new Int32Array(PAIRS * words)
  for (let p = 0; p < count; p += 1) {
    const last = starts[p + 1]! - 2
    const word = p >>> 5
    const bit = 1 << (p & 31)
    for (let i = starts[p]!; i < last; i += 1) bits[pairBit(text.charCodeAt(i), text.charCodeAt(i + 1)) * words + word]! |= bit
    if (p % CHECK_EVERY === CHECK_EVERY - 1 && pacer.due()) await pacer.rest()
  }
  return bits
}

/** Where the rows of the keyword's distinct pairs start; undefined when it has fewer than two pairs, too few to narrow the search much. */
function keywordRows(sought: string, words: number): number[] | undefined {
  if (sought.length < 3) return undefined
  const rows = new Set<number>()
  for (let i = 0; i + 1 < sought.length; i += 1) rows.add(pairBit(sought.charCodeAt(i), sought.charCodeAt(i + 1)) * words)
  return [...rows]
}

/**
 * A test of whether text[from .. to - 1] holds `sought`, compared in place: slicing each
 * candidate's line made tens of thousands of strings per keyword, and the young generation's
 * collections they set off held every few searches for several ms. Horspool's search: the window
 * moves on by how far the character under its last slot is from the keyword's end (the whole
 * keyword when it is not in it), so a line is read a few characters in every keyword's length.
 * The shifts are kept by the character's low byte, the smallest of those sharing it, so that a
 * two-byte text skips safely too.
 */
function lineSearch(sought: string): (text: string, from: number, to: number) => boolean {
  const length = sought.length
  const shift = new Int32Array(256).fill(length)
  for (let k = 0; k < length - 1; k += 1) shift[sought.charCodeAt(k) & 255] = length - 1 - k
  const last = sought.charCodeAt(length - 1)
  return (text, from, to) => {
    for (let end = from + length - 1; end < to;) {
      const code = text.charCodeAt(end)
      if (code === last) {
        let k = length - 2
        while (k >= 0 && text.charCodeAt(end - length + 1 + k) === sought.charCodeAt(k)) k -= 1
        if (k < 0) return true
      }
      end += shift[code & 255]!
    }
    return false
  }
}

/**
 * Which products' lines contain `sought` (flags good until the next keyword, see passFlags),
 * looking only at those whose bits hold all of its pairs, and not even at those whose leading
 * word holds it (leading-words.ts); undefined when the keyword is too short for the bits to help.
 */
export function containingBySignatures(
  text: string,
  starts: Int32Array,
  count: number,
  bits: Int32Array,
  sought: string,
  leads?: LeadingWords,
): Uint8Array | undefined {
  const words = wordsFor(count)
  const rows = keywordRows(sought, words)
  if (!rows) return undefined
  const found = passFlags('keyword', count)
  const holds = lineSearch(sought)
  const leadHolds = leads && leadHolding(leads, sought)
  for (let w = 0; w < words; w += 1) {
    let candidates = -1
    for (let r = 0; r < rows.length && candidates !== 0; r += 1) candidates &= bits[rows[r]! + w]!
    while (candidates !== 0) {
      const lowest = candidates & -candidates
      candidates ^= lowest
      const p = (w << 5) + 31 - Math.clz32(lowest)
      // looked for in the product's own line only (its line break left out): a search on past it would cross the lines of products without the pairs
      if (leadHolds?.(p) || holds(text, starts[p]!, starts[p + 1]! - 1)) found[p] = 1
    }
  }
  return found
}
