import * as z from 'zod/mini'
import { basketSummarySchema } from './account'
import { MAX_LINE_QUANTITY } from './basket-constants'
import { CATALOGUE_DEFAULTS, contractId, idNumber, intIn } from './catalogue'

/*
 * Adding a set of products to a basket: the price list, an order's or a draft's repeat and the
 * favourites' bulk add answer so. Apart from the checkout's contract (delivery.ts), so those
 * screens' first load does not carry the checkout's schemas.
 */

/**
 * POST /api/processProductSet/ {contract, products}: adds several products at once; each is
 * checked against its warehouse, the ones that do not fit are reported, the others added.
 */
export const processProductSetRequestSchema = z.object({
  contract: z._default(contractId, CATALOGUE_DEFAULTS.contract),
  products: z
    .array(z.object({ id: idNumber, qnt: intIn(1, MAX_LINE_QUANTITY), wms: z._default(idNumber, CATALOGUE_DEFAULTS.warehouse) }))
    .check(z.minLength(1), z.maxLength(5_000)),
})
export type ProcessProductSetRequest = z.input<typeof processProductSetRequestSchema>

/** A product that could not be added in full: what was asked and what the warehouse still had free. */
const refusedLineSchema = z.object({
  id: z.int(),
  wms: z.int(),
  header: z.string(),
  articul: z.string(),
  requested: z.int().check(z.positive()),
  available: z.int().check(z.nonnegative()),
})
export type RefusedLine = z.infer<typeof refusedLineSchema>

export const productSetResponseSchema = z.object({
  basket: basketSummarySchema,
  /** products added (in full) */
  count: z.int().check(z.nonnegative()),
  refused: z.array(refusedLineSchema),
})
export type ProductSetResponse = z.infer<typeof productSetResponseSchema>
