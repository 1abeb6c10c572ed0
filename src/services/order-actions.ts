import { orderCancelledResponseSchema, orderDetailSchema, orderRepeatedResponseSchema, type OrderActionRequest } from '../contract/order-actions'
import type { Http } from './http'

/**
 * What a dealer does to one order (its detail, cancel and repeat), loaded at the first such call
 * (src/services/orders.ts imports it when needed): the list shows without it.
 */

const action = (request: OrderActionRequest) => request

/** POST /api/order/ {id, action: 'cancel', cancelComment}: the order with its new state and status. */
export const cancelOrder = (http: Http, input: { id: number; cancelComment: string }, signal: AbortSignal) =>
  http.call('order', action({ id: input.id, action: 'cancel', cancelComment: input.cancelComment }), orderCancelledResponseSchema, signal)

/** POST /api/order/ {id, action: 'repeat'}: the order's goods into its contract's basket. */
export const repeatOrder = (http: Http, id: number, signal: AbortSignal) =>
  http.call('order', action({ id, action: 'repeat' }), orderRepeatedResponseSchema, signal)

/** GET /api/order/{id}/ */
export const loadOrderDetail = (http: Http, id: number, signal: AbortSignal) => http.get('order', id, orderDetailSchema, undefined, signal)
