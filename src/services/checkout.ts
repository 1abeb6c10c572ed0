import { fromPromise } from 'xstate'
import {
  basketTableInitSchema,
  placeOrderConflictSchema,
  placeOrderResponseSchema,
  type PlaceOrderOutcome,
  type PlaceOrderRequest,
  warehouseDirectionSchema,
} from '../contract/delivery'
import { ApiCallError, type Http } from './http'

/** POST /api/placeOrder/: the order, or the lines the stock could not cover (409). */
async function placeOrder(http: Http, request: PlaceOrderRequest, signal?: AbortSignal): Promise<PlaceOrderOutcome> {
  try {
    const answer = await http.call('placeOrder', request, placeOrderResponseSchema, signal)
    return { outcome: 'placed', order: answer.order, basket: answer.basket }
  } catch (error) {
    const conflict = error instanceof ApiCallError && error.status === 409 ? placeOrderConflictSchema.safeParse(error.body) : null
    if (conflict?.success) return { outcome: 'shortage', shortages: conflict.data.shortages, basket: conflict.data.basket }
    throw error
  }
}

/** The delivery selector's options and order placement. */
export const createCheckoutActors = (deps: { http: Http }) => ({
  loadOptions: fromPromise(({ signal }: { signal: AbortSignal }) => deps.http.get('getBasketTableInit', undefined, basketTableInitSchema, undefined, signal)),
  placeOrder: fromPromise(({ input, signal }: { input: PlaceOrderRequest; signal: AbortSignal }) => placeOrder(deps.http, input, signal)),
})

/** The warehouse map modal: GET /api/warehouse/{id}/ (address, schedule, the map picture's address). */
export const createWarehouseMapActors = (deps: { http: Http }) => ({
  loadWarehouse: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }) =>
    deps.http.get('warehouse', input.id, warehouseDirectionSchema, undefined, signal),
  ),
})
