import type { Transaction } from 'kysely'
import { CANCELLABLE_ORDER_STATES, CANCELLED_ORDER_STATE } from '../../src/contract/orders'
import { ORDER_MESSAGES, type OrderCancelledResponse, type OrderRepeatedResponse } from '../../src/contract/order-actions'
import type { SessionUser } from '../auth/sessions'
import { basketSummary } from '../catalogue/basket-lines'
import { resolveContract } from '../catalogue/contract'
import { addUpToStock } from '../catalogue/product-set'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { notifyOrderState } from '../inbox/inbox-store'
import { HttpError } from '../validation'
import { orderRow, type OwnOrder } from './order-detail'
import { retryOnDeadlock } from './retry-on-deadlock'

const moscowDate = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' })

/** 'Отменён 24.11.2026: по просьбе клиента', the dealer's comment when given. */
const cancelledStatus = (now: Date, comment: string) => `Отменён ${moscowDate.format(now)}: ${comment || 'по просьбе клиента'}`

/**
 * Cancels the order when its state allows it (spec §4: new, in processing, awaiting payment;
 * never shipped, assembled or already cancelled: 409 naming the state). The state changes by a
 * conditional update, so two cancels of one order cannot both give its stock back. An order placed
 * in the cabinet reserved its stock (server/orders/place-order.ts) and has a delivery recorded;
 * its lines go back to their warehouses. The imported history reserved nothing, so gives nothing back.
 */
export async function cancelOrder(db: Db, order: OwnOrder, comment: string, now: Date): Promise<OrderCancelledResponse> {
  const cancelled = await retryOnDeadlock(() => db.kysely.transaction().execute((trx) => cancelAndRelease(trx, order.id, comment, now)))
  if (!cancelled) {
    const state = await db.kysely
      .selectFrom('orders')
      .innerJoin('order_states', 'order_states.id', 'orders.state')
      .select('order_states.header')
      .where('orders.id', '=', order.id)
      .executeTakeFirstOrThrow()
    throw new HttpError(409, ORDER_MESSAGES.cannotCancel(state.header))
  }
  return { order: await orderRow(db, order.id) }
}

async function cancelAndRelease(trx: Transaction<Database>, orderId: number, comment: string, now: Date): Promise<boolean> {
  const updated = await trx
    .updateTable('orders')
    .set({ state: CANCELLED_ORDER_STATE, status: cancelledStatus(now, comment) })
    .where('id', '=', orderId)
    .where('state', 'in', [...CANCELLABLE_ORDER_STATES])
    .returning(['delivery_method', 'customer_id'])
    .executeTakeFirst()
  if (!updated) return false
  // issue 23: an order whose state changes gives its company a notification
  await notifyOrderState(trx, { id: orderId, customer_id: updated.customer_id, state: cancelledStatus(now, comment) }, now)
  if (updated.delivery_method === null) return true
  const lines = await trx
    .selectFrom('order_lines')
    .select(['product_id', 'warehouse_id', 'qnt'])
    .where('order_id', '=', orderId)
    // the same row order as placing an order locks them in, so the two never deadlock each other
    .orderBy('product_id')
    .orderBy('warehouse_id')
    .execute()
  for (const line of lines) {
    await trx
      .updateTable('stocks')
      .set((eb) => ({ quantity: eb('quantity', '+', line.qnt) }))
      .where('product_id', '=', line.product_id)
      .where('warehouse_id', '=', line.warehouse_id)
      .execute()
  }
  return true
}

/**
 * Puts the order's lines into the basket of its contract (which the user must still be allowed:
 * 403 otherwise), each line min(asked, its warehouse's stock − what the basket already holds of
 * it); `refused` lists the lines that were short, with what went in of them (0: nothing). One
 * order per call, so a bulk repeat calls it per order.
 */
export async function repeatOrder(db: Db, user: SessionUser, order: OwnOrder, now: Date): Promise<OrderRepeatedResponse> {
  const contract = await resolveContract(db, user, String(order.contractId))
  const lines = await db.kysely
    .selectFrom('order_lines')
    .select(['product_id as id', 'warehouse_id as wms', 'qnt'])
    .where('order_id', '=', order.id)
    .orderBy('order_lines.id')
    .execute()
  const { count, refused } = await addUpToStock(db, { userId: user.id, contractId: contract.id, now }, lines)
  return { count, refused, basket: await basketSummary(db, user, String(contract.id)) }
}
