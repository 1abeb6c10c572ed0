import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { whenCurrent, currentCatalogue, snapshotLoader, type CatalogueSnapshot } from '../../server/catalogue/snapshot'
import { ORDER_KEYS } from '../../server/catalogue/snapshot-columns'
import { copySettings, isIntact } from '../../server/catalogue/recycled-columns'
import { pruneChanges } from '../../server/catalogue/snapshot-changes'
import { loadSnapshot, readVersions } from '../../server/catalogue/snapshot-load'
import { normalizeSearch } from '../../server/catalogue/search-text'
import { seedDatabase } from '../../server/db/seed'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'
import { deleteProduct } from '../support/delete-product'

/**
 * A few changed products are taken into the served copy in place (a new copy sharing the rest):
 * after each kind of change the patched copy is exactly the copy read anew (columns, sorted
 * orders, keyword search, positions), versions only go up, and a change to the structure or to
 * many products reads the copy anew.
 */

let db: FreshDb
let loads = 0

const copySlice = copySettings.slice

beforeAll(async () => {
  // a changed column is copied in slices: several of them at 300 products
  copySettings.slice = 7
  db = await createFreshDb()
  await seedDatabase(db, { products: 300 })
  await whenCurrent(db)
  snapshotLoader.load = async (target) => {
    loads += 1
    return loadSnapshot(target)
  }
})
afterAll(() => {
  copySettings.slice = copySlice
  snapshotLoader.load = loadSnapshot
  return db?.dispose()
})
afterEach(() => vi.restoreAllMocks())

const COLUMNS = [
  'ids',
  'category',
  'categoryAt',
  'brand',
  'brandAt',
  'price',
  'priceRrc',
  'sortWeight',
  'header',
  'articul',
  'paramStart',
  'paramAt',
  'paramValue',
  'tagStart',
  'tagAt',
] as const

const allSorted = (s: CatalogueSnapshot) => ORDER_KEYS.every(([name, direction]) => s.sortedBy(name, direction))

/** The served copy after the change, checked against a copy read anew; returns it. */
async function expectPatchedAsRead(keywords: string[] = []): Promise<CatalogueSnapshot> {
  const loadsBefore = loads
  const served = await whenCurrent(db)
  expect(loads, 'taken in place, not read anew').toBe(loadsBefore)
  expect(served.patchedRows).toBeGreaterThan(0)
  const fresh = await loadSnapshot(db)
  // the sorted orders are built in slices between requests: on a busy machine that takes seconds
  await vi.waitFor(() => expect(allSorted(served) && allSorted(fresh)).toBe(true), { timeout: 15_000 })
  expect(served.version).toBe(fresh.version)
  expect(served.size).toBe(fresh.size)
  for (const column of COLUMNS) expect(Array.from(served[column] as ArrayLike<unknown>), column).toEqual(Array.from(fresh[column] as ArrayLike<unknown>))
  for (const [name, direction] of ORDER_KEYS)
    expect(Array.from(served.sortedBy(name, direction)!), `${name} ${direction}`).toEqual(Array.from(fresh.sortedBy(name, direction)!))
  for (const keyword of ['', 'а', '1', ...keywords].map(normalizeSearch))
    expect(Array.from(served.containing(keyword)), keyword).toEqual(Array.from(fresh.containing(keyword)))
  const lastId = fresh.ids[fresh.size - 1]!
  for (let id = 0; id <= lastId + 2; id += 1) expect(served.positionOf(id), `id ${id}`).toBe(fresh.positionOf(id))
  return served
}

const k = () => db.kysely
const productAt = (s: CatalogueSnapshot, i: number) => ({ id: s.ids[i]!, header: s.header.at(i), articul: s.articul.at(i) })

