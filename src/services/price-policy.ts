import { fromPromise } from 'xstate'
import { pricePolicyResponseSchema, type PricePolicy } from '../contract/price-policy'
import type { Http } from './http'

/** The price policy modal's actors: GET and POST /api/pricepolitics/{id}/ (spec §7: GET and POST with id). */
export const createPricePolicyActors = (deps: { http: Http }) => ({
  loadPolicy: fromPromise(
    async ({ input, signal }: { input: { id: number }; signal: AbortSignal }): Promise<PricePolicy> =>
      (await deps.http.get('pricepolitics', input.id, pricePolicyResponseSchema, undefined, signal)).policy,
  ),
  savePolicy: fromPromise(
    async ({ input, signal }: { input: { id: number; policy: PricePolicy }; signal: AbortSignal }): Promise<PricePolicy> =>
      (await deps.http.postUrl(`/api/pricepolitics/${input.id}/`, input.policy, pricePolicyResponseSchema, signal)).policy,
  ),
})
