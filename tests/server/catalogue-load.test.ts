import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chunkEnds, rangeChunks } from '../../server/catalogue/snapshot-chunks'
import { inSharedSnapshot, loadSnapshot } from '../../server/catalogue/snapshot-load'
import type { Database } from '../../server/db/schema'
import { productParamRows, productRows, productTagRows } from '../../server/catalogue/product-rows'
import { seedDatabase } from '../../server/db/seed'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'

/**
 * The full read of the catalogue copy takes every product, param and tag as the database holds
 * them: texts with quotes, backslashes, line breaks and characters beyond the BMP, and prices that
 * need every digit of a double.
 */

let db: FreshDb

beforeAll(async () => {
  db = await createFreshDb()
  await seedDatabase(db, { products: 900 })
  const odd = [
    { id: 1, header: 'Кран «шаровой» "1/2\\"" \\ обратный слэш', articul: 'A-1\n\t2', price: 0.1 + 0.2, price_rrc: 1e-7 },
    { id: 2, header: 'Смеситель 🚿 𝔸 \u0001 конец', articul: '{"json":[1]}', price: 123456789.12345679, price_rrc: 5e-324 },
  ]
  for (const { id, ...row } of odd) await db.kysely.updateTable('products').set(row).where('id', '=', id).execute()
  await db.kysely.updateTable('product_params').set({ value: -0.30000000000000004 }).where('product_id', '=', 1).execute()
})
afterAll(() => db?.dispose())

describe('the catalogue copy read whole', () => {
  it('holds each row as the database has it', async () => {
    const snapshot = await loadSnapshot(db)
    const products = await productRows(db.kysely).execute()
    expect(snapshot.size).toBe(products.length)
    products.forEach((row, i) => {
      const columns = [
        snapshot.ids[i],
        snapshot.category[i],
        snapshot.brand[i],
        snapshot.price[i],
        snapshot.priceRrc[i],
        snapshot.header.at(i),
        snapshot.articul.at(i),
      ]
      expect(columns).toEqual([row.id, row.category_id, row.brand_id, row.price, row.price_rrc, row.header, row.articul])
    })
    const params = await productParamRows(db.kysely).execute()
    const tags = await productTagRows(db.kysely).execute()
    products.forEach((row, i) => {
      const values = Array.from(snapshot.paramValue.subarray(snapshot.paramStart[i], snapshot.paramStart[i + 1]))
      expect(values).toEqual(params.filter((param) => param.product_id === row.id).map((param) => param.value))
      expect(snapshot.tagStart[i + 1]! - snapshot.tagStart[i]!).toBe(tags.filter((tag) => tag.product_id === row.id).length)
    })
    expect(snapshot.header.at(snapshot.positionOf(2)!)).toContain('🚿')
    expect(snapshot.price[snapshot.positionOf(1)!]).toBe(0.1 + 0.2)
  })

  it('reads the same rows in chunks of known ends, over two readers sharing one snapshot on PostgreSQL, and not a change made after it', async () => {
    const products = await productRows(db.kysely).execute()
    const changed = products[150]!
    const idsAndPrice = (readers: Kysely<Database>[], ends: number[]) => async () => {
      const next = rangeChunks(db.dialect, readers, ends)
      const ids: number[] = []
      let price: number | undefined
      for (let chunk = await next(); chunk; chunk = await next()) {
        ids.push(...chunk.ids)
        const at = chunk.ids.indexOf(changed.id)
        if (at >= 0) price = chunk.price[at]
      }
      return { ids, price }
    }
    const read = await db.kysely.transaction().execute(async (trx) => {
      if (db.dialect === 'postgres') await sql`set transaction isolation level repeatable read, read only`.execute(trx)
      const ends = await chunkEnds(trx, 100)
      expect(ends).toEqual(products.filter((_, i) => (i + 1) % 100 === 0).map((row) => row.id))
      if (db.dialect !== 'postgres') return idsAndPrice([trx], ends)()
      return inSharedSnapshot(db.kysely, trx, async (second) => {
        // committed on a third connection once both readers see their snapshot: neither reads it
        await db.kysely
          .updateTable('products')
          .set({ price: changed.price + 1000 })
          .where('id', '=', changed.id)
          .execute()
        return idsAndPrice([trx, second], ends)()
      })
    })
    await db.kysely.updateTable('products').set({ price: changed.price }).where('id', '=', changed.id).execute()
    expect(read.ids).toEqual(products.map((row) => row.id))
    expect(read.price).toBe(changed.price)
  })
})
