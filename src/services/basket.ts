import { fromPromise } from 'xstate'
import {
  overStockErrorSchema,
  processBasketResponseSchema,
  type AddLineOutcome,
  type AddLineRequest,
  type ProcessBasketRequest,
} from '../contract/basket'
import { ApiCallError, type Http } from './http'

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
