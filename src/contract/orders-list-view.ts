import { CANCELLABLE_ORDER_STATES, type OrderList, type OrderPeriod, type OrderRow } from './orders'
import { formatCount, type WordForms } from './ru-numbers'

/**
 * What the orders list says, as words for what its answer holds: the screen's view-model
 * (src/views/orders/orders-connect.ts) and the first page the server draws into the orders page
 * (server/routes/server-orders.ts) say it alike.
 */

const ORDER_FORMS: WordForms = { one: 'заказ', few: 'заказа', many: 'заказов' }

export const ORDER_PERIOD_LABELS: Record<OrderPeriod, string> = {
  all: 'За всё время',
  week: 'За неделю',
  month: 'За месяц',
  quarter: 'За квартал',
  year: 'За год',
  period: 'За период (даты ниже)',
}

/** Nothing matches the filter. */
export const ORDERS_EMPTY = { title: 'Заказов не найдено', hint: 'Измените фильтр или выберите период «За всё время».' } as const

/** «Найдено: 12 заказов» («более 1 010 заказов» where a search stopped counting). */
export const ordersCaptionOf = (list: Pick<OrderList, 'count' | 'count_is_floor'>) =>
  `Найдено: ${list.count_is_floor ? 'более ' : ''}${formatCount(list.count, ORDER_FORMS)}`

/** Spec §3: the state markers, 3 success, 4 danger, 10 primary; other states have none. */
export type OrderStateMarker = 'success' | 'danger' | 'primary'
const MARKERS: Partial<Record<number, OrderStateMarker>> = { 3: 'success', 4: 'danger', 10: 'primary' }

const bare = (text: string) =>
  text
    .trim()
    .replace(/[\s.,;:!]+$/u, '')
    .toLowerCase()

/** The status when it says more than the state's name («Новый, ожидает подтверждения менеджером»); null when it only repeats it («Новый»). */
export const statusNoteOf = (stateName: string, status: string): string | null =>
  bare(status) === '' || bare(status) === bare(stateName) ? null : status.trim()

/** How a row, and the bulk dialog, name an order. */
export const orderLabel = (id: number) => `Заказ № ${id}`

/** What a row's cells say of an order of `list`. */
export function orderRowTexts(order: OrderRow, list: Pick<OrderList, 'contracts' | 'states'> | null | undefined) {
  const stateName = list?.states.find((each) => each.id === order.state)?.header ?? String(order.state)
  return {
    label: orderLabel(order.id),
    contractName: list?.contracts.find((contract) => contract.id === order.contract)?.header ?? `Договор № ${order.contract}`,
    stateName,
    /** the status under the state's badge, only where it says more than the state's name */
    statusNote: statusNoteOf(stateName, order.status),
    marker: MARKERS[order.state] ?? null,
    paidText: order.paid ? 'Оплачен' : 'Не оплачен',
    canCancel: CANCELLABLE_ORDER_STATES.includes(order.state),
  }
}
