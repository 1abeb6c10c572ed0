import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SORT_DIRECTIONS, SORT_FIELDS, type Sorting } from '../../src/contract/catalogue'
import { subtreeIds } from '../../server/catalogue/categories'
import { evaluate, passOverEvery } from '../../server/catalogue/engine'
import { byKeywordAlone } from '../../server/catalogue/engine-keyword'
import { byOnePart } from '../../server/catalogue/engine-one-part'
import type { FilterPlan } from '../../server/catalogue/filter'
import { blockSettings, whenBlocksBuilt } from '../../server/catalogue/group-blocks'
import { normalizeSearch } from '../../server/catalogue/search-text'
import type { CatalogueSnapshot } from '../../server/catalogue/snapshot'
import { seedDatabase } from '../../server/db/seed'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'
import { PRICE_POLICIES, servedCatalogue } from '../support/served-catalogue'

/**
 * The engine answers a filter by catalogue and one more part (brands, tags, a param's range, a
 * price range), the availability too, from the category groups and the totals per category
 * without a pass over every product: on random filters its outcome is the pass's, on a fresh copy
 * and on one with prices changed in place, before and after the groups' facets by blocks (and
 * the param groups in value order) are built.
 */

let db: FreshDb

const served = () => servedCatalogue(db)

beforeAll(async () => {
  db = await createFreshDb()
  await seedDatabase(db, { products: 400 })
  await served()
})
afterAll(() => db?.dispose())

const SORTINGS: (Sorting | undefined)[] = [undefined, ...SORT_FIELDS.flatMap((field) => SORT_DIRECTIONS.map((sort) => ({ field, sort })))]
const UNKNOWN_ID = 999_999

/** Which parts a random filter has besides its catalogue: one of them, or several (left to the pass). */
const KINDS = ['catalogue', 'brand', 'tags', 'price', 'param', 'several', 'keyword'] as const

interface RandomFilter {
  plan: FilterPlan
  kind: (typeof KINDS)[number]
  sorting: Sorting | undefined
  page: number
  perpage: number
  /** the available products, when the filter asks for them */
  available?: Uint8Array
}

/** Random filters over the copy's own categories, brands, tags, params and prices, with an unknown id now and then. */
function randomFilter(s: CatalogueSnapshot): fc.Arbitrary<RandomFilter> {
  const prices = [...s.price]
  const idOf = (ids: number[]) => fc.constantFrom(...ids, UNKNOWN_ID)
  const bound = fc.option(fc.constantFrom(...prices, 0, 1e9), { nil: null })
  const brands = fc.uniqueArray(idOf(s.brandList.map((brand) => brand.id)), { minLength: 1, maxLength: 3 })
  const tags = fc.uniqueArray(idOf(s.tags.map((tag) => tag.id)), { minLength: 1, maxLength: 3 })
  // a header's words: its noun (held by each product of a category or a few), its brand, its model; part of a word; none
  const words = [...new Set([0, 1, 2, 3].flatMap((w) => Array.from(s.header, (header) => normalizeSearch(header).split(' ')[w] ?? '')))]
  const keyword = fc.constantFrom(...words.filter((word) => word.length > 0), 'ра', 'ор ', 'zzz')
  const param = fc.record({
    id: idOf(s.params.map((p) => p.id)),
    minp: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
    maxp: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
  })
  return fc
    .record({
      kind: fc.constantFrom(...KINDS),
      catalog: fc.option(fc.constantFrom(...[...s.categoryIds].map(String), String(UNKNOWN_ID)), { nil: null }),
      brands,
      tags,
      params: fc.array(param, { minLength: 1, maxLength: 2 }),
      min: bound,
      max: bound,
      factor: fc.constantFrom(1, 0.93, 1.17),
      policy: fc.constantFrom(...PRICE_POLICIES),
      several: fc.subarray(['brand', 'tags', 'price', 'param'] as const, { minLength: 2 }),
      sorting: fc.constantFrom(...SORTINGS),
      page: fc.integer({ min: 1, max: 4 }),
      perpage: fc.integer({ min: 1, max: 30 }),
      available: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      keyword,
    })
    .map((r) => {
      const has = (part: 'brand' | 'tags' | 'price' | 'param') => r.kind === part || (r.kind === 'several' && r.several.includes(part))
      const plan: FilterPlan = {
        categoryIds: r.catalog === null ? null : subtreeIds(s.tree, r.catalog),
        brandIds: has('brand') ? r.brands : [],
        tagIds: has('tags') ? r.tags : [],
        contractPrice: has('price') ? { min: r.min, max: r.max, factor: r.factor, policy: r.policy } : null,
        priceBasis: r.policy.type === 'rrc' ? 'price_rrc' : 'price',
        params: has('param') ? (r.kind === 'param' ? r.params.slice(0, 1) : r.params) : [],
        keyword: r.kind === 'keyword' ? r.keyword : '',
        warehouseId: 1,
        available: r.available !== undefined,
      }
      // every n-th product available, shifted by n
      const available =
        r.available === undefined ? undefined : Uint8Array.from({ length: s.size }, (_, i) => ((i + r.available!) % (r.available! + 1) === 0 ? 0 : 1))
      return { plan, kind: r.kind, sorting: r.sorting, page: r.page, perpage: r.perpage, available }
    })
}

