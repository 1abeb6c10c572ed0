import type { CatalogueSnapshot } from './snapshot-columns'

type Column = Int32Array | Float64Array

/** Copies that patches took one from the other, sharing what they did not change. */
interface Chain {
  /** copies of the chain older than this version may have had columns written over */
  spoiledBelow: number
}

interface Recycling {
  chain: Chain
  /** the columns and sorted orders (by name) the copy's patch replaced: only older copies read them */
  spare: Map<string, Column>
}

/**
 * A price change at 1,000,000 products replaced the price column (8 MB) and its two sorted orders
 * (4 MB each) by fresh copies: that much new external memory made V8 collect the whole heap, two
 * million strings, after nearly every change (30–130 ms of held thread). A patch therefore writes
 * its changed columns into the buffers the patch before it gave up: the copy two changes back,
 * which nobody is served any more, and every older one are spoiled (see isIntact).
 */
const recyclingOf = new WeakMap<CatalogueSnapshot, Recycling>()

/**
 * Whether the copy's columns still hold what it was made with. A request that holds a copy across
 * an await checks this before it reads the columns: the served copy and the one before it always are.
 */
export function isIntact(s: CatalogueSnapshot): boolean {
  const recycling = recyclingOf.get(s)
  return !recycling || s.version >= recycling.chain.spoiledBelow
}

/**
 * Fresh columns for a patch of `base`: `copyOf` gives a changed column's copy to write into, in a
 * spare buffer of the same size when `base` has one (a new array over it, so that whatever is
 * remembered by array, as the category groups and the blocks are, is built anew), and `adopt`
 * hands the replaced columns to the patched copy for the patch after it.
 */
export function columnRecycler(base: CatalogueSnapshot) {
  let recycling = recyclingOf.get(base)
  if (!recycling) {
    recycling = { chain: { spoiledBelow: 0 }, spare: new Map() }
    recyclingOf.set(base, recycling)
  }
  const { chain, spare } = recycling
  const replaced = new Map<string, Column>()
  return {
    copyOf<T extends Column>(name: string, column: T): T {
      replaced.set(name, column)
      const old = spare.get(name)
      if (!old || old.constructor !== column.constructor || old.length !== column.length) return column.slice() as T
      // taken once: a second patch of the same copy gets a fresh one
      spare.delete(name)
      chain.spoiledBelow = Math.max(chain.spoiledBelow, base.version)
      const copy = (
        old instanceof Float64Array ? new Float64Array(old.buffer, old.byteOffset, old.length) : new Int32Array(old.buffer, old.byteOffset, old.length)
      ) as T
      copy.set(column)
      return copy
    },
    adopt(patched: CatalogueSnapshot) {
      recyclingOf.set(patched, { chain, spare: replaced })
    },
  }
}
