import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_DEFAULTS, SORT_DIRECTIONS, SORT_FIELDS, filterRequestSchema, type FilterRequest, type Sorting } from '../../src/contract/catalogue'
import { countByCategory } from '../../server/catalogue/category-totals'
import { evaluate } from '../../server/catalogue/engine'
import { planFilter } from '../../server/catalogue/filter'
import { createPacer } from '../../server/catalogue/pacing'
import type { PricePolicy } from '../../src/contract/price-policy'
import { whenCurrent, type CatalogueSnapshot } from '../../server/catalogue/snapshot'
import { seedDatabase } from '../../server/db/seed'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'
import { PRICE_POLICIES, servedCatalogue } from '../support/served-catalogue'

/**
 * A filter by catalogue alone is answered from the copy's totals per category: the outcome is the
 * one the pass over every product gives, for every catalogue, sorting, page and price basis, and
 * it stays so after a price change (the totals shared), a rename (renumbered) and a product moved
 * to another brand or category (counted anew).
 */

let db: FreshDb

const served = () => servedCatalogue(db)

beforeAll(async () => {
  db = await createFreshDb()
  await seedDatabase(db, { products: 300 })
  await served()
})
afterAll(() => db?.dispose())

const run = (s: CatalogueSnapshot, request: FilterRequest, policy: PricePolicy) => {
  const filter = filterRequestSchema.parse(request)
  return evaluate(s, planFilter(filter, s.tree, { factor: 0.93, policy }), filter.sorting, filter.page, filter.perpage)
}

/** The outcome from the totals is the pass's, for every catalogue of the tree (and all of them), sorting and page. */
function expectTotalsAsPass(s: CatalogueSnapshot) {
  expect(s.totals()).toBeDefined()
  const pass: CatalogueSnapshot = { ...s, totals: () => undefined }
  // all, the default section, one unknown, a group and a leaf (the tree lists sections, groups, leaves)
  const categories = [...s.categoryIds].map(String)
  const catalogues = [CATALOGUE_DEFAULTS.allCatalogues, CATALOGUE_DEFAULTS.catalog, '999999', categories[1]!, categories.at(-1)!]
  const sortings: (Sorting | undefined)[] = [undefined, ...SORT_FIELDS.flatMap((field) => SORT_DIRECTIONS.map((sort) => ({ field, sort })))]
  const pages = [...sortings.map((sorting) => [sorting, 1] as const), [undefined, 3] as const, [{ field: 'price', sort: 'desc' } as const, 200] as const]
  for (const policy of PRICE_POLICIES) {
    for (const catalog of catalogues) {
      // the sortings under one policy; the others change only the price range
      for (const [sorting, page] of policy === PRICE_POLICIES[0] ? pages : pages.slice(0, 1)) {
        const body = { catalog, sorting, page }
        expect(run(s, body, policy), `${policy.type} ${JSON.stringify(body)}`).toEqual(run(pass, body, policy))
      }
    }
  }
}

/** The totals the copy carries are those counted anew from its columns. */
async function expectTotalsCounted(s: CatalogueSnapshot) {
  const counted = await countByCategory(
    { ...s, categories: s.categoryIds.length, brands: s.brandList.length, tags: s.tags.length, params: s.params.length },
    createPacer(),
  )
  expect(s.totals()).toEqual(counted)
}

describe('the totals per category', () => {
  it('answer a filter by catalogue alone as the pass does', async () => {
    const s = await served()
    await expectTotalsCounted(s)
    expectTotalsAsPass(s)
  })

  it('answer the other filters as the pass does', async () => {
    const s = await served()
    const pass: CatalogueSnapshot = { ...s, totals: () => undefined }
    for (const body of [
      { brand: [s.brandList[0]!.id] },
      { tags: [s.tags[0]!.id] },
      { byprice: true, minprice: 100, maxprice: 5000 },
      { query: s.header.at(0).split(' ')[0]!, catalog: CATALOGUE_DEFAULTS.allCatalogues, search_range: 'all' as const },
      { filter: [{ id: s.params[0]!.id, minp: 0, maxp: 1000 }] },
    ])
      expect(run(s, body, PRICE_POLICIES[0]!), JSON.stringify(body)).toEqual(run(pass, body, PRICE_POLICIES[0]!))
  })

  it('are shared by a copy with a price changed in place', async () => {
    const before = await served()
    await db.kysely.updateTable('products').set({ price: 0.01, price_rrc: 99_999_999 }).where('id', '=', before.ids[7]!).execute()
    const after = await served()
    expect(after.version).toBeGreaterThan(before.version)
    expect(after.totals()).toBe(before.totals())
    expectTotalsAsPass(after)
  })

  it('are renumbered with a renamed brand and category, and counted anew when a product moves', async () => {
    const s = await served()
    const last = s.brandList.at(-1)!
    await db.kysely.updateTable('brands').set({ header: 'Ааа бренд первым' }).where('id', '=', last.id).execute()
    await db.kysely.updateTable('categories').set({ header: 'Ааа категория' }).where('id', '=', s.categoryIds.at(-1)!).execute()
    // renumbered along with the copy, not counted again in the background
    expect((await whenCurrent(db)).totals()).toBeDefined()
    const renamed = await served()
    expect(renamed.brandList[0]!.id).toBe(last.id)
    await expectTotalsCounted(renamed)
    expectTotalsAsPass(renamed)

    const brand = await db.kysely.insertInto('brands').values({ header: 'Новый бренд' }).returning('id').executeTakeFirstOrThrow()
    await db.kysely.updateTable('products').set({ brand_id: brand.id, category_id: s.category[0]! }).where('id', '=', s.ids[5]!).execute()
    const moved = await served()
    expect(moved.brands.get(moved.brand[5]!)).toBe('Новый бренд')
    await expectTotalsCounted(moved)
    expectTotalsAsPass(moved)
  })
})
