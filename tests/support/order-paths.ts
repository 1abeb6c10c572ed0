import type { OrderRow } from '../../src/contract/orders'
import type { OrderRepeatedResponse } from '../../src/contract/order-actions'
import { orderCancelMachine } from '../../src/machines/order-cancel.machine'
import { orderRepeatMachine } from '../../src/machines/order-repeat.machine'
import { ApiCallError } from '../../src/services/http'
import { generatePaths, type EventCases } from './path-testing'

/** The order both the model tests and the browser replay act on (the browser's comes from the server). */
export const ORDER: OrderRow = {
  id: 41,
  state: 1,
  status: 'Новый, ожидает подтверждения менеджером',
  contract: '1',
  paid: false,
  sum: 18_450,
  count: 3,
  created_at: '2026-11-23T09:00:00.000Z',
}
export const CANCELLED: OrderRow = { ...ORDER, state: 4, status: 'Отменён 24.11.2026: дубль заказа' }
export const CANCEL_COMMENT = 'дубль заказа'
export const CANCEL_REFUSED = 'Заказ в состоянии «Отгружен» отменить нельзя'
export const REPEAT_FAILED = 'Заказ не найден'

const REFUSED = { id: 11, wms: 1, header: 'Перфоратор SDS-plus 800 Вт', articul: 'PF-800', requested: 4, available: 0 }
/** asked 3, 2 were free beyond the basket: those 2 went in */
const PARTIAL = { id: 12, wms: 1, header: 'Бур SDS-plus 8×160 мм', articul: 'BS-8160', requested: 3, available: 2 }
export const ADDED: OrderRepeatedResponse = { count: 2, refused: [PARTIAL, REFUSED], basket: { count: 2, sum: 4_500 } }
export const NO_STOCK: OrderRepeatedResponse = { count: 0, refused: [REFUSED], basket: { count: 0, sum: 0 } }

export const cancelCases: EventCases = {
  'cancel.confirm': [{ type: 'cancel.confirm', comment: `  ${CANCEL_COMMENT} ` }],
  'xstate.done.actor.cancelOrder': [{ type: 'xstate.done.actor.cancelOrder', output: { order: CANCELLED } }],
  'xstate.error.actor.cancelOrder': [{ type: 'xstate.error.actor.cancelOrder', error: new ApiCallError(CANCEL_REFUSED, 409) }],
}

export const repeatCases: EventCases = {
  'xstate.done.actor.repeatOrder': [
    { type: 'xstate.done.actor.repeatOrder', output: ADDED },
    { type: 'xstate.done.actor.repeatOrder', output: NO_STOCK },
  ],
  'xstate.error.actor.repeatOrder': [{ type: 'xstate.error.actor.repeatOrder', error: new ApiCallError(REPEAT_FAILED, 404) }],
}

export const cancelPaths = () => generatePaths(orderCancelMachine, { cases: cancelCases, input: { order: ORDER } })
export const repeatPaths = () => generatePaths(orderRepeatMachine, { cases: repeatCases, input: { order: ORDER } })
