import { fromEventObservable, fromPromise } from 'xstate'
import {
  orderCancelledResponseSchema,
  orderDetailSchema,
  orderListSchema,
  orderRepeatedResponseSchema,
  type OrderActionRequest,
  type OrderList,
} from '../contract/orders'
import type { Http } from './http'
import { visiblePoll$ } from './streams'

const action = (request: OrderActionRequest) => request

export interface PollOrdersInput {
  /** GET /api/order/'s query */
  query: Record<string, string | number>
  periodMs: number
}

export interface CancelOrderRequest {
  id: number
  cancelComment: string
}

/** The orders page: the list polled through streams.ts (GET /api/order/), and POST /api/order/ {id, action}. */
export const createOrdersActors = (deps: { http: Http }) => ({
  pollOrders: fromEventObservable(({ input }: { input: PollOrdersInput }) =>
    visiblePoll$<OrderList>({
      periodMs: input.periodMs,
      request: (signal) => deps.http.get('order', undefined, orderListSchema, input.query, signal),
    }),
  ),
})

export const createOrderCancelActors = (deps: { http: Http }) => ({
  cancelOrder: fromPromise(({ input, signal }: { input: CancelOrderRequest; signal: AbortSignal }) =>
    deps.http.call('order', action({ id: input.id, action: 'cancel', cancelComment: input.cancelComment }), orderCancelledResponseSchema, signal),
  ),
})

export const createOrderRepeatActors = (deps: { http: Http }) => ({
  repeatOrder: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.call('order', action({ id: input.id, action: 'repeat' }), orderRepeatedResponseSchema, signal),
  ),
})

/** GET /api/order/{id}/ when a row is expanded. */
export const createOrderDetailActors = (deps: { http: Http }) => ({
  loadDetail: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.get('order', input.id, orderDetailSchema, undefined, signal),
  ),
})