/**
 * As the pass before the groups' blocks are built (the first filters start building them), once
 * the param groups are in value order (their blocks are started then) and once all are built.
 */
async function expectAsThePass(s: CatalogueSnapshot) {
  expectAsThePassNow(s)
  await whenBlocksBuilt()
  expectAsThePassNow(s)
  await whenBlocksBuilt()
  expectAsThePassNow(s)
}

function expectAsThePassNow(s: CatalogueSnapshot) {
  fc.assert(
    fc.property(randomFilter(s), ({ plan, kind, sorting, page, perpage, available }) => {
      const expected = passOverEvery(s, plan, { sorting, page, perpage }, available)
      expect(evaluate(s, plan, sorting, page, perpage, available)).toEqual(expected)
      if (kind === 'keyword' && !available) {
        const inCatalogue = plan.categoryIds && Uint8Array.from(s.categoryIds, (id) => (plan.categoryIds!.includes(id) ? 1 : 0))
        // by the keyword's products and the totals, not left to the pass
        expect(byKeywordAlone(s, plan, { totals: s.totals()!, inCatalogue }, { sorting, page, perpage })).toEqual(expected)
      }
      if (kind !== 'catalogue' && kind !== 'several' && kind !== 'keyword') {
        const chosen = plan.categoryIds && Uint8Array.from(s.categoryIds, (id) => (plan.categoryIds!.includes(id) ? 1 : 0))
        // the one-part filters are answered from the groups, not left to the pass
        expect(byOnePart(s, plan, { totals: s.totals()!, chosen, among: available }, { sorting, page, perpage })).toBeDefined()
      }
    }),
    { numRuns: 400 },
  )
}

const setPrices = (id: number, price: number, priceRrc: number) =>
  db.kysely.updateTable('products').set({ price, price_rrc: priceRrc }).where('id', '=', id).execute()

// blocks of 1 and 2 slots: whole blocks are summed even in the short ranges of this small catalogue, partial ones read product by product
describe.each([undefined, 0, 1])('the engine over the category groups (block shift %s)', (shift) => {
  beforeAll(() => {
    blockSettings.shift = shift
  })
  afterAll(() => {
    blockSettings.shift = undefined
  })

  it('gives the outcome of the pass over every product on random filters', async () => {
    await expectAsThePass(await served())
  })

  it('still does after prices changed in place', async () => {
    const before = await served()
    for (const at of [3, 50, 120]) await setPrices(before.ids[at]!, 1.5 * at + (shift ?? 0), 7 * at)
    const after = await served()
    expect(after.version).toBeGreaterThan(before.version)
    await expectAsThePass(after)
  })

  it('still does after price changes one by one, each copy written into the buffers the copy two changes back gave up', async () => {
    const copies: CatalogueSnapshot[] = []
    // the price groups of each copy are the previous copy's with the product moved: to the top, the bottom, the middle of its category
    for (const [at, to] of [
      [7, 'top'],
      [60, 'bottom'],
      [130, 'middle'],
      [250, 'top'],
    ] as const) {
      const before = await served()
      const prices = [...before.price].sort((a, b) => a - b)
      const price = { top: prices.at(-1)! + at, bottom: prices[0]! / 2, middle: prices[prices.length >> 1]! + 0.001 * ((shift ?? 2) + 1) }[to]
      await setPrices(before.ids[at]!, price, price * 1.2)
      const after = await served()
      await expectAsThePass(after)
      copies.push(after)
    }
    expect(copies[2]!.price.buffer).toBe(copies[0]!.price.buffer)
    expect(copies[3]!.sortedBy('price_rrc', 'asc')!.buffer).toBe(copies[1]!.sortedBy('price_rrc', 'asc')!.buffer)
  })

  it('still does after a brand renamed in place moved it in the facet', async () => {
    const before = await served()
    const last = before.brandList.at(-1)!
    await db.kysely
      .updateTable('brands')
      .set({ header: `0 ${shift ?? ''} ${last.header}` })
      .where('id', '=', last.id)
      .execute()
    const after = await served()
    expect(after.brandList.findIndex((brand) => brand.id === last.id)).toBeLessThan(before.brandList.length - 1)
    await expectAsThePass(after)
  })
})
