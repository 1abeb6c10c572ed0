import type { CatalogueProduct, Stock } from '../../src/contract/catalogue'
import type { Db } from '../db/connection'
import { contractPrice, type ListingContext } from './contract'
import type { ProductRow } from './listing'

/** Stock of the products at every warehouse, by product id, warehouses in id order. */
export async function stocksOf(db: Db, productIds: readonly number[]): Promise<Map<number, Stock[]>> {
  const byProduct = new Map<number, Stock[]>(productIds.map((id) => [id, []]))
  if (productIds.length === 0) return byProduct
  const rows = await db.kysely
    .selectFrom('stocks')
    .select(['product_id', 'warehouse_id', 'quantity'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('warehouse_id')
    .execute()
  for (const row of rows) byProduct.get(row.product_id)?.push({ wms_id: row.warehouse_id, quantity: Math.max(0, row.quantity) })
  return byProduct
}

/** Free stock of one product at one warehouse (0 without a stock row). */
export async function stockAt(db: Db, productId: number, warehouseId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('stocks')
    .select('quantity')
    .where('product_id', '=', productId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst()
  return Math.max(0, row?.quantity ?? 0)
}

/** Picture ids of the products in gallery order, by product id. */
export async function picturesOf(db: Db, productIds: readonly number[]): Promise<Map<number, number[]>> {
  const byProduct = new Map<number, number[]>(productIds.map((id) => [id, []]))
  if (productIds.length === 0) return byProduct
  const rows = await db.kysely
    .selectFrom('pictures')
    .select(['id', 'product_id'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('sort')
    .orderBy('id')
    .execute()
  for (const row of rows) byProduct.get(row.product_id)?.push(row.id)
  return byProduct
}

/** The user's wish and need marks on the products. */
export async function marksOf(db: Db, userId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return { wished: new Set<number>(), needs: new Map<number, number>() }
  const [wishes, needs] = await Promise.all([
    db.kysely.selectFrom('wishes').select('product_id').where('user_id', '=', userId).where('product_id', 'in', productIds).execute(),
    db.kysely.selectFrom('needs').select(['product_id', 'need']).where('user_id', '=', userId).where('product_id', 'in', productIds).execute(),
  ])
  return { wished: new Set(wishes.map((row) => row.product_id)), needs: new Map(needs.map((row) => [row.product_id, row.need])) }
}

/** Listed products as the wire has them: contract price, stock here and everywhere, first picture, marks. */
export async function toCatalogueProducts(db: Db, context: ListingContext, rows: readonly ProductRow[]): Promise<CatalogueProduct[]> {
  const ids = rows.map((row) => row.id)
  const [stocks, pictures, marks] = await Promise.all([stocksOf(db, ids), picturesOf(db, ids), marksOf(db, context.userId, ids)])
  return rows.map((row) => {
    const productStocks = stocks.get(row.id) ?? []
    return {
      id: row.id,
      header: row.header,
      articul: row.articul,
      price: contractPrice(row.price, context.priceFactor),
      price_rrc: row.price_rrc,
      quantity: productStocks.find((stock) => stock.wms_id === context.warehouseId)?.quantity ?? 0,
      wms_id: context.warehouseId,
      picture: pictures.get(row.id)?.[0] ?? null,
      picturetype: 'svg',
      stocks: productStocks,
      inwish: marks.wished.has(row.id),
      need: marks.needs.get(row.id) ?? 0,
      brand: { id: row.brand_id, header: row.brand_header },
    }
  })
}
