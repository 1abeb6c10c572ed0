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
import { lazyVisiblePoll$ } from './lazy-streams'

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
    lazyVisiblePoll$<OrderList>({
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

/** POST /api/order/ {id, action: 'repeat'}: the order's goods into its contract's basket. */
export const repeatOrder = (http: Http, id: number, signal: AbortSignal) =>
  http.call('order', action({ id, action: 'repeat' }), orderRepeatedResponseSchema, signal)

export const createOrderRepeatActors = (deps: { http: Http }) => ({
  repeatOrder: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) => repeatOrder(deps.http, input.id, signal)),
})

/** GET /api/order/{id}/ when a row is expanded. */
export const createOrderDetailActors = (deps: { http: Http }) => ({
  loadDetail: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.get('order', input.id, orderDetailSchema, undefined, signal),
  ),
})
