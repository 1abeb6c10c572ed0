import * as z from 'zod/mini'
import { brandRefSchema, CATALOGUE_DEFAULTS, catalogueProductSchema, contractId, countedSchema, idNumber, intIn, paginationSchema } from './catalogue'

/*
 * POST /api/getProductsByBrandId {id, perpage, page}: the brand page. Apart from catalogue.ts,
 * which most contracts import (and so every first load), so only the brand's screen loads it.
 */

/** Spec §2, §9: the all-brands page (id 0) shows 30 per page, a brand's page 20. */
export const BRAND_PAGE_SIZES = { allBrands: 30, brand: 20 } as const

export const brandProductsRequestSchema = z.object({
  /** 0 = all brands */
  id: intIn(0, 2_147_483_647),
  perpage: z.optional(intIn(1, CATALOGUE_DEFAULTS.maxPerpage)),
  page: z._default(intIn(1, 1_000_000), 1),
  contract: z._default(contractId, CATALOGUE_DEFAULTS.contract),
  warehouse: z._default(idNumber, CATALOGUE_DEFAULTS.warehouse),
})
export type BrandProductsRequest = z.input<typeof brandProductsRequestSchema>

/** What a brand page is of. */
export interface BrandQuery {
  /** 0 = all brands */
  brandId: number
  contract: string
  warehouse: number
}

export const brandProductsResponseSchema = z.object({
  /** the brand of the page; null on the all-brands page */
  brand: z.nullable(brandRefSchema),
  /** every brand with its product count (all-brands page only) */
  brands: z.optional(z.array(countedSchema)),
  products: z.array(catalogueProductSchema),
  count: z.int().check(z.nonnegative()),
  pagination: paginationSchema,
})
export type BrandProductsResponse = z.infer<typeof brandProductsResponseSchema>

export const BRAND_MESSAGES = { notFound: 'Бренд не найден' } as const
