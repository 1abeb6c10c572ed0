import { fromPromise } from 'xstate'
import { MARKED_PER_PAGE, markedGoodsResponseSchema, type MarkedGoodsRequest, type RemoveMarkRequest, type SaveNeedRequest } from '../contract/favorites'
import type { Http } from './http'
import { lazyModule } from './lazy-module'

/** the calls that change the lists: not needed to show them */
const changes = lazyModule(() => import('./favorites-changes'))

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
  removeMark: fromPromise(async ({ input, signal }: { input: RemoveMarkRequest; signal: AbortSignal }) =>
    (await changes()).removeMark(deps.http, input, signal),
  ),
  saveNeed: fromPromise(async ({ input, signal }: { input: SaveNeedRequest; signal: AbortSignal }) => (await changes()).saveNeed(deps.http, input, signal)),
})
