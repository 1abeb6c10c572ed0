import type { Pacer } from './pacing'
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

/** Elements copied between two looks at the pacer: 256–512 KB, a fraction of a millisecond even when its pages are fresh. Tests set it small. */
export const copySettings = { slice: 65_536 }

/**
 * `from` copied into `to` in slices. A fresh buffer's pages are mapped by the system as they are
 * first written: at 1,000,000 products the first price change wrote 16 MB of them in one go and
 * held the thread for 42 ms on a virtual machine.
 */
async function copyInSlices(to: Column, from: Column, pacer: Pacer) {
  for (let start = 0; start < from.length; start += copySettings.slice) {
    to.set(from.subarray(start, start + copySettings.slice), start)
    if (pacer.due()) await pacer.rest()
  }
}

/**
 * Fresh columns for a patch of `base`: `copyOf` gives a changed column's copy to write into, in a
 * spare buffer of the same size when `base` has one (a new array over it, so that whatever is
 * remembered by array, as the category groups and the blocks are, is built anew), and `adopt`
 * hands the replaced columns to the patched copy for the patch after it.
 */
export function columnRecycler(base: CatalogueSnapshot, pacer: Pacer) {
  let recycling = recyclingOf.get(base)
  if (!recycling) {
    recycling = { chain: { spoiledBelow: 0 }, spare: new Map() }
    recyclingOf.set(base, recycling)
  }
  const { chain, spare } = recycling
  const replaced = new Map<string, Column>()
  const sameKind = (a: Column, b: Column) => a.constructor === b.constructor && a.length === b.length
  return {
    async copyOf<T extends Column>(name: string, column: T): Promise<T> {
      replaced.set(name, column)
      const old = spare.get(name)
      const isSpare = old !== undefined && sameKind(old, column)
      // a spare is taken once: a second patch of the same copy gets a fresh one
      if (isSpare) {
        spare.delete(name)
        chain.spoiledBelow = Math.max(chain.spoiledBelow, base.version)
      }
      const buffer = isSpare ? old.buffer : new ArrayBuffer(column.byteLength)
      const offset = isSpare ? old.byteOffset : 0
      const copy = (column instanceof Float64Array ? new Float64Array(buffer, offset, column.length) : new Int32Array(buffer, offset, column.length)) as T
      await copyInSlices(copy, column, pacer)
      return copy
    },
    adopt(patched: CatalogueSnapshot) {
      recyclingOf.set(patched, { chain, spare: replaced })
    },
  }
}
