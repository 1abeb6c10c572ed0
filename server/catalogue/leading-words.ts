import type { Pacer } from './pacing'

/**
 * Each product's leading word (its line up to the first space) as an id into the distinct ones: a
 * product whose leading word holds the keyword holds it too, so it is found without reading its
 * line. A keyword that names a kind of product («радиатор») is usually in the leading word of each
 * of its tens of thousands of products, and reading their lines, scattered over the joined text,
 * cost most of the keyword's search (keyword-signatures.ts).
 */
export interface LeadingWords {
  words: string[]
  /** by position, the id (index into `words`) of the product's leading word */
  at: Uint16Array
}

/** At most this many distinct leading words: each keyword is tried against all of them. */
const MOST_WORDS = 4096

/** How many products are read between two looks at the clock. */
const CHECK_EVERY = 1024

/** The leading words of `count` products' lines (as in pairSignatures), read in slices; undefined when there are too many distinct ones. */
export async function leadingWords(text: string, starts: Int32Array, count: number, pacer: Pacer): Promise<LeadingWords | undefined> {
  const ids = new Map<string, number>()
  const words: string[] = []
  const at = new Uint16Array(count)
  for (let p = 0; p < count; p += 1) {
    const from = starts[p]!
    const end = starts[p + 1]! - 1
    const space = text.indexOf(' ', from)
    const word = text.slice(from, space === -1 || space > end ? end : space)
    let id = ids.get(word)
    if (id === undefined) {
      if (words.length === MOST_WORDS) return undefined
      id = words.length
      words.push(word)
      ids.set(word, id)
    }
    at[p] = id
    if (p % CHECK_EVERY === CHECK_EVERY - 1 && pacer.due()) await pacer.rest()
  }
  return { words, at }
}

/** Whether product p's leading word holds `sought`; undefined when no leading word does. */
export function leadHolding({ words, at }: LeadingWords, sought: string): ((p: number) => boolean) | undefined {
  let holding: Uint8Array | undefined
  for (let id = 0; id < words.length; id += 1) {
    if (!words[id]!.includes(sought)) continue
    holding ??= new Uint8Array(words.length)
    holding[id] = 1
  }
  return holding && ((p) => holding[at[p]!] === 1)
}
