import type { Transaction } from 'kysely'
import type { StockShortage } from '../../src/contract/delivery'
import type { PlacedOrder } from '../../src/contract/placed-order'
import { shownPrice, type PriceContract } from '../catalogue/contract'
import type { OrderDelivery } from '../catalogue/delivery-options'
import type { Db, DialectName } from '../db/connection'
import type { Database } from '../db/schema'
import { roundKopecks } from '../db/seed-support'
import { retryOnDeadlock } from './retry-on-deadlock'
import { trimShortLines, type TakenLine } from './short-lines'

/** The order_states row of a just-placed order: 'Новый' (server/db/seed-history.ts). */
const NEW_ORDER_STATE = 1
const LINES_PER_INSERT = 500

export interface OrderDraft {
  userId: number
  customerId: number
  contract: PriceContract
  delivery: OrderDelivery
  comment: string
  now: Date
}

export type PlaceOrderOutcome =
  | { kind: 'placed'; order: PlacedOrder }
  /** nothing was reserved; the short lines were cut to what is left */
  | { kind: 'short'; shortages: StockShortage[] }
  | { kind: 'empty' }

/** Thrown inside the transaction so that it rolls back every reservation made before. */
class ReservationFailed extends Error {
  constructor(readonly lines: TakenLine[]) {
    super('stock reservation failed')
  }
}

const byStockRow = (a: TakenLine, b: TakenLine) => a.product_id - b.product_id || a.warehouse_id - b.warehouse_id

/**
 * The basket of the contract becomes an order in one transaction: every line's stock is reserved
 * by a conditional update (PostgreSQL re-checks it on the row's latest version; SQLite runs one
 * transaction at a time on its single connection), or none is.
 */
export async function placeOrder(db: Db, draft: OrderDraft): Promise<PlaceOrderOutcome> {
  try {
    const order = await retryOnDeadlock(() => db.kysely.transaction().execute((trx) => reserveAndRecord(trx, db.dialect, draft)))
    return order ? { kind: 'placed', order } : { kind: 'empty' }
  } catch (error) {
    if (!(error instanceof ReservationFailed)) throw error
    return { kind: 'short', shortages: await trimShortLines(db, draft.userId, error.lines) }
  }
}

async function reserveAndRecord(trx: Transaction<Database>, dialect: DialectName, draft: OrderDraft): Promise<PlacedOrder | null> {
  // taken first: a second placement of the same basket waits for this one, then finds it empty
  const lines = await trx
    .deleteFrom('basket_lines')
    .where('user_id', '=', draft.userId)
    .where('contract_id', '=', draft.contract.id)
    .returning(['id', 'product_id', 'warehouse_id', 'qnt'])
    .execute()
  if (lines.length === 0) return null
  lines.sort(byStockRow)
  await reserveStock(trx, dialect, lines)
  return recordOrder(trx, draft, lines)
}

async function reserveStock(trx: Transaction<Database>, dialect: DialectName, lines: readonly TakenLine[]): Promise<void> {
  if (dialect === 'postgres') {
    // every placement locks its stock rows in the same order before the first update, whose
    // trigger then locks the catalogue version counter: without this, two placements could each
    // hold a row the other needs while one waits for the counter
    const productIds = [...new Set(lines.map((line) => line.product_id))]
    await trx
      .selectFrom('stocks')
      .select('product_id')
      .where('product_id', 'in', productIds)
      .orderBy('product_id')
      .orderBy('warehouse_id')
      .forUpdate()
      .execute()
  }
  const short: TakenLine[] = []
  for (const line of lines) {
    const reserved = await trx
      .updateTable('stocks')
      .set((eb) => ({ quantity: eb('quantity', '-', line.qnt) }))
      .where('product_id', '=', line.product_id)
      .where('warehouse_id', '=', line.warehouse_id)
      .where('quantity', '>=', line.qnt)
      .executeTakeFirst()
    if (reserved.numUpdatedRows === 0n) short.push(line)
  }
  if (short.length > 0) throw new ReservationFailed(short)
}

async function recordOrder(trx: Transaction<Database>, draft: OrderDraft, lines: readonly TakenLine[]): Promise<PlacedOrder> {
  const productIds = [...new Set(lines.map((line) => line.product_id))]
  const basePrices = new Map(
    (await trx.selectFrom('products').select(['id', 'price', 'price_rrc']).where('id', 'in', productIds).execute()).map((row) => [row.id, row]),
  )
  const state = await trx.selectFrom('order_states').select('header').where('id', '=', NEW_ORDER_STATE).executeTakeFirstOrThrow()
  // the order keeps the prices the login saw and ordered at (its price policy included): a later
  // change of the policy or the price list leaves placed orders as they were
  const priced = lines.map((line) => ({ ...line, price: shownPrice(draft.contract, basePrices.get(line.product_id) ?? { price: 0, price_rrc: 0 }) }))
  // each line priced per unit and rounded first, as the basket sums it
  const sum = roundKopecks(priced.reduce((total, line) => total + roundKopecks(line.price * line.qnt), 0))
  const createdAt = draft.now.toISOString()
  const { delivery } = draft
  const { id } = await trx
    .insertInto('orders')
    .values({
      customer_id: draft.customerId,
      user_id: draft.userId,
      contract_id: draft.contract.id,
      state: NEW_ORDER_STATE,
      status: state.header,
      paid: 0,
      sum,
      comment: draft.comment,
      created_at: createdAt,
      delivery_method: delivery.method,
      delivery_company: delivery.company,
      delivery_type: delivery.type,
      delivery_region: delivery.region,
      address_id: delivery.addressId,
      consignee_id: delivery.consigneeId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (let start = 0; start < priced.length; start += LINES_PER_INSERT) {
    const chunk = priced.slice(start, start + LINES_PER_INSERT)
    await trx
      .insertInto('order_lines')
      .values(chunk.map((line) => ({ order_id: id, product_id: line.product_id, warehouse_id: line.warehouse_id, qnt: line.qnt, price: line.price })))
      .execute()
  }
  return { id, state: NEW_ORDER_STATE, status: state.header, contract: String(draft.contract.id), sum, count: lines.length, created_at: createdAt }
}
