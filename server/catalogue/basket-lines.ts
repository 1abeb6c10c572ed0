import { sql } from 'kysely'
import type { BasketSummary } from '../../src/contract/account'
import type { BasketAction, BasketData, BasketLine, BasketLineRef } from '../../src/contract/basket'
import { BASKET_DEFAULT_REGION } from '../../src/contract/basket'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { pricePolicyOf, shownPrice, type CatalogueContext } from './contract'
import { productsByIds } from './listing'
import { stockAt, toCatalogueProducts } from './stocks'

export interface LineChange {
  userId: number
  contractId: number
  productId: number
  warehouseId: number
  /** > 0 */
  qnt: number
  action: BasketAction
  now: Date
}

export type LineChangeResult = { ok: true; line: BasketLineRef } | { ok: false; available: number }

/**
 * Adds to or sets a basket line in one statement that also checks the warehouse's stock, so
 * concurrent requests can never push a line past it: PostgreSQL locks the conflicting row and
 * re-checks the condition on its latest version; SQLite runs statements one at a time.
 */
export async function changeBasketLine(db: Db, change: LineChange): Promise<LineChangeResult> {
  const { userId, contractId, productId, warehouseId, qnt, action } = change
  const stock = sql<number>`(select coalesce(max(stocks.quantity), 0) from stocks where stocks.product_id = ${productId} and stocks.warehouse_id = ${warehouseId})`
  const newQnt = action === 'add' ? sql<number>`basket_lines.qnt + excluded.qnt` : sql<number>`excluded.qnt`
  const { rows } = await sql<{ id: number; qnt: number }>`
    insert into basket_lines (user_id, contract_id, product_id, warehouse_id, qnt, added_at)
    select cast(${userId} as integer), cast(${contractId} as integer), cast(${productId} as integer),
      cast(${warehouseId} as integer), cast(${qnt} as integer), cast(${change.now.toISOString()} as text)
    where cast(${qnt} as integer) <= ${stock}
    on conflict (user_id, contract_id, product_id, warehouse_id)
    do update set qnt = ${newQnt} where ${newQnt} <= ${stock}
    returning id, qnt`.execute(db.kysely)
  const [row] = rows
  if (row) return { ok: true, line: { id: row.id, product_id: productId, wms: warehouseId, qnt: row.qnt, contract: String(contractId) } }
  const [free, current] = await Promise.all([stockAt(db, productId, warehouseId), lineQuantity(db, change)])
  return { ok: false, available: action === 'add' ? Math.max(0, free - current) : free }
}

async function lineQuantity(db: Db, line: Omit<LineChange, 'qnt' | 'action' | 'now'>): Promise<number> {
  const row = await db.kysely
    .selectFrom('basket_lines')
    .select('qnt')
    .where('user_id', '=', line.userId)
    .where('contract_id', '=', line.contractId)
    .where('product_id', '=', line.productId)
    .where('warehouse_id', '=', line.warehouseId)
    .executeTakeFirst()
  return row?.qnt ?? 0
}

export async function removeBasketLine(db: Db, line: Omit<LineChange, 'qnt' | 'action' | 'now'>): Promise<void> {
  await db.kysely
    .deleteFrom('basket_lines')
    .where('user_id', '=', line.userId)
    .where('contract_id', '=', line.contractId)
    .where('product_id', '=', line.productId)
    .where('warehouse_id', '=', line.warehouseId)
    .execute()
}

/** The basket under one contract with its products at the contract's prices (GET /api/getBasketData/). */
export async function basketData(db: Db, userId: number, context: CatalogueContext): Promise<BasketData> {
  const lines = await db.kysely
    .selectFrom('basket_lines')
    .select(['id', 'product_id', 'warehouse_id', 'qnt', 'added_at'])
    .where('user_id', '=', userId)
    .where('contract_id', '=', context.contract.id)
    .orderBy('added_at')
    .orderBy('id')
    .execute()
  const rows = await productsByIds(db, [...new Set(lines.map((line) => line.product_id))])
  const products = new Map((await toCatalogueProducts(db, context.listing, rows)).map((product) => [product.id, product]))
  const entries: [string, BasketLine][] = lines.flatMap((line) => {
    const product = products.get(line.product_id)
    if (!product) return []
    const quantity = product.stocks.find((stock) => stock.wms_id === line.warehouse_id)?.quantity ?? 0
    const sum = Math.round(product.price * line.qnt * 100) / 100
    const entry: BasketLine = {
      id: line.id,
      product: { ...product, wms_id: line.warehouse_id, quantity },
      wms: line.warehouse_id,
      qnt: line.qnt,
      sum,
      added_at: line.added_at,
    }
    return [[String(line.id), entry]]
  })
  const inPlay = new Set(lines.map((line) => line.warehouse_id))
  return {
    products: Object.fromEntries(entries),
    qnt: entries.reduce((total, [, line]) => total + line.qnt, 0),
    region: BASKET_DEFAULT_REGION,
    contract: String(context.contract.id),
    stats: { count: { products: entries.length } },
    sum: Math.round(entries.reduce((total, [, line]) => total + line.sum, 0) * 100) / 100,
    actualWms: context.warehouses.filter((warehouse) => inPlay.has(warehouse.id)),
  }
}

/** The basket header: lines of the user under the contract and their sum at the prices it is shown (contract and price policy). */
export async function basketSummary(
  db: Db,
  user: Pick<SessionUser, 'id' | 'type_id' | 'price_policy' | 'price_markup'>,
  contractId: string,
): Promise<BasketSummary> {
  if (contractId === '0') return { count: 0, sum: 0 }
  const lines = await db.kysely
    .selectFrom('basket_lines')
    .innerJoin('products', 'products.id', 'basket_lines.product_id')
    .innerJoin('contracts', 'contracts.id', 'basket_lines.contract_id')
    .select(['basket_lines.qnt', 'products.price', 'products.price_rrc', 'contracts.price_factor'])
    .where('basket_lines.user_id', '=', user.id)
    .where('basket_lines.contract_id', '=', Number(contractId))
    .execute()
  // priced per unit first, as the catalogue and the basket show it, so the totals agree to the kopeck
  const policy = pricePolicyOf(user)
  const unitPrice = (line: (typeof lines)[number]) =>
    shownPrice({ factor: Number(line.price_factor), policy }, { price: Number(line.price), price_rrc: Number(line.price_rrc) })
  const sum = lines.reduce((total, line) => total + Math.round(unitPrice(line) * line.qnt * 100) / 100, 0)
  return { count: lines.length, sum: Math.round(sum * 100) / 100 }
}
