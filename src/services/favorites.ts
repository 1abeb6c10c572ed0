import { fromPromise } from 'xstate'
import { MARKED_PER_PAGE, markedGoodsResponseSchema, type MarkedGoodsRequest, type RemoveMarkRequest, type SaveNeedRequest } from '../contract/favorites'
import { needResponseSchema, wishResponseSchema } from '../contract/product'
import type { Http } from './http'

/**
 * The favourites and needs pages: GET /api/favorites/ or /api/needs/ (20 per page) under the
 * contract with stock at the warehouse; POST /api/unsetWish/ or /api/unsetNeed/ {id} to take a
 * product off; POST /api/setNeed/ {id, need} to change a need quantity.
 */
export const createFavoritesNeedsActors = (deps: { http: Http }) => ({
  loadPage: fromPromise(({ input, signal }: { input: MarkedGoodsRequest; signal: AbortSignal }) =>
    deps.http.get(
      input.list,
      undefined,
      markedGoodsResponseSchema,
      { page: input.page, perpage: MARKED_PER_PAGE[input.list], contract: input.contract, warehouse: input.warehouse },
      signal,
    ),
  ),
  removeMark: fromPromise(async ({ input, signal }: { input: RemoveMarkRequest; signal: AbortSignal }) => {
    const body = { id: input.productId }
    if (input.list === 'favorites') await deps.http.call('unsetWish', body, wishResponseSchema, signal)
    else await deps.http.call('unsetNeed', body, needResponseSchema, signal)
  }),
  saveNeed: fromPromise(async ({ input, signal }: { input: SaveNeedRequest; signal: AbortSignal }) => {
    const answer = await deps.http.call('setNeed', { id: input.productId, need: input.need }, needResponseSchema, signal)
    return answer.need
  }),
})
