import { fromEventObservable, fromPromise } from 'xstate'
import { orderListSchema, type OrderList } from '../contract/orders'
import type { Http } from './http'
import { lazyModule } from './lazy-module'
import { lazyVisiblePoll$ } from './lazy-streams'

/** the calls on one order (its detail, cancel, repeat): not needed to show the list */
const orderActions = lazyModule(() => import('./order-actions'))

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
  cancelOrder: fromPromise(async ({ input, signal }: { input: CancelOrderRequest; signal: AbortSignal }) =>
    (await orderActions()).cancelOrder(deps.http, input, signal),
  ),
})

/** POST /api/order/ {id, action: 'repeat'}: the order's goods into its contract's basket. */
export const repeatOrder = async (http: Http, id: number, signal: AbortSignal) => (await orderActions()).repeatOrder(http, id, signal)

export const createOrderRepeatActors = (deps: { http: Http }) => ({
  repeatOrder: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) => repeatOrder(deps.http, input.id, signal)),
})

/** GET /api/order/{id}/ when a row is expanded. */
export const createOrderDetailActors = (deps: { http: Http }) => ({
  loadDetail: fromPromise(async ({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    (await orderActions()).loadOrderDetail(deps.http, input.id, signal),
  ),
})
