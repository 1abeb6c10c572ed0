import { fromPromise } from 'xstate'
import type { BasketSummary } from '../contract/account'
import { overStockErrorSchema, processBasketResponseSchema, type ProcessBasketRequest } from '../contract/basket'
import { ApiCallError, type Http } from './http'

/** POST /api/processBasket/ {id, qnt, wms, type: 'add', contract} */
export interface AddLineRequest {
  productId: number
  quantity: number
  warehouse: number
  contract: string
}

/** The server added the line, or refused because the warehouse has less (409, with what is left). */
export type AddLineOutcome = { outcome: 'added'; basket: BasketSummary } | { outcome: 'overStock'; available: number }

/** The 409 the server sends when the warehouse has less than asked: an answer, not a failure. */
const stockRefusalOf = (error: unknown) => {
  if (!(error instanceof ApiCallError) || error.status !== 409) return null
  const parsed = overStockErrorSchema.safeParse(error.body)
  return parsed.success ? parsed.data : null
}

/**
 * POST /api/processBasket/ {id, qnt, wms, type: 'add', contract}: the new basket summary, or the
 * server's stock refusal with what can still be added.
 */
export async function addBasketLine(http: Http, request: AddLineRequest, signal?: AbortSignal): Promise<AddLineOutcome> {
  const body: ProcessBasketRequest = {
    id: request.productId,
    qnt: request.quantity,
    wms: request.warehouse,
    type: 'add',
    contract: request.contract,
  }
  try {
    const answer = await http.call('processBasket', body, processBasketResponseSchema, signal)
    return { outcome: 'added', basket: answer.basket }
  } catch (error) {
    const refusal = stockRefusalOf(error)
    if (refusal) return { outcome: 'overStock', available: refusal.available }
    throw error
  }
}

/** The add-to-basket step's actor. */
export const createBasketActors = (deps: { http: Http }) => ({
  addLine: fromPromise(({ input, signal }: { input: AddLineRequest; signal: AbortSignal }) => addBasketLine(deps.http, input, signal)),
})
