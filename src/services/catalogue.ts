import { fromPromise } from 'xstate'
import type { FilterRequest, MarkRequest, MarkResult } from '../contract/catalogue'
import { filterResponseSchema } from '../contract/filter-answer'
import { filterInitSchema } from '../contract/catalogue-init'
import { needResponseSchema } from '../contract/marks'
import type { Http } from './http'
import { setProductWish } from './product'

/** setWish/unsetWish {id} answer inwish; setNeed {id, need: 1}/unsetNeed {id} answer need (spec §7). */
async function saveMark(http: Http, mark: MarkRequest, signal: AbortSignal): Promise<MarkResult> {
  const { productId, kind, on } = mark
  if (kind === 'wish') return { productId, kind, value: await setProductWish(http, { productId, inwish: on }, signal) }
  const answer = on
    ? await http.call('setNeed', { id: productId, need: 1 }, needResponseSchema, signal)
    : await http.call('unsetNeed', { id: productId }, needResponseSchema, signal)
  return { productId, kind, value: answer.need }
}

/** The catalogue screen: GET /api/filterinit/, POST /api/filter/ (spec §3 payload) and the wish/need toggles. */
export const createCatalogueFilterActors = (deps: { http: Http }) => ({
  loadFilterInit: fromPromise(({ signal }: { signal: AbortSignal }) => deps.http.get('filterinit', undefined, filterInitSchema, undefined, signal)),
  loadProducts: fromPromise(({ input, signal }: { input: FilterRequest; signal: AbortSignal }) =>
    deps.http.lookup('filter', input, filterResponseSchema, signal),
  ),
  saveMark: fromPromise(({ input, signal }: { input: MarkRequest; signal: AbortSignal }) => saveMark(deps.http, input, signal)),
})
