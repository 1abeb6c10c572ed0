import { z } from 'zod'
import { basketSummarySchema } from './account'
import { BASKET_DEFAULT_REGION, MAX_LINE_QUANTITY } from './basket'
import { CATALOGUE_DEFAULTS, contractId, idNumber, intIn } from './catalogue'

/** Spec §9: delivery '3', delivery type 'terminal', region '1'. */
export const DELIVERY_DEFAULTS = { method: '3', type: 'terminal', region: BASKET_DEFAULT_REGION } as const

/** 'terminal': the company's terminal in the region; 'door': to the dealer's address. */
export const DELIVERY_TYPES = ['terminal', 'door'] as const
export type DeliveryType = (typeof DELIVERY_TYPES)[number]

export const DELIVERY_MESSAGES = {
  badMethod: 'Такого способа доставки нет',
  badCompany: 'Выберите транспортную компанию',
  badRegion: 'Такого региона нет',
  badAddress: 'Выберите адрес доставки',
  badConsignee: 'Такого грузополучателя нет',
  emptyBasket: 'Корзина пуста',
  /** spec §5 and §8, to the letter: the order could not reserve every line */
  overStock: 'Не достаточно свободных остатков на складе',
  warehouseNotFound: 'Такого склада нет',
} as const

export const deliveryMethodSchema = z.object({
  id: z.string(),
  header: z.string(),
  /** a transport company is chosen (and its terminal type) only for this method */
  needsCompany: z.boolean(),
  /** the goods leave from the warehouse: no address is needed (self-pickup) */
  isPickup: z.boolean(),
})
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>

export const deliveryCompanySchema = z.object({ id: z.string(), header: z.string() })
export type DeliveryCompany = z.infer<typeof deliveryCompanySchema>

export const regionSchema = z.object({ id: z.string(), header: z.string() })
export type Region = z.infer<typeof regionSchema>

/** GET /api/getBasketTableInit/: what the delivery selector offers, and the dealer's addresses and consignees. */
export const basketTableInitSchema = z.object({
  delivery_methods: z.array(deliveryMethodSchema),
  delivery_companies: z.array(deliveryCompanySchema),
  regions: z.array(regionSchema),
  addresses: z.array(z.object({ id: z.number().int(), full_address: z.string(), postindex: z.string() })),
  consignees: z.array(z.object({ id: z.number().int(), surname: z.string(), name: z.string() })),
})
export type BasketTableInit = z.infer<typeof basketTableInitSchema>

/** The delivery the dealer chose in the basket. */
export const deliveryChoiceSchema = z.object({
  method: z.string().trim().min(1).max(20).default(DELIVERY_DEFAULTS.method),
  /** required when the method needs a company; ignored otherwise */
  company: z.string().trim().max(20).nullable().default(null),
  type: z.enum(DELIVERY_TYPES).default(DELIVERY_DEFAULTS.type),
  region: z.string().trim().min(1).max(20).default(DELIVERY_DEFAULTS.region),
})
export type DeliveryChoice = z.output<typeof deliveryChoiceSchema>

/**
 * POST /api/placeOrder/ (not shown by the spec; shaped like the other calls): the basket of the
 * contract becomes an order. Stock is reserved for every line at once or for none.
 */
export const placeOrderRequestSchema = z.object({
  contract: contractId.default(CATALOGUE_DEFAULTS.contract),
  delivery: deliveryChoiceSchema,
  /** required unless the method is pickup */
  address_id: idNumber.nullable().default(null),
  consignee_id: idNumber.nullable().default(null),
  comment: z.string().trim().max(1000).default(''),
})
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>

export const placedOrderSchema = z.object({
  /** the order's number */
  id: z.number().int(),
  state: z.number().int(),
  status: z.string(),
  contract: z.string(),
  sum: z.number().nonnegative(),
  /** goods lines in the order */
  count: z.number().int().nonnegative(),
  created_at: z.string(),
})
export type PlacedOrder = z.infer<typeof placedOrderSchema>

export const placeOrderResponseSchema = z.object({ order: placedOrderSchema, basket: basketSummarySchema })
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>

/** A basket line the order could not reserve: how much is left now (0 means the line was removed). */
export const stockShortageSchema = z.object({
  line_id: z.number().int(),
  product_id: z.number().int(),
  wms: z.number().int(),
  header: z.string(),
  articul: z.string(),
  requested: z.number().int().positive(),
  available: z.number().int().nonnegative(),
})
export type StockShortage = z.infer<typeof stockShortageSchema>

/**
 * 409 answer of /api/placeOrder/: nothing was reserved; the basket's short lines were set to what
 * is left (removed when nothing is).
 */
export const placeOrderConflictSchema = z.object({
  message: z.literal(DELIVERY_MESSAGES.overStock),
  shortages: z.array(stockShortageSchema),
  basket: basketSummarySchema,
})
export type PlaceOrderConflict = z.infer<typeof placeOrderConflictSchema>

/** POST /api/clearBasket/ {contract}: every line of the contract's basket goes. */
export const clearBasketRequestSchema = z.object({ contract: contractId.default(CATALOGUE_DEFAULTS.contract) })
export const clearBasketResponseSchema = z.object({ basket: basketSummarySchema })
export type ClearBasketResponse = z.infer<typeof clearBasketResponseSchema>

/**
 * POST /api/processProductSet/ {contract, products}: adds several products at once; each is
 * checked against its warehouse, the ones that do not fit are reported, the others added.
 */
export const processProductSetRequestSchema = z.object({
  contract: contractId.default(CATALOGUE_DEFAULTS.contract),
  products: z
    .array(z.object({ id: idNumber, qnt: intIn(1, MAX_LINE_QUANTITY), wms: idNumber.default(CATALOGUE_DEFAULTS.warehouse) }))
    .min(1)
    .max(5_000),
})
export type ProcessProductSetRequest = z.input<typeof processProductSetRequestSchema>

/** A product that could not be added in full: what was asked and what the warehouse still had free. */
export const refusedLineSchema = z.object({
  id: z.number().int(),
  wms: z.number().int(),
  header: z.string(),
  articul: z.string(),
  requested: z.number().int().positive(),
  available: z.number().int().nonnegative(),
})
export type RefusedLine = z.infer<typeof refusedLineSchema>

export const productSetResponseSchema = z.object({
  basket: basketSummarySchema,
  /** products added (in full) */
  count: z.number().int().nonnegative(),
  refused: z.array(refusedLineSchema),
})
export type ProductSetResponse = z.infer<typeof productSetResponseSchema>

/** GET /api/warehouse/{id}/: the warehouse map modal (spec §2 /tpl/direction.html). */
export const warehouseDirectionSchema = z.object({
  id: z.number().int(),
  header: z.string(),
  address: z.string(),
  schedule: z.string(),
  /** a picture served by the app */
  map: z.string(),
})
export type WarehouseDirection = z.infer<typeof warehouseDirectionSchema>

/** What the client makes of /api/placeOrder/: the order, or the 409 with the lines that were short. */
export type PlaceOrderOutcome =
  | { outcome: 'placed'; order: PlacedOrder; basket: PlaceOrderResponse['basket'] }
  | { outcome: 'shortage'; shortages: StockShortage[]; basket: PlaceOrderConflict['basket'] }
