import { performance } from 'node:perf_hooks'

/**
 * A long job on the request thread (a catalogue reload) done in slices of about `sliceMs`, giving
 * the event loop back between them, so a request waits at most one slice at each of its turns (a
 * filter on PostgreSQL takes eight, one per query). Callers count their steps and ask `due()`
 * every so often, as reading the clock costs too.
 */
export function createPacer(sliceMs = 1) {
  let sliceStart = performance.now()
  return {
    due: () => performance.now() - sliceStart >= sliceMs,
    /** lets pending I/O (requests, query results) run first: setImmediate comes after the poll phase */
    rest: async () => {
      await new Promise<void>((resolve) => setImmediate(resolve))
      sliceStart = performance.now()
    },
  }
}
export type Pacer = ReturnType<typeof createPacer>

/** How many steps pass between two looks at the clock. */
const CHECK_EVERY = 1024

/**
 * Positions 0 .. size-1 sorted by `compare`, in slices: a bottom-up merge sort (insertion-sorted
 * runs, then merges), as one plain sort of 100,000 strings holds the thread for tens of ms.
 */
export async function sortedPositions(size: number, compare: (a: number, b: number) => number, pacer: Pacer): Promise<Int32Array> {
  let from = new Int32Array(size)
  for (let i = 0; i < size; i += 1) from[i] = i
  let to = new Int32Array(size)
  let steps = 0
  const step = async (cost: number) => {
    steps += cost
    if (steps < CHECK_EVERY) return
    steps = 0
    if (pacer.due()) await pacer.rest()
  }
  const RUN = 32
  for (let low = 0; low < size; low += RUN) {
    const high = Math.min(low + RUN, size)
    for (let i = low + 1; i < high; i += 1) {
      const value = from[i]!
      let j = i - 1
      while (j >= low && compare(from[j]!, value) > 0) {
        from[j + 1] = from[j]!
        j -= 1
      }
      from[j + 1] = value
    }
    await step(RUN * 4)
  }
  for (let width = RUN; width < size; width *= 2) {
    for (let low = 0; low < size; low += 2 * width) {
      const middle = Math.min(low + width, size)
      const high = Math.min(low + 2 * width, size)
      let i = low
      let j = middle
      for (let k = low; k < high; k += 1) {
        // ties take the left run first: stable
        to[k] = j < high && (i >= middle || compare(from[j]!, from[i]!) < 0) ? from[j++]! : from[i++]!
        if ((k & 255) === 0) await step(256)
      }
    }
    ;[from, to] = [to, from]
  }
  return from
}
