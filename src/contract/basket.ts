import * as z from 'zod/mini'
import { basketSummarySchema, warehouseSchema, type BasketSummary } from './account'
import { CATALOGUE_DEFAULTS, catalogueProductSchema, contractId, idNumber, intIn } from './catalogue'
import { transformed } from './common'
import { BASKET_MESSAGES, MAX_LINE_QUANTITY } from './basket-constants'

export { BASKET_MESSAGES, MAX_LINE_QUANTITY } from './basket-constants'

/** Spec §9: region '1'. */
export const BASKET_DEFAULT_REGION = '1'

/** 'add' adds qnt to the line, 'update' sets it; qnt 0 on update removes the line. */
const BASKET_ACTIONS = ['add', 'update'] as const
export type BasketAction = (typeof BASKET_ACTIONS)[number]

/**
 * POST /api/processBasket/ (type defaults to 'add') and /api/processBasketUpdate/ (defaults to 'update'):
 * {id, qnt, wms, type, contract}. A null qnt counts as 0 (spec §5).
 */
export const processBasketRequestSchema = z.object({
  id: idNumber,
  qnt: transformed(z.union([intIn(0, MAX_LINE_QUANTITY), z.null()]), (qnt) => qnt ?? 0),
  wms: z._default(idNumber, CATALOGUE_DEFAULTS.warehouse),
  type: z.optional(z.enum(BASKET_ACTIONS)),
  contract: z._default(contractId, CATALOGUE_DEFAULTS.contract),
})
export type ProcessBasketRequest = z.input<typeof processBasketRequestSchema>

const basketLineRefSchema = z.object({
  id: z.int(),
  product_id: z.int(),
  wms: z.int(),
  qnt: z.int().check(z.positive()),
  contract: z.string(),
})
export type BasketLineRef = z.infer<typeof basketLineRefSchema>

export const processBasketResponseSchema = z.object({
  basket: basketSummarySchema,
  /** the line after the change; null when it was removed */
  line: z.nullable(basketLineRefSchema),
})
export type ProcessBasketResponse = z.infer<typeof processBasketResponseSchema>

/** 409 answer: the most this request could have asked for (the value the client resets to). */
export const overStockErrorSchema = z.object({ message: z.literal(BASKET_MESSAGES.overStock), available: z.int().check(z.nonnegative()) })
export type OverStockError = z.infer<typeof overStockErrorSchema>

/** POST /api/processBasket/ {id, qnt, wms, type: 'add', contract} */
export interface AddLineRequest {
  productId: number
  quantity: number
  warehouse: number
  contract: string
}

/** The server added the line, or refused because the warehouse has less (409, with what is left). */
export type AddLineOutcome = { outcome: 'added'; basket: BasketSummary } | { outcome: 'overStock'; available: number }

/** GET /api/getBasketData/?contract= */
export const basketDataQuerySchema = z.object({ contract: z._default(contractId, CATALOGUE_DEFAULTS.contract) })

const basketLineSchema = z.object({
  id: z.int(),
  /** the product under the basket's contract; its quantity and wms_id are the line's warehouse */
  product: catalogueProductSchema,
  wms: z.int(),
  qnt: z.int().check(z.positive()),
  /** qnt × price */
  sum: z.number(),
  added_at: z.string(),
})
export type BasketLine = z.infer<typeof basketLineSchema>

/** Spec §3 Basket: products map, qnt, region, contract, stats (count.products), actualWms. */
export const basketDataSchema = z.object({
  /** lines by line id */
  products: z.record(z.string(), basketLineSchema),
  /** units over all lines */
  qnt: z.int().check(z.nonnegative()),
  region: z.string(),
  contract: z.string(),
  stats: z.object({ count: z.object({ products: z.int().check(z.nonnegative()) }) }),
  sum: z.number().check(z.nonnegative()),
  /** the warehouses the lines come from */
  actualWms: z.array(warehouseSchema),
})
export type BasketData = z.infer<typeof basketDataSchema>

/** GET /api/getBasketData/, with the fields this tab had not saved before a reload. */
export interface LoadedBasket {
  data: BasketData
  unsaved: Record<string, string>
}

export interface SaveLineRequest {
  contract: string
  productId: number
  wms: number
  qnt: number
}

/** POST /api/processBasketUpdate/: saved (with the new summary), or refused for lack of stock. */
export type SaveLineOutcome = { outcome: 'saved'; basket: BasketSummary } | { outcome: 'overStock'; available: number }

/** POST /api/clearBasket/ {contract}: every line of the contract's basket goes. */
export const clearBasketRequestSchema = z.object({ contract: z._default(contractId, CATALOGUE_DEFAULTS.contract) })
export const clearBasketResponseSchema = z.object({ basket: basketSummarySchema })
export type ClearBasketResponse = z.infer<typeof clearBasketResponseSchema>
