import { fromPromise } from 'xstate'
import { CATALOGUE_DEFAULTS, filterResponseSchema, type CatalogueFilterInput } from '../contract/catalogue'
import type { Http } from './http'

export interface CataloguePageRequest {
  contract: string
  warehouse: number
  page: number
}

/**
 * POST /api/filter/: one page of all the contract's products (every catalogue), with stock at a
 * warehouse, sorted by the default (header ascending).
 */
export const createCatalogueListActors = (deps: { http: Http }) => ({
  loadPage: fromPromise(async ({ input, signal }: { input: CataloguePageRequest; signal: AbortSignal }) => {
    const payload: CatalogueFilterInput = {
      origin: 'catalog',
      catalog: CATALOGUE_DEFAULTS.allCatalogues,
      contract: input.contract,
      warehouse: input.warehouse,
      page: input.page,
      perpage: CATALOGUE_DEFAULTS.perpage,
    }
    const answer = await deps.http.call('filter', payload, filterResponseSchema, signal)
    return { products: answer.products, count: answer.count, pages: answer.pagination.pages }
  }),
})
