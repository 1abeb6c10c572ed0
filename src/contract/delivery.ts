import * as z from 'zod/mini'
import { basketSummarySchema } from './account'
import { BASKET_DEFAULT_REGION, BASKET_MESSAGES } from './basket'

export { clearBasketRequestSchema, clearBasketResponseSchema, type ClearBasketResponse } from './basket'
import { CATALOGUE_DEFAULTS, contractId, idNumber } from './catalogue'
import { lineText, multilineText } from './common'
import { placedOrderSchema, type PlacedOrder } from './placed-order'

/** Spec §9: delivery '3', delivery type 'terminal', region '1'. */
export const DELIVERY_DEFAULTS = { method: '3', type: 'terminal', region: BASKET_DEFAULT_REGION } as const

/** 'terminal': the company's terminal in the region; 'door': to the dealer's address. */
const DELIVERY_TYPES = ['terminal', 'door'] as const
export type DeliveryType = (typeof DELIVERY_TYPES)[number]

export const DELIVERY_MESSAGES = {
  badMethod: 'Такого способа доставки нет',
  badCompany: 'Выберите транспортную компанию',
  badRegion: 'Такого региона нет',
  badAddress: 'Выберите адрес доставки',
  badConsignee: 'Такого грузополучателя нет',
  emptyBasket: BASKET_MESSAGES.emptyBasket,
  /** spec §5 and §8, to the letter: the order could not reserve every line */
  overStock: 'Не достаточно свободных остатков на складе',
  warehouseNotFound: 'Такого склада нет',
} as const

const deliveryMethodSchema = z.object({
  id: z.string(),
  header: z.string(),
  /** a transport company is chosen (and its terminal type) only for this method */
  needsCompany: z.boolean(),
  /** the goods leave from the warehouse: no address is needed (self-pickup) */
  isPickup: z.boolean(),
})
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>

const deliveryCompanySchema = z.object({ id: z.string(), header: z.string() })
export type DeliveryCompany = z.infer<typeof deliveryCompanySchema>

const regionSchema = z.object({ id: z.string(), header: z.string() })
export type Region = z.infer<typeof regionSchema>

/** GET /api/getBasketTableInit/: what the delivery selector offers, and the dealer's addresses and consignees. */
export const basketTableInitSchema = z.object({
  delivery_methods: z.array(deliveryMethodSchema),
  delivery_companies: z.array(deliveryCompanySchema),
  regions: z.array(regionSchema),
  addresses: z.array(z.object({ id: z.int(), full_address: z.string(), postindex: z.string() })),
  consignees: z.array(z.object({ id: z.int(), surname: z.string(), name: z.string() })),
})
export type BasketTableInit = z.infer<typeof basketTableInitSchema>

/** The delivery the dealer chose in the basket. */
const deliveryChoiceSchema = z.object({
  method: z._default(lineText().check(z.minLength(1), z.maxLength(20)), DELIVERY_DEFAULTS.method),
  /** required when the method needs a company; ignored otherwise */
  company: z._default(z.nullable(lineText().check(z.maxLength(20))), null),
  type: z._default(z.enum(DELIVERY_TYPES), DELIVERY_DEFAULTS.type),
  region: z._default(lineText().check(z.minLength(1), z.maxLength(20)), DELIVERY_DEFAULTS.region),
})
export type DeliveryChoice = z.output<typeof deliveryChoiceSchema>

/**
 * POST /api/placeOrder/ (not shown by the spec; shaped like the other calls): the basket of the
 * contract becomes an order. Stock is reserved for every line at once or for none.
 */
export const placeOrderRequestSchema = z.object({
  contract: z._default(contractId, CATALOGUE_DEFAULTS.contract),
  delivery: deliveryChoiceSchema,
  /** required unless the method is pickup */
  address_id: z._default(z.nullable(idNumber), null),
  consignee_id: z._default(z.nullable(idNumber), null),
  comment: z._default(multilineText().check(z.trim(), z.maxLength(1000)), ''),
})
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>

export const placeOrderResponseSchema = z.object({ order: placedOrderSchema, basket: basketSummarySchema })
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>

/** A basket line the order could not reserve: how much is left now (0 means the line was removed). */
const stockShortageSchema = z.object({
  line_id: z.int(),
  product_id: z.int(),
  wms: z.int(),
  header: z.string(),
  articul: z.string(),
  requested: z.int().check(z.positive()),
  available: z.int().check(z.nonnegative()),
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

/** GET /api/warehouse/{id}/: the warehouse map modal (spec §2 /tpl/direction.html). */
export const warehouseDirectionSchema = z.object({
  id: z.int(),
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
