import { fromPromise } from 'xstate'
import { PURCHASED_DEFAULTS, purchasedGoodsResponseSchema, type PurchasedFilters } from '../contract/purchased-goods'
import type { Http } from './http'

/** GET /api/purchasedGoods/?contract=&catalog=&report=&startDate=&endDate=&page=&perpage=20 (spec §7). */
export const createPurchasedGoodsActors = (deps: { http: Http }) => ({
  loadReport: fromPromise(({ input, signal }: { input: PurchasedFilters; signal: AbortSignal }) =>
    deps.http.get('purchasedGoods', undefined, purchasedGoodsResponseSchema, { ...input, perpage: PURCHASED_DEFAULTS.perpage }, signal),
  ),
})