describe('a change taken into the served copy in place', () => {
  it('a price change, a new sort weight and a renamed product', async () => {
    const s = await whenCurrent(db)
    const [a, b] = [productAt(s, 10), productAt(s, 20)]
    await k().updateTable('products').set({ price: 0.5 }).where('id', '=', a.id).execute()
    await k().updateTable('products').set({ sort: 1, header: 'Перфоратор Ёлочный особый' }).where('id', '=', b.id).execute()
    const patched = await expectPatchedAsRead(['ёлочный', 'особый', b.header.split(' ')[0]!, a.articul])
    expect(patched.price[patched.positionOf(a.id)!]).toBe(0.5)
    expect(patched.sortedBy('catalogue', 'asc')![0]).toBe(patched.positionOf(b.id))
  })

  it('a category change, a brand change and a param value, products staying where they are', async () => {
    const s = await whenCurrent(db)
    const [a, b] = [productAt(s, 40), productAt(s, 41)]
    const otherCategory = s.category.find((id) => id !== s.category[40])!
    await k().updateTable('products').set({ category_id: otherCategory }).where('id', '=', a.id).execute()
    await k()
      .updateTable('products')
      .set({ brand_id: s.brand.find((id) => id !== s.brand[41])! })
      .where('id', '=', b.id)
      .execute()
    const withParams = s.ids.find((_, i) => s.paramStart[i + 1]! > s.paramStart[i]!)!
    await k().updateTable('product_params').set({ value: 123.5 }).where('product_id', '=', withParams).execute()
    const patched = await expectPatchedAsRead()
    expect(patched.category[patched.positionOf(a.id)!]).toBe(otherCategory)
    // what did not change is shared with the copy before
    expect(patched.price).toBe(s.price)
    expect(patched.header).toBe(s.header)
    expect(patched.containing).toBe(s.containing)
  })

  it('a price list of many products', async () => {
    const s = await whenCurrent(db)
    const ids = Array.from(s.ids.subarray(100, 160))
    await k()
      .transaction()
      .execute(async (trx) => {
        for (const [n, id] of ids.entries())
          await trx
            .updateTable('products')
            .set({ price: 1000 + ((n * 7919) % 97), price_rrc: 5 })
            .where('id', '=', id)
            .execute()
      })
    await expectPatchedAsRead()
  })

  it('a stock-only change leaves the copy as it is', async () => {
    const s = await whenCurrent(db)
    await k().updateTable('stocks').set({ quantity: 0 }).where('product_id', '=', s.ids[5]!).execute()
    const { snapshot, versions } = await currentCatalogue(db)
    expect(snapshot).toBe(s)
    expect(versions.catalogue).toBe(s.version)
  })

  it('a new product with params and tags, then a category and brand change', async () => {
    const s = await whenCurrent(db)
    const model = productAt(s, 3)
    const { id } = await k()
      .insertInto('products')
      .values({
        articul: 'NEW-0001',
        header: 'Новинка сезона',
        brand_id: s.brand[7]!,
        category_id: s.category[7]!,
        price: 9_999_999,
        price_rrc: 1,
        description: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await k().insertInto('product_params').values({ product_id: id, param_id: s.params[0]!.id, value: 42 }).execute()
    await k().insertInto('product_tags').values({ product_id: id, tag_id: s.tags[0]!.id }).execute()
    const added = await expectPatchedAsRead(['новинка', 'new-0001'])
    expect(added.size).toBe(s.size + 1)
    expect(added.sortedBy('price', 'desc')![0]).toBe(added.positionOf(id))

    await k().updateTable('products').set({ category_id: s.category[200]!, brand_id: s.brand[200]! }).where('id', '=', model.id).execute()
    await k().deleteFrom('product_params').where('product_id', '=', model.id).execute()
    await expectPatchedAsRead([model.header])
  })

  it('a deleted product, a new one in a gap of the ids and one at the end', async () => {
    const s = await whenCurrent(db)
    const [first, middle] = [productAt(s, 0), productAt(s, 150)]
    await deleteProduct(db, first.id)
    await deleteProduct(db, middle.id)
    const patched = await expectPatchedAsRead([first.articul, middle.articul])
    expect(patched.positionOf(first.id)).toBeUndefined()
    // an id below the first one, where the deleted one was
    await k()
      .insertInto('products')
      .values({
        id: middle.id,
        articul: 'GAP-1',
        header: 'Вставка',
        brand_id: s.brand[0]!,
        category_id: s.category[0]!,
        price: 1,
        price_rrc: 1,
        description: '',
      })
      .execute()
    await k()
      .insertInto('products')
      .values({ articul: 'END-1', header: 'Последний', brand_id: s.brand[0]!, category_id: s.category[0]!, price: 2, price_rrc: 2, description: '' })
      .execute()
    await expectPatchedAsRead(['вставка', 'gap-1', 'end-1'])
  })

  it('changes on top of changes, with the orders not yet sorted in the copy they are taken into', async () => {
    for (let round = 0; round < 5; round += 1) {
      const s = await whenCurrent(db)
      await k()
        .updateTable('products')
        .set({ price: 10 + round, header: `Серия ${round}` })
        .where('id', 'in', [s.ids[round]!, s.ids[s.size - 1 - round]!])
        .execute()
      const next = await currentCatalogue(db)
      void next
    }
    await expectPatchedAsRead(['серия', 'серия 3'])
  })

  it('price changes one after another: each copy as read, written into the buffers the copy two changes back gave up', async () => {
    const copies: CatalogueSnapshot[] = []
    for (let change = 0; change < 4; change += 1) {
      const s = await whenCurrent(db)
      await k()
        .updateTable('products')
        .set({ price: 700 + change, price_rrc: 900 - change })
        .where('id', 'in', [s.ids[10 + change]!, s.ids[200 - change]!])
        .execute()
      copies.push(await expectPatchedAsRead())
    }
    const [first, second, third, fourth] = copies as [CatalogueSnapshot, CatalogueSnapshot, CatalogueSnapshot, CatalogueSnapshot]
    expect(third.price.buffer).toBe(first.price.buffer)
    expect(fourth.priceRrc.buffer).toBe(second.priceRrc.buffer)
    expect(fourth.sortedBy('price', 'desc')!.buffer).toBe(second.sortedBy('price', 'desc')!.buffer)
    // a new array over the buffer: whatever is remembered by array is built anew
    expect(third.price).not.toBe(first.price)
    expect([fourth, third].map(isIntact)).toEqual([true, true])
    expect([second, first].map(isIntact)).toEqual([false, false])
  })

  it('never serves an older copy', async () => {
    const served: number[] = []
    const s = await whenCurrent(db)
    for (let change = 0; change < 6; change += 1) {
      await k()
        .updateTable('products')
        .set({ price: 500 + change })
        .where('id', '=', s.ids[30]!)
        .execute()
      for (let i = 0; i < 3; i += 1) served.push((await currentCatalogue(db)).snapshot.version)
    }
    served.push((await whenCurrent(db)).version)
    expect(served).toEqual([...served].sort((x, y) => x - y))
  })
})

describe('a change to the brands, categories, params or tags taken as labels', () => {
  /** The served copy's structure is the one read anew: the facets' order and every label. */
  async function expectStructureAsRead(): Promise<CatalogueSnapshot> {
    const served = await expectPatchedAsRead()
    const fresh = await loadSnapshot(db)
    expect(served.brandList).toEqual(fresh.brandList)
    expect([...served.brands]).toEqual([...fresh.brands])
    expect(Array.from(served.categoryIds)).toEqual(Array.from(fresh.categoryIds))
    expect(served.tree).toEqual(fresh.tree)
    expect(served.params).toEqual(fresh.params)
    expect(served.tags).toEqual(fresh.tags)
    return served
  }

  it('a renamed brand moves in the facet, its products renumbered, without reading the copy anew', async () => {
    const s = await whenCurrent(db)
    const last = s.brandList.at(-1)!
    await k().updateTable('brands').set({ header: 'Ааа бренд переименован' }).where('id', '=', last.id).execute()
    const served = await expectStructureAsRead()
    expect(served.brands.get(last.id)).toBe('Ааа бренд переименован')
    expect(served.brandList[0]!.id).toBe(last.id)
  })

  it('a renamed category, a new param and a new brand with a product moved to it, in one change', async () => {
    const s = await whenCurrent(db)
    const categoryId = s.categoryIds[s.categoryIds.length - 1]!
    await k()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('categories').set({ header: 'Ааа категория' }).where('id', '=', categoryId).execute()
        await trx.insertInto('params').values({ header: 'Новый параметр', unit: 'мм' }).execute()
        const brand = await trx.insertInto('brands').values({ header: 'Новый бренд' }).returning('id').executeTakeFirstOrThrow()
        await trx.updateTable('products').set({ brand_id: brand.id }).where('id', '=', s.ids[5]!).execute()
      })
    const served = await expectStructureAsRead()
    expect(served.brands.get(served.brand[5]!)).toBe('Новый бренд')
  })

  it('a brand deleted after its products moved away is taken in place too', async () => {
    const s = await whenCurrent(db)
    const brand = await k().insertInto('brands').values({ header: 'Бренд на время' }).returning('id').executeTakeFirstOrThrow()
    await k().updateTable('products').set({ brand_id: brand.id }).where('id', '=', s.ids[9]!).execute()
    await whenCurrent(db)
    await k().updateTable('products').set({ brand_id: s.brand[9]! }).where('id', '=', s.ids[9]!).execute()
    await k().deleteFrom('brands').where('id', '=', brand.id).execute()
    const served = await expectStructureAsRead()
    expect(served.brands.has(brand.id)).toBe(false)
  })
})

