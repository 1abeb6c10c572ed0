import { CATALOGUE_DEFAULTS, filterRequestSchema } from '../../src/contract/catalogue'
import { BRAND_MESSAGES, BRAND_PAGE_SIZES, type BrandProductsResponse } from '../../src/contract/brand-products'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'
import { searchCatalogue } from './run-filter'

export interface BrandPageRequest {
  /** 0 = all brands */
  id: number
  perpage?: number
  page: number
  contract: string
  warehouse: number
}

/** POST /api/getProductsByBrandId: a brand's products (20 a page), or every brand's (30 a page) with the brand list. */
export async function brandPage(db: Db, user: SessionUser, request: BrandPageRequest): Promise<BrandProductsResponse> {
  const allBrands = request.id === 0
  const perpage = request.perpage ?? (allBrands ? BRAND_PAGE_SIZES.allBrands : BRAND_PAGE_SIZES.brand)
  const filter = filterRequestSchema.parse({
    catalog: CATALOGUE_DEFAULTS.allCatalogues,
    brand: allBrands ? [] : [request.id],
    contract: request.contract,
    warehouse: request.warehouse,
    page: request.page,
    perpage,
    // a brand page lists by name, as the catalogue's default sorting does (spec §4)
    sorting: CATALOGUE_DEFAULTS.sorting,
  })
  const { snapshot, outcome, products } = await searchCatalogue(db, user, filter)
  const header = snapshot.brands.get(request.id)
  if (!allBrands && header === undefined) throw new HttpError(404, BRAND_MESSAGES.notFound)
  return {
    brand: allBrands || header === undefined ? null : { id: request.id, header },
    ...(allBrands ? { brands: outcome.brands } : {}),
    products,
    count: outcome.count,
    pagination: { page: request.page, perpage, pages: Math.ceil(outcome.count / perpage) },
  }
}
