import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CATALOGUE_DEFAULTS, SORT_DIRECTIONS, SORT_FIELDS, filterRequestSchema, type FilterRequest, type Sorting } from '../../src/contract/catalogue'
import { evaluate } from '../../server/catalogue/engine'
import { planFilter } from '../../server/catalogue/filter'
import { cachedOutcome } from '../../server/catalogue/outcome-cache'
import { createPacer } from '../../server/catalogue/pacing'
import { whenCurrent, type CatalogueSnapshot } from '../../server/catalogue/snapshot'
import { substringSearch } from '../../server/catalogue/substring-search'
import { seedDatabase } from '../../server/db/seed'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'
import { CONTRACT_PRICE_POLICY } from '../../src/contract/price-policy'
import { IO_WAIT } from '../support/waits'

/**
 * The engine straight on a copy of a seeded catalogue: a page selected without the sorted orders
 * (as right after a reload, while they are built) is the page read from them, and the outcome
 * cache gives one outcome per filter, copy and stock version.
 */

let db: FreshDb
let s: CatalogueSnapshot

beforeAll(async () => {
  db = await createFreshDb()
  await seedDatabase(db, { products: 300 })
  s = await whenCurrent(db)
  await vi.waitFor(() => expect(SORT_FIELDS.every((field) => s.sortedBy(field, 'desc')) && s.sortedBy('catalogue', 'asc')).toBeTruthy(), IO_WAIT)
})
afterAll(() => db?.dispose())

const run = (snapshot: CatalogueSnapshot, request: FilterRequest) => {
  const filter = filterRequestSchema.parse(request)
  return evaluate(snapshot, planFilter(filter, snapshot.tree, { factor: 1, policy: CONTRACT_PRICE_POLICY }), filter.sorting, filter.page, filter.perpage)
}

describe('the catalogue engine', () => {
  it('selects the same page without the sorted orders as with them', () => {
    const unsorted: CatalogueSnapshot = { ...s, sortedBy: () => undefined }
    const sortings: (Sorting | undefined)[] = [undefined, ...SORT_FIELDS.flatMap((field) => SORT_DIRECTIONS.map((sort) => ({ field, sort })))]
    for (const sorting of sortings) {
      for (const request of [
        { catalog: CATALOGUE_DEFAULTS.allCatalogues },
        { brand: [s.brand[0]!] },
        { catalog: CATALOGUE_DEFAULTS.allCatalogues, perpage: 7 },
      ]) {
        for (const page of [1, 2, 5, 100]) {
          const body = { ...request, sorting, page }
          const expected = run(s, body)
          expect(run(unsorted, body), JSON.stringify(body)).toEqual(expected)
        }
      }
    }
  })

  it('keeps ties in id order both ways', () => {
    const byPrice = s.sortedBy('price', 'desc')!
    for (let k = 1; k < byPrice.length; k += 1) {
      const [a, b] = [byPrice[k - 1]!, byPrice[k]!]
      expect(s.price[a]! > s.price[b]! || (s.price[a] === s.price[b] && s.ids[a]! < s.ids[b]!)).toBe(true)
    }
  })

  it('caches an outcome per filter, copy of the catalogue and stock version', () => {
    const filter = filterRequestSchema.parse({ catalog: '-1', available: true })
    const plan = planFilter(filter, s.tree, { factor: 1, policy: CONTRACT_PRICE_POLICY })
    let evaluations = 0
    const outcome = (snapshot: CatalogueSnapshot, stockVersion: number, page = 1) =>
      cachedOutcome(snapshot, { plan, sorting: undefined, page, perpage: 20, stockVersion }, () => {
        evaluations += 1
        return evaluate(snapshot, plan, undefined, page, 20, new Uint8Array(snapshot.size).fill(1))
      })
    const first = outcome(s, 1)
    expect(outcome(s, 1)).toBe(first)
    expect(evaluations).toBe(1)
    outcome(s, 2)
    outcome(s, 1, 2)
    expect(evaluations).toBe(3)
    // a reloaded copy starts with an empty cache
    outcome({ ...s }, 1)
    expect(evaluations).toBe(4)
  })
})

describe('the keyword search over the joined text', () => {
  const naive = (texts: string[], keyword: string) => texts.map((text) => (text.includes(keyword) ? 1 : 0))
  const keywords = ['', 'радиатор', 'rifar', 'м²', '500 ', 'р', 'x', '№', 'ж\u0086', '\u0086', 'е 5', '\n', 'ёж', 'еж']

  it('finds what a plain includes finds, in one-byte text and in text that has to stay two-byte', async () => {
    const russian = ['радиатор rifar base 500', 'площадь 10 м²', 'труба pe-x 16 мм', 'еж', 'кран шаровой 1/2']
    for (const texts of [russian, [...russian, 'ключ №5 – разводной']]) {
      const containing = await substringSearch(texts, createPacer())
      for (const keyword of keywords) expect([...containing(keyword)], `${keyword} in ${texts.at(-1)}`).toEqual(naive(texts, keyword))
    }
  })
})
