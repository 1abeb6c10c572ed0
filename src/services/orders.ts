import { fromEventObservable, fromPromise } from 'xstate'
import {
  orderCancelledResponseSchema,
  orderDetailSchema,
  orderListSchema,
  orderRepeatedResponseSchema,
  type OrderActionRequest,
  type OrderList,
} from '../contract/orders'
import type { BulkOutcome, BulkRequest } from '../contract/bulk'
import { eachRow } from './bulk'
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

export const createOrderRepeatActors = (deps: { http: Http }) => ({
  repeatOrder: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.call('order', action({ id: input.id, action: 'repeat' }), orderRepeatedResponseSchema, signal),
  ),
})

/** An order whose repeat added nothing (the dialog names it among the ones that failed). */
const NOTHING_IN_STOCK = 'Товаров нет в наличии'

/**
 * «Повторить выбранные»: POST /api/order/ {id, action: 'repeat'} for each checked order in turn,
 * the same server repeat as a single one; each order's goods go into its contract's basket.
 */
export const createBulkRepeatActors = (deps: { http: Http }) => ({
  runBulk: fromPromise(async ({ input, signal }: { input: BulkRequest; signal: AbortSignal }): Promise<BulkOutcome> => {
    const repeat = (id: number) => deps.http.call('order', action({ id, action: 'repeat' }), orderRepeatedResponseSchema, signal)
    const { done, failed } = await eachRow(input.items, (item) => repeat(item.id), signal)
    const added = done.filter(({ answer }) => answer.count > 0)
    const empty = done.filter(({ answer }) => answer.count === 0).map(({ item }) => ({ id: item.id, message: NOTHING_IN_STOCK }))
    return {
      done: added.map(({ item }) => item.id),
      failed: [...failed, ...empty],
      count: added.reduce((sum, { answer }) => sum + answer.count, 0),
      baskets: done.map(({ item, answer }) => ({ basket: answer.basket, contract: item.contract ?? '' })),
    }
  }),
})

/** GET /api/order/{id}/ when a row is expanded. */
export const createOrderDetailActors = (deps: { http: Http }) => ({
  loadDetail: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.get('order', input.id, orderDetailSchema, undefined, signal),
  ),
})
