import type { Pacer } from './pacing'

/**
 * A keyword index over the joined search text (substring-search.ts): 128 bits a product, one for
 * each hashed pair of adjacent characters its text holds. A product whose bits lack one of the
 * keyword's pairs cannot contain it, so a keyword is looked for only in the lines of the products
 * that have all of them, instead of in the whole text (about 60 MB at 1,000,000 products). 16
 * bytes a product (four columns of a 32-bit word each): 16 MB at 1,000,000.
 */
const WORDS = 4

/** The bit (0..127) of a pair of character codes. */
const pairBit = (first: number, second: number) => Math.imul((first << 16) ^ second, 0x9e3779b1) >>> 25

/** How many products are hashed between two looks at the clock. */
const CHECK_EVERY = 1024

/** The bits of `count` products' lines (product p's is text[starts[p] .. starts[p + 1] - 1), its line break left out), hashed in slices. */
export async function pairSignatures(text: string, starts: Int32Array, count: number, pacer: Pacer): Promise<Int32Array> {
  const bits = new Int32Array(count * WORDS)
  for (let p = 0; p < count; p += 1) {
    const last = starts[p + 1]! - 2
    for (let i = starts[p]!; i < last; i += 1) {
      const bit = pairBit(text.charCodeAt(i), text.charCodeAt(i + 1))
      bits[(bit >>> 5) * count + p]! |= 1 << (bit & 31)
    }
    if (p % CHECK_EVERY === CHECK_EVERY - 1 && pacer.due()) await pacer.rest()
  }
  return bits
}

/** The keyword's bits, as four words; undefined when it has fewer than two pairs, too few to narrow the search much. */
function keywordMask(sought: string): Int32Array | undefined {
  if (sought.length < 3) return undefined
  const mask = new Int32Array(WORDS)
  for (let i = 0; i + 1 < sought.length; i += 1) {
    const bit = pairBit(sought.charCodeAt(i), sought.charCodeAt(i + 1))
    mask[bit >>> 5]! |= 1 << (bit & 31)
  }
  return mask
}

/**
 * Which products' lines contain `sought`, looking only at those whose bits hold all of its pairs;
 * undefined when the keyword is too short for the bits to help.
 */
export function containingBySignatures(text: string, starts: Int32Array, count: number, bits: Int32Array, sought: string): Uint8Array | undefined {
  const mask = keywordMask(sought)
  if (!mask) return undefined
  const found = new Uint8Array(count)
  // the word with the most of the keyword's bits is tested first: it rules most products out
  let first = 0
  for (let w = 1; w < WORDS; w += 1) if (bitCount(mask[w]!) > bitCount(mask[first]!)) first = w
  const [m0, m1, m2, m3] = mask
  const lead = mask[first]!
  const leading = bits.subarray(first * count, (first + 1) * count)
  for (let p = 0; p < count; p += 1) {
    if ((leading[p]! & lead) !== lead) continue
    if ((bits[p]! & m0!) !== m0 || (bits[count + p]! & m1!) !== m1 || (bits[2 * count + p]! & m2!) !== m2 || (bits[3 * count + p]! & m3!) !== m3) continue
    // looked for in the product's own line only: a search on past it would cross the lines of products without the pairs
    if (text.slice(starts[p]!, starts[p + 1]! - 1).includes(sought)) found[p] = 1
  }
  return found
}

function bitCount(word: number): number {
  let n = 0
  for (let w = word; w !== 0; w &= w - 1) n += 1
  return n
}
