import * as z from 'zod/mini'
import { warehouseSchema } from './account'
import { catalogueProductSchema, countedSchema, paginationSchema } from './catalogue'

/*
 * POST /api/filter/ (and /api/search/) answer: the page of products with the facets of the filter
 * panel. Apart from catalogue.ts, which most contracts import (and so every first load), so only
 * the catalogue's screen loads it.
 */

const pricesSchema = z.object({
  /** the contract prices' range under the current filter without the price range itself */
  min: z.number(),
  max: z.number(),
  decimals: z.int().check(z.nonnegative()),
})
export type Prices = z.infer<typeof pricesSchema>

const paramFacetSchema = z.object({
  id: z.int(),
  header: z.string(),
  unit: z.string(),
  /** the values' range under the current filter without the parameter ranges */
  maxmin: z.object({ minp: z.number(), maxp: z.number() }),
})
export type ParamFacet = z.infer<typeof paramFacetSchema>

export interface CategoryCountNode {
  id: string
  header: string
  /** products under this node (itself and descendants) matching the filter without the catalogue */
  count?: number
  children: CategoryCountNode[]
}
const categoryCountNodeSchema: z.ZodMiniType<CategoryCountNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    header: z.string(),
    count: z.optional(z.int().check(z.nonnegative())),
    children: z.array(categoryCountNodeSchema),
  }),
)

/** POST /api/filter/ (and /api/search/) answer. */
export const filterResponseSchema = z.object({
  /** brands with counts under the current filter without the brand choice */
  brands: z.object({ data: z.array(countedSchema) }),
  prices: pricesSchema,
  products: z.array(catalogueProductSchema),
  params: z.array(paramFacetSchema),
  /** tags with counts under the current filter without the tag choice */
  tags: z.array(countedSchema),
  /** the warehouses (every one: stock is shown per warehouse) */
  actualWms: z.array(warehouseSchema),
  categories_tree: z.array(categoryCountNodeSchema),
  /** products matching the whole filter */
  count: z.int().check(z.nonnegative()),
  pagination: paginationSchema,
  /** the contract the prices are under ('0' resolved) */
  contract: z.string(),
  warehouse: z.int(),
})
export type FilterResponse = z.infer<typeof filterResponseSchema>
