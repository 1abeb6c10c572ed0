import { containingBySignatures, pairSignatures } from './keyword-signatures'
import { leadingWords, type LeadingWords } from './leading-words'
import { createPacer, type Pacer } from './pacing'
import { passFlags } from './pass-flags'
import { searchTextOf } from './search-text'

/** Lowercase Cyrillic а..я moves down into U+0080..U+009F, control characters no product text holds. */
const CYRILLIC_FIRST = 0x430
const CYRILLIC_LAST = 0x44f
const SHIFT = CYRILLIC_FIRST - 0x80
const isCyrillic = (code: number) => code >= CYRILLIC_FIRST && code <= CYRILLIC_LAST
/** after the move, a character that may stand in a one-byte text as itself */
const keepsItself = (code: number) => code < 0x80 || (code > 0x9f && code <= 0xff)

/** The keyword as the moved text spells it; undefined when it holds a character that text cannot. */
function movedKeyword(keyword: string): string | undefined {
  let moved = ''
  for (const char of keyword) {
    const code = char.charCodeAt(0)
    if (isCyrillic(code)) moved += String.fromCharCode(code - SHIFT)
    else if (keepsItself(code)) moved += char
    else return undefined
  }
  return moved
}

/** The whitespace characters below U+0080 (as \\s and trim know them). */
const isAsciiSpace = (code: number) => code === 0x20 || (code >= 0x09 && code <= 0x0d)

/**
 * normalizeSearch(`${header} ${articul}`), moved as `movedKeyword` moves a keyword, written into
 * `bytes` from `at`: the end, or -1 when a text holds a character above U+007F other than А..я,
 * Ё and ё (left to normalizeSearch: its lowercase and whitespace are Unicode's).
 */
function writeMovedSearchText(bytes: Buffer, at: number, header: string, articul: string): number {
  const start = at
  let space = false
  for (let part = 0; part < 2; part += 1) {
    const text = part === 0 ? header : articul
    // the space between the header and the articul
    if (part === 1) space = at > start
    for (let i = 0; i < text.length; i += 1) {
      let code = text.charCodeAt(i)
      if (isAsciiSpace(code)) {
        space = at > start
        continue
      }
      if (code >= 0x41 && code <= 0x5a) code += 0x20
      else if (code >= 0x80) {
        if (code >= 0x410 && code <= 0x42f) code += 0x20
        else if (code === 0x401 || code === 0x451) code = 0x435
        else if (!isCyrillic(code)) return -1
        code -= SHIFT
      }
      if (space) {
        bytes[at++] = 0x20
        space = false
      }
      bytes[at++] = code
    }
  }
  return at
}

/** Flags by position of the products whose text holds the keyword: good until the next keyword is looked for (see passFlags). */
type Containing = (keyword: string) => Uint8Array

/**
 * Every product's search text in one string, one a line: a keyword is found by jumping from match
 * to match with indexOf (a fast substring search over the whole text) instead of testing 100 000
 * strings. A normalised keyword holds no line break, so a match never spans two products.
 *
 * The text is one byte a character when it can be: normalised Russian text is lowercase Cyrillic,
 * Latin, digits and signs, so with а..я moved into a range it never uses, V8 keeps it as a
 * one-byte string, half the memory of a two-byte one (about 65 MB fewer at 1,000,000 products).
 * The texts are written into it as they come (`add`), so that no text outlives its product's
 * turn and nothing is joined at the end (a join of 100 000 strings holds the thread for about
 * 10 ms); the first character above U+00FF turns it back into texts to join.
 */
export function createSearchBuilder() {
  let bytes = Buffer.allocUnsafe(1 << 16)
  let length = 0
  let starts = new Int32Array(1024)
  let count = 0
  /** the texts, once one of them cannot be one byte a character */
  let texts: string[] | undefined

  const unmoved = (from: number, to: number) =>
    bytes.toString('latin1', from, to).replace(/[\u0080-\u009f]/g, (char) => String.fromCharCode(char.charCodeAt(0) + SHIFT))

  /** Room for one more text of up to `most` characters and its line break. */
  function reserve(most: number) {
    if (count + 2 > starts.length) {
      const grown = new Int32Array(starts.length * 2)
      grown.set(starts)
      starts = grown
    }
    if (length + most + 1 > bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, length + most + 1))
      bytes.copy(grown, 0, 0, length)
      bytes = grown
    }
  }

  /** Adds a normalised text. */
  function add(text: string) {
    reserve(text.length)
    starts[count] = length
    count += 1
    if (texts) {
      texts.push(text)
      length += text.length + 1
      return
    }
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i)
      if (isCyrillic(code)) bytes[length + i] = code - SHIFT
      else if (keepsItself(code)) bytes[length + i] = code
      else {
        texts = Array.from({ length: count - 1 }, (_, t) => unmoved(starts[t]!, starts[t + 1]! - 1))
        texts.push(text)
        length += text.length + 1
        return
      }
    }
    bytes[length + text.length] = 0x0a
    length += text.length + 1
  }

  /**
   * Adds a product's search text (searchTextOf) normalised as it is written: most products are
   * Latin, Cyrillic, digits and signs, and the strings normalizeSearch makes on the way took a
   * fifth of a full read. Any other character is left to normalizeSearch.
   */
  function addProduct(header: string, articul: string) {
    reserve(header.length + articul.length + 1)
    const end = texts ? -1 : writeMovedSearchText(bytes, length, header, articul)
    if (end < 0) return add(searchTextOf({ header, articul }))
    starts[count] = length
    count += 1
    bytes[end] = 0x0a
    length = end + 1
  }

  function finish(): Containing {
    starts[count] = length
    const oneByte = texts === undefined
    const text = texts ? texts.join('\n') : bytes.toString('latin1', 0, length)
    texts = undefined
    bytes = Buffer.alloc(0)
    return searchOver(text, oneByte, starts.slice(0, count + 1), count)
  }

  return { add, addProduct, finish }
}

