import { fromPromise } from 'xstate'
import { BRAND_PAGE_SIZES, brandProductsResponseSchema, type BrandProductsRequest, type BrandQuery } from '../contract/brand-products'
import type { Http } from './http'

/** Spec §2, §9: id 0 (all brands) is paged by 30, a single brand by 20. */
const brandPageSize = (brandId: number) => (brandId === 0 ? BRAND_PAGE_SIZES.allBrands : BRAND_PAGE_SIZES.brand)

/** POST /api/getProductsByBrandId {id, perpage, page}: one page of a brand's (or every brand's) products. */
export const createBrandProductsActors = (deps: { http: Http }) => ({
  loadPage: fromPromise(async ({ input, signal }: { input: { query: BrandQuery; page: number }; signal: AbortSignal }) => {
    const { brandId, contract, warehouse } = input.query
    const payload: BrandProductsRequest = { id: brandId, perpage: brandPageSize(brandId), page: input.page, contract, warehouse }
    const answer = await deps.http.call('getProductsByBrandId', payload, brandProductsResponseSchema, signal)
    return {
      brand: answer.brand,
      brands: answer.brands ?? [],
      products: answer.products,
      count: answer.count,
      pages: answer.pagination.pages,
    }
  }),
})
