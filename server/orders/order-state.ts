import { CANCELLED_ORDER_STATE } from '../../src/contract/orders'
import type { Db } from '../db/connection'
import { notifyOrderState } from '../inbox/inbox-store'
import { HttpError } from '../validation'
import { cancelOrder } from './order-actions'
import { retryOnDeadlock } from './retry-on-deadlock'

export const ORDER_STATE_MESSAGES = {
  orderNotFound: (orderId: string) => `Заказ № ${orderId} не найден`,
  stateNotFound: (state: string) => `Состояние заказа «${state}» не найдено`,
  sameState: (orderId: number, state: string) => `Заказ № ${orderId} уже в состоянии «${state}»`,
  cancelledStays: (orderId: number) => `Заказ № ${orderId} отменён: его состояние больше не меняется`,
  changedMeanwhile: (orderId: number) => `Состояние заказа № ${orderId} только что изменилось: повторите команду`,
} as const

/** What a cancel by the supplier writes into the order's status. */
const SUPPLIER_CANCEL_COMMENT = 'по решению поставщика'

const moscowDate = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' })

/** The state named by its id or its header (any letter case). */
async function findState(db: Db, state: string): Promise<{ id: number; header: string }> {
  const states = await db.kysely.selectFrom('order_states').select(['id', 'header']).execute()
  const wanted = state.trim().toLocaleLowerCase('ru-RU')
  const found = states.find((row) => String(row.id) === wanted || row.header.toLocaleLowerCase('ru-RU') === wanted)
  if (!found) throw new HttpError(404, ORDER_STATE_MESSAGES.stateNotFound(state))
  return found
}

export interface OrderStateChange {
  orderId: number
  customerId: number
  /** the new state's header */
  state: string
  /** the order's status line as now stored, which the notification quotes */
  status: string
}

/**
 * The supplier's side (the admin command for now) moves an order to another state: the order's
 * state and status line change and its company gets one notification, in one transaction. A cancel
 * goes through the dealer's own cancel (its stock goes back, only from a state that allows it); a
 * cancelled order stays cancelled; the state it already has is refused.
 */
export async function changeOrderState(db: Db, orderRef: string, stateRef: string, now: Date): Promise<OrderStateChange> {
  const orderId = /^[1-9]\d{0,9}$/.test(orderRef.trim()) ? Number(orderRef.trim()) : 0
  const order = await db.kysely.selectFrom('orders').select(['id', 'customer_id', 'contract_id', 'state']).where('id', '=', orderId).executeTakeFirst()
  if (!order) throw new HttpError(404, ORDER_STATE_MESSAGES.orderNotFound(orderRef))
  const target = await findState(db, stateRef)
  if (order.state === target.id) throw new HttpError(409, ORDER_STATE_MESSAGES.sameState(order.id, target.header))
  if (order.state === CANCELLED_ORDER_STATE) throw new HttpError(409, ORDER_STATE_MESSAGES.cancelledStays(order.id))
  if (target.id === CANCELLED_ORDER_STATE) {
    await cancelOrder(db, { id: order.id, contractId: order.contract_id }, SUPPLIER_CANCEL_COMMENT, now)
    const { status } = await db.kysely.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()
    return { orderId: order.id, customerId: order.customer_id, state: target.header, status }
  }
  const status = `${target.header} ${moscowDate.format(now)}`
  const changed = await retryOnDeadlock(() =>
    db.kysely.transaction().execute(async (trx) => {
      // conditional: a change made meanwhile (a dealer's cancel) wins, and this one is refused
      const updated = await trx
        .updateTable('orders')
        .set({ state: target.id, status })
        .where('id', '=', order.id)
        .where('state', '=', order.state)
        .executeTakeFirst()
      if (updated.numUpdatedRows === 0n) return false
      await notifyOrderState(trx, { id: order.id, customer_id: order.customer_id, state: status }, now)
      return true
    }),
  )
  if (!changed) throw new HttpError(409, ORDER_STATE_MESSAGES.changedMeanwhile(order.id))
  return { orderId: order.id, customerId: order.customer_id, state: target.header, status }
}