describe('a change read anew', () => {
  it('a truncated product table reads the copy anew (PostgreSQL)', async ({ skip }) => {
    if (db.dialect !== 'postgres') skip()
    const before = loads
    await sql`truncate product_tags`.execute(k())
    const fresh = await whenCurrent(db)
    expect(loads).toBe(before + 1)
    expect(fresh.tagAt.length).toBe(0)
  })

  it('a copy older than the kept change log is read anew', async () => {
    const s = await whenCurrent(db)
    const before = loads
    await k().updateTable('products').set({ price: 77 }).where('id', '=', s.ids[60]!).execute()
    const { catalogue } = await readVersions(db.kysely)
    await pruneChanges(db, catalogue)
    expect((await whenCurrent(db)).price[60]).toBe(77)
    expect(loads).toBe(before + 1)
    // the log goes on from there
    await k().updateTable('products').set({ price: 78 }).where('id', '=', s.ids[60]!).execute()
    expect((await expectPatchedAsRead()).price[60]).toBe(78)
  })

  it('a change to more products than the limit reads the copy anew', async () => {
    await whenCurrent(db)
    const before = loads
    snapshotLoader.patchLimit = 50
    try {
      await k().updateTable('products').set({ price_rrc: 3 }).where('id', '<=', 60).execute()
      const fresh = await whenCurrent(db)
      expect(loads).toBe(before + 1)
      expect(fresh.priceRrc.subarray(0, 40).every((price) => price === 3)).toBe(true)
      await k().updateTable('products').set({ price_rrc: 4 }).where('id', '<=', 30).execute()
      expect((await whenCurrent(db)).priceRrc[0]).toBe(4)
      expect(loads).toBe(before + 1)
    } finally {
      snapshotLoader.patchLimit = 2000
    }
  })
})