/**
 * The search over the texts of `substringSearch`'s builder, `count` of them starting at `starts`.
 * The first keyword starts hashing the pair signatures and reading the leading words in the
 * background (keyword-signatures.ts, leading-words.ts); once they are there, a keyword of three
 * characters or more is looked for through them.
 */
function searchOver(text: string, oneByte: boolean, starts: Int32Array, count: number): Containing {
  let signatures: Int32Array | undefined
  let leads: LeadingWords | undefined
  let hashing: Promise<void> | undefined
  const index = async (pacer: Pacer) => {
    const bits = await pairSignatures(text, starts, count, pacer)
    leads = await leadingWords(text, starts, count, pacer)
    signatures = bits
  }
  const containing = (keyword: string): Uint8Array => {
    if (keyword === '') return passFlags('keyword', count).fill(1)
    const sought = oneByte ? movedKeyword(keyword) : keyword
    if (sought === undefined || sought.includes('\n')) return passFlags('keyword', count)
    hashing ??= index(createPacer()).catch((error: unknown) => console.error('Указатель поиска по каталогу не построен, поиск идёт по всему тексту:', error))
    return (signatures && containingBySignatures(text, starts, count, signatures, sought, leads)) ?? scanFor(text, starts, count, sought)
  }
  indexing.set(containing, () => hashing ?? Promise.resolve())
  return containing
}

/** Each search's hashing of its signatures, to wait for in tests. */
const indexing = new WeakMap<Containing, () => Promise<void>>()

/** Resolves once the search's signatures are hashed (after its first keyword), so it goes through them. */
export const whenSearchIndexed = (containing: Containing): Promise<void> => indexing.get(containing)?.() ?? Promise.resolve()

/** The product whose line holds text position `at`: the last of [low, high] whose start is at or before it. */
function lineOf(starts: Int32Array, low: number, high: number, at: number): number {
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (starts[middle]! <= at) low = middle
    else high = middle - 1
  }
  return low
}

/** The products whose lines contain `sought`, jumping from match to match over the whole text. */
function scanFor(text: string, starts: Int32Array, count: number, sought: string): Uint8Array {
  const found = passFlags('keyword', count)
  let product = 0
  for (let at = text.indexOf(sought); at !== -1;) {
    // the product whose line holds the match: the last start at or before it
    product = lineOf(starts, product, count - 1, at)
    found[product] = 1
    // on to the next product's line
    at = text.indexOf(sought, starts[product + 1]!)
  }
  return found
}

/** The search over these texts, added in slices. */
export async function substringSearch(texts: readonly string[], pacer: Pacer): Promise<Containing> {
  const builder = createSearchBuilder()
  for (let t = 0; t < texts.length; t += 1) {
    builder.add(texts[t]!)
    if ((t & 1023) === 1023 && pacer.due()) await pacer.rest()
  }
  return builder.finish()
}

/**
 * A search patched in place: the search the copy was read with (`base`), where its products are
 * now (`baseAt`, -1 for one changed or deleted since; undefined while they have not moved), and
 * the texts of the products changed or added since, by position, looked up one by one.
 */
interface PatchedParts {
  base: Containing
  baseAt: Int32Array | undefined
  changed: Map<number, string>
}
const partsOf = new WeakMap<Containing, PatchedParts>()

/**
 * The search after an in-place change: `moved` takes each position of the previous copy to its
 * new one (-1: deleted; undefined: none moved), `changed` holds the search texts of the changed
 * and added products by new position. The joined text is not rebuilt; the changed products are
 * searched one by one.
 */
export function patchedSearch(previous: Containing, size: number, moved: Int32Array | undefined, changed: ReadonlyMap<number, string>): Containing {
  const before = partsOf.get(previous)
  const base = before?.base ?? previous
  const from = before?.baseAt
  const baseAt = moved && from ? from.map((at) => (at < 0 ? -1 : moved[at]!)) : (moved ?? from)
  const texts = new Map<number, string>()
  for (const [at, text] of before?.changed ?? []) {
    const now = moved ? moved[at]! : at
    if (now >= 0) texts.set(now, text)
  }
  for (const [at, text] of changed) texts.set(at, text)
  const containing: Containing = (keyword) => {
    const inBase = base(keyword)
    let found = inBase
    if (baseAt) {
      found = passFlags('keyword moved', size)
      for (let i = 0; i < inBase.length; i += 1) if (inBase[i] && baseAt[i]! >= 0) found[baseAt[i]!] = 1
    }
    for (const [at, text] of texts) found[at] = text.includes(keyword) ? 1 : 0
    return found
  }
  partsOf.set(containing, { base, baseAt, changed: texts })
  indexing.set(containing, () => whenSearchIndexed(base))
  return containing
}
