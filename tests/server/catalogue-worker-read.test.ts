import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { type CatalogueSnapshot } from '../../server/catalogue/snapshot'
import { workerChunks } from '../../server/catalogue/snapshot-chunks'
import { loadSnapshot, readVersions, sqliteWorkerSettings } from '../../server/catalogue/snapshot-load'
import { seedDatabase } from '../../server/db/seed'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'

/**
 * A big SQLite catalogue is read by a worker thread in a transaction of its own: the copy is the
 * copy the server's thread reads, and when a change is committed between the two transactions'
 * beginnings, the server's thread reads it itself, so the copy's version still labels its rows.
 */

const COLUMNS = ['ids', 'category', 'brand', 'price', 'priceRrc', 'sortWeight', 'paramStart', 'paramAt', 'paramValue', 'tagStart', 'tagAt'] as const
const texts = (s: CatalogueSnapshot) => Array.from({ length: s.size }, (_, i) => `${s.header.at(i)}|${s.articul.at(i)}`)

describe.runIf(!process.env.DATABASE_URL)('a SQLite copy read by a worker thread', () => {
  let db: FreshDb
  const settings = { ...sqliteWorkerSettings }

  beforeAll(async () => {
    db = await createFreshDb()
    await seedDatabase(db, { products: 2500 })
  })
  afterAll(() => {
    Object.assign(sqliteWorkerSettings, settings)
    return db?.dispose()
  })

  const readOnThread = (fromProducts: number) => {
    sqliteWorkerSettings.fromProducts = fromProducts
    return loadSnapshot(db)
  }

  it('the thread reads every product in id order, in chunks, with their param and tag rows, and tells the version it sees', async () => {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db.kysely)
    const reading = workerChunks(db.kysely, rows[0]!.file, 1000)
    expect(await reading.version).toBe((await readVersions(db.kysely)).catalogue)
    const sizes: number[] = []
    const ids: number[] = []
    let paramRows = 0
    for (let chunk = await reading.next(); chunk; chunk = await reading.next()) {
      sizes.push(chunk.ids.length)
      ids.push(...chunk.ids)
      paramRows += chunk.paramProduct.length
      expect(chunk.paramProduct.every((id) => id >= chunk.ids[0]! && id <= chunk.ids.at(-1)!)).toBe(true)
    }
    reading.stop()
    expect(sizes).toEqual([1000, 1000, 500])
    const products = await db.kysely.selectFrom('products').select('id').orderBy('id').execute()
    expect(ids).toEqual(products.map((product) => product.id))
    const { n } = await db.kysely
      .selectFrom('product_params')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(paramRows).toBe(Number(n))
  })

  it('a file the thread cannot open: no version, and the chunks fail', async () => {
    const reading = workerChunks(db.kysely, '/nonexistent/catalogue.sqlite', 1000)
    expect(await reading.version).toBeUndefined()
    await expect(reading.next()).rejects.toThrow(/catalogue chunks not read/)
    reading.stop()
  })

  it('is the copy read on the server’s thread, param and tag rows included', async () => {
    const byWorker = await readOnThread(0)
    const onThread = await readOnThread(Number.POSITIVE_INFINITY)
    expect(byWorker.size).toBe(2500)
    expect(byWorker.version).toBe(onThread.version)
    for (const column of COLUMNS) expect(Array.from(byWorker[column]), column).toEqual(Array.from(onThread[column]))
    expect(texts(byWorker)).toEqual(texts(onThread))
    expect(byWorker.paramAt.length).toBeGreaterThan(0)
    expect(byWorker.tagAt.length).toBeGreaterThan(0)
  })

  it('a change committed before the thread’s transaction begins: the copy is read on the server’s thread, at the version its tables were read at', async () => {
    const { catalogue: before } = await readVersions(db.kysely)
    const product = await db.kysely.selectFrom('products').select(['id', 'price']).orderBy('id').executeTakeFirstOrThrow()
    sqliteWorkerSettings.whenStarted = async () => {
      sqliteWorkerSettings.whenStarted = undefined
      await db.kysely
        .updateTable('products')
        .set({ price: product.price + 1000 })
        .where('id', '=', product.id)
        .execute()
    }
    const copy = await readOnThread(0)
    expect(copy.version).toBe(before)
    expect(copy.price[copy.positionOf(product.id)!]).toBe(product.price)

    const next = await readOnThread(0)
    expect(next.version).toBeGreaterThan(before)
    expect(next.price[next.positionOf(product.id)!]).toBe(product.price + 1000)
  })
})
