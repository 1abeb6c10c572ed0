import { sql } from 'kysely'
import type { CatalogueProduct, Stock } from '../../src/contract/catalogue'
import { preparedQuery } from '../db/prepared-query'
import type { Db } from '../db/connection'
import { shownPrice, type ListingContext } from './contract'
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

type ListedRowKind = 'picture' | 'wish' | 'need'
const kind = (name: ListedRowKind) => sql.lit(name).$castTo<ListedRowKind>().as('kind')

// pictures, wishes and needs of the listed products in one statement: a row per picture (value = its id), wish, need (value = quantity)
const listedMarksQuery = preparedQuery((kysely, $: { userId: number; ids: number[] }) =>
  kysely
    .selectFrom('pictures')
    .select([kind('picture'), 'product_id', 'id as value', 'sort'])
    .where('product_id', 'in', $.ids)
    .unionAll((eb) =>
      eb
        .selectFrom('wishes')
        .select([kind('wish'), 'product_id', sql.lit(0).$castTo<number>().as('value'), sql.lit(0).$castTo<number>().as('sort')])
        .where('user_id', '=', $.userId)
        .where('product_id', 'in', $.ids),
    )
    .unionAll((eb) =>
      eb
        .selectFrom('needs')
        .select([kind('need'), 'product_id', 'need as value', sql.lit(0).$castTo<number>().as('sort')])
        .where('user_id', '=', $.userId)
        .where('product_id', 'in', $.ids),
    ),
)

interface ListedMarks {
  /** the first picture in gallery order (sort, then id) */
  firstPicture: Map<number, { id: number; sort: number }>
  wished: Set<number>
  needs: Map<number, number>
}

async function listedMarksOf(db: Db, userId: number, productIds: readonly number[]): Promise<ListedMarks> {
  const marks: ListedMarks = { firstPicture: new Map(), wished: new Set(), needs: new Map() }
  if (productIds.length === 0) return marks
  for (const row of await listedMarksQuery(db, { userId, ids: [...productIds] })) {
    if (row.kind === 'wish') marks.wished.add(row.product_id)
    else if (row.kind === 'need') marks.needs.set(row.product_id, row.value)
    else {
      const first = marks.firstPicture.get(row.product_id)
      if (!first || row.sort < first.sort || (row.sort === first.sort && row.value < first.id))
        marks.firstPicture.set(row.product_id, { id: row.value, sort: row.sort })
    }
  }
  return marks
}

/** Where a listing takes its stock from: fresh by default; the catalogue passes one kept per stock version. */
export type StockReader = (productIds: readonly number[]) => Promise<Map<number, Stock[]>>

/** Listed products as the wire has them: the price the login is shown (contract price and price policy), stock here and everywhere, first picture, marks. */
export async function toCatalogueProducts(
  db: Db,
  context: ListingContext,
  rows: readonly ProductRow[],
  readStocks: StockReader = (ids) => stocksOf(db, ids),
): Promise<CatalogueProduct[]> {
  const ids = rows.map((row) => row.id)
  const [stocks, marks] = await Promise.all([readStocks(ids), listedMarksOf(db, context.userId, ids)])
  return rows.map((row) => {
    const productStocks = stocks.get(row.id) ?? []
    return {
      id: row.id,
      header: row.header,
      articul: row.articul,
      price: shownPrice(context.pricing, row),
      price_rrc: row.price_rrc,
      quantity: productStocks.find((stock) => stock.wms_id === context.warehouseId)?.quantity ?? 0,
      wms_id: context.warehouseId,
      picture: marks.firstPicture.get(row.id)?.id ?? null,
      picturetype: 'svg',
      stocks: productStocks,
      inwish: marks.wished.has(row.id),
      need: marks.needs.get(row.id) ?? 0,
      brand: { id: row.brand_id, header: row.brand_header },
    }
  })
}
