/**
 * Texts by position (the products' names and articuls) kept off the JS heap: UTF-16 code units in
 * pages of typed arrays, and where each text starts and how long it is. As strings, a million
 * products' names and articuls were two million heap objects that V8 marked on every full
 * collection, holding the thread for 10–100 ms while a request waited (issue 24 §2); pages are a
 * few dozen objects. Texts compare by code unit, as `<` on strings, SQLite's BINARY and
 * PostgreSQL's C collation do.
 */
const PAGE_BITS = 20
/** a page holds at most this many code units (2 MB); a text never spans two pages */
const PAGE_UNITS = 1 << PAGE_BITS
const LOCAL = PAGE_UNITS - 1
/** a longer text stays a string (no product name comes near) */
const MAX_PAGED = 4096
/** what a page is sized for per text still to come, when the column starts a page */
const UNITS_PER_TEXT = 32

export class TextColumn {
  /** @internal */
  constructor(
    readonly length: number,
    readonly pages: readonly Uint16Array[],
    /** the page in the high bits, the first code unit in the page in the low ones */
    readonly starts: Int32Array,
    readonly lengths: Uint16Array,
    /** texts kept as strings: too long for a page, or changed by a patch (see `with`) */
    readonly kept: ReadonlyMap<number, string>,
  ) {}

  isKept(i: number): boolean {
    return this.kept.size > 0 && this.kept.has(i)
  }

  at(i: number): string {
    if (this.isKept(i)) return this.kept.get(i)!
    const start = this.starts[i]!
    const local = start & LOCAL
    const units = this.pages[start >>> PAGE_BITS]!.subarray(local, local + this.lengths[i]!)
    return String.fromCharCode.apply(null, units as unknown as number[])
  }

  /** how texts i and j compare, by code unit: negative, 0 or positive */
  compare(i: number, j: number): number {
    if (this.isKept(i) || this.isKept(j)) {
      const [a, b] = [this.at(i), this.at(j)]
      return a < b ? -1 : a > b ? 1 : 0
    }
    const [startI, startJ] = [this.starts[i]!, this.starts[j]!]
    const [pageI, pageJ] = [this.pages[startI >>> PAGE_BITS]!, this.pages[startJ >>> PAGE_BITS]!]
    const [localI, localJ] = [startI & LOCAL, startJ & LOCAL]
    const [lengthI, lengthJ] = [this.lengths[i]!, this.lengths[j]!]
    const common = Math.min(lengthI, lengthJ)
    for (let k = 0; k < common; k += 1) {
      const difference = pageI[localI + k]! - pageJ[localJ + k]!
      if (difference !== 0) return difference
    }
    return lengthI - lengthJ
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (let i = 0; i < this.length; i += 1) yield this.at(i)
  }

  /** The column with the texts at some positions replaced; the pages are shared (the copy is read whole again after 5,000 changed products, snapshot.ts, so replaced texts stay few). */
  with(changed: ReadonlyMap<number, string>): TextColumn {
    return new TextColumn(this.length, this.pages, this.starts, this.lengths, new Map([...this.kept, ...changed]))
  }
}

/** Writes a column of `size` texts in position order, then `finish` gives it. */
export function textColumnBuilder(size: number) {
  const pages: Uint16Array[] = []
  const starts = new Int32Array(size)
  const lengths = new Uint16Array(size)
  const kept = new Map<number, string>()
  let page = new Uint16Array(0)
  let used = 0
  let count = 0

  const roomFor = (units: number) => {
    if (pages.length > 0 && used + units <= page.length) return
    page = new Uint16Array(Math.min(PAGE_UNITS, Math.max(units, 1, (size - count) * UNITS_PER_TEXT)))
    pages.push(page)
    used = 0
  }
  const place = (units: number) => {
    starts[count] = ((pages.length - 1) << PAGE_BITS) | used
    lengths[count] = units
    used += units
    count += 1
  }
  const next = (i: number) => {
    if (i !== count || count >= size) throw new Error(`text column: position ${i} written after ${count} of ${size}`)
  }

  /** the text at position i, the next one */
  const put = (i: number, text: string) => {
    next(i)
    if (text.length > MAX_PAGED) {
      kept.set(count, text)
      count += 1
      return
    }
    roomFor(text.length)
    for (let k = 0; k < text.length; k += 1) page[used + k] = text.charCodeAt(k)
    place(text.length)
  }

  return {
    put,

    /** the texts of `source`'s positions [from, end) at positions from `to`, the next ones: copied in runs, never read as strings */
    putRun(source: TextColumn, from: number, end: number, to: number) {
      next(to)
      if (to + end - from > size) throw new Error('text column: more texts than its size')
      let i = from
      while (i < end) {
        if (source.isKept(i)) {
          put(count, source.kept.get(i)!)
          i += 1
          continue
        }
        roomFor(source.lengths[i]!)
        // the texts that follow each other in one of the source's pages and fit into this page
        const start = source.starts[i]!
        const space = page.length - used
        let j = i
        let units = 0
        while (
          j < end &&
          !source.isKept(j) &&
          source.starts[j] === start + units &&
          source.starts[j]! >>> PAGE_BITS === start >>> PAGE_BITS &&
          units + source.lengths[j]! <= space
        ) {
          units += source.lengths[j]!
          j += 1
        }
        const local = start & LOCAL
        page.set(source.pages[start >>> PAGE_BITS]!.subarray(local, local + units), used)
        const base = used
        for (let k = i; k < j; k += 1) {
          used = base + source.starts[k]! - start
          place(source.lengths[k]!)
        }
        used = base + units
        i = j
      }
    },

    finish(): TextColumn {
      if (count !== size) throw new Error(`text column: ${count} texts written, ${size} expected`)
      return new TextColumn(size, pages, starts, lengths, kept)
    },
  }
}

export type TextColumnBuilder = ReturnType<typeof textColumnBuilder>

/** A column of the given texts, in their order. */
export function textColumnOf(texts: readonly string[]): TextColumn {
  const builder = textColumnBuilder(texts.length)
  texts.forEach((text, i) => builder.put(i, text))
  return builder.finish()
}
