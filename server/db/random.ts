/** A seeded pseudo-random source (mulberry32): the same seed gives the same sequence. */
export interface Random {
  /** a float in [0, 1) */
  next: () => number
  /** an integer in [min, max], both ends included */
  int: (min: number, max: number) => number
  chance: (probability: number) => boolean
  pick: <T>(items: readonly T[]) => T
  /** `count` distinct items in random order (all of them when there are fewer) */
  sample: <T>(items: readonly T[], count: number) => T[]
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[int(0, items.length - 1)] as T
  }
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items]
    const taken: T[] = []
    while (taken.length < count && pool.length > 0) {
      taken.push(pool.splice(int(0, pool.length - 1), 1)[0] as T)
    }
    return taken
  }
  return { next, int, chance: (probability) => next() < probability, pick, sample }
}
