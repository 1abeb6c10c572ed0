import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filterRequestSchema } from '../../src/contract/catalogue'
import { CONTRACT_PRICE_POLICY } from '../../src/contract/price-policy'
import { evaluate } from '../../server/catalogue/engine'
import { planFilter } from '../../server/catalogue/filter'
import { normalizeSearch, searchTextOf } from '../../server/catalogue/search-text'
import { loadSnapshot } from '../../server/catalogue/snapshot-load'
import { whenCurrent, type CatalogueSnapshot } from '../../server/catalogue/snapshot'
import { whenSearchIndexed } from '../../server/catalogue/substring-search'
import { seedDatabase } from '../../server/db/seed'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'
import { deleteProduct } from '../support/delete-product'

/**
 * The served copy's keyword search, once its pair signatures are hashed, finds what a plain
 * includes over each product's search text finds, and the keyword filter's outcome is that of a
 * copy read anew (whose first keyword is looked for without the signatures): on the copy as read,
 * after a price change, a renamed product, a renamed brand and a deleted product.
 */

let db: FreshDb

beforeAll(async () => {
  db = await createFreshDb()
  await seedDatabase(db, { products: 300 })
  const s = await whenCurrent(db)
  s.containing('радиатор')
  await whenSearchIndexed(s.containing)
})
afterAll(() => db?.dispose())

const k = () => db.kysely

/** The served copy after a change, with the signatures its search goes through hashed. */
async function served(): Promise<CatalogueSnapshot> {
  const s = await whenCurrent(db)
  await whenSearchIndexed(s.containing)
  return s
}

function outcomeFor(s: CatalogueSnapshot, keyword: string) {
  const filter = filterRequestSchema.parse({ query: keyword, catalog: '-1', search_range: 'all' })
  const plan = planFilter(filter, s.tree, { factor: 1, policy: CONTRACT_PRICE_POLICY })
  return evaluate(s, plan, filter.sorting, filter.page, filter.perpage)
}

async function expectKeywordsAsRead(s: CatalogueSnapshot, extra: string[] = []) {
  const texts = Array.from({ length: s.size }, (_, i) => searchTextOf({ header: s.header.at(i), articul: s.articul.at(i) }))
  const fromProducts = [s.header.at(0), s.header.at(s.size >> 1), s.header.at(s.size - 1)].flatMap((header) => header.split(' ').slice(0, 2))
  const keywords = ['радиатор', 'дрель', 'zzzz', 'ра', s.articul.at(7).slice(1, 5), ...fromProducts, ...extra].map(normalizeSearch)
  for (const keyword of keywords) {
    const naive = texts.map((text) => (text.includes(keyword) ? 1 : 0))
    expect(Array.from(s.containing(keyword)), keyword).toEqual(naive)
    // the signatures span several 32-product words: a keyword found near the end too
    if (keyword === 'радиатор') expect(naive.lastIndexOf(1)).toBeGreaterThan(32)
  }
  const fresh = await loadSnapshot(db)
  for (const keyword of keywords) expect(outcomeFor(s, keyword), keyword).toEqual(outcomeFor(fresh, keyword))
}

describe('the keyword search through the signatures on the served copy', () => {
  it('as read', async () => {
    await expectKeywordsAsRead(await served())
  })

  it('after a price change', async () => {
    const before = await served()
    await k().updateTable('products').set({ price: 0.5 }).where('id', '=', before.ids[5]!).execute()
    const after = await served()
    expect(after.version).toBeGreaterThan(before.version)
    await expectKeywordsAsRead(after)
  })

  it('after a product renamed', async () => {
    const before = await served()
    const [renamed, old] = [before.ids[40]!, before.header.at(40)]
    await k().updateTable('products').set({ header: 'Радиатор Ёлочный особый' }).where('id', '=', renamed).execute()
    const after = await served()
    expect(after.header.at(after.positionOf(renamed)!)).toBe('Радиатор Ёлочный особый')
    await expectKeywordsAsRead(after, ['ёлочный', 'радиатор ел', old.split(' ')[0]!])
  })

  it('after a brand renamed', async () => {
    const before = await served()
    const brand = before.brandList.at(-1)!
    await k()
      .updateTable('brands')
      .set({ header: `Ааа ${brand.header}` })
      .where('id', '=', brand.id)
      .execute()
    const after = await served()
    expect(after.brands.get(brand.id)).toBe(`Ааа ${brand.header}`)
    await expectKeywordsAsRead(after)
  })

  it('after a product deleted, the others moved', async () => {
    const before = await served()
    const gone = before.ids[3]!
    await deleteProduct(db, gone)
    const after = await served()
    expect(after.size).toBe(before.size - 1)
    await expectKeywordsAsRead(after)
  })
})
