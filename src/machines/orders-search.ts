import * as z from 'zod/mini'
import { ORDER_PERIODS, ORDERS_FIRST_FILTER, ruDateParts, type OrderPeriod } from '../contract/order-periods'

const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined)
const ruDate = z.string().check(
  z.trim(),
  z.refine((text) => ruDateParts(text) !== null),
)
const text = z.string().check(z.trim(), z.maxLength(100))

/**
 * The orders page's address, ?contract=&article=&dateselect=&start_date=&end_date=&search_doc=&paid=&state=&page=:
 * a bad value falls back to its default. The router checks it before the orders screen loads.
 */
export const ordersSearchSchema = z.object({
  contract: optional(z.coerce.string().check(z.regex(/^\d{1,9}$/))),
  article: optional(text),
  dateselect: optional(z.enum(ORDER_PERIODS)),
  start_date: optional(ruDate),
  end_date: optional(ruDate),
  search_doc: optional(text),
  paid: optional(z.pipe(z.coerce.string(), z.enum(['0', '1']))),
  state: optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647))),
  page: optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000))),
})
export type OrdersSearch = z.infer<typeof ordersSearchSchema>

/** The orders page's filter (spec §3 Order filter) as the address keeps it; perpage is fixed at 10 (spec §9). */
export interface OrdersFilter {
  contract: string
  article: string
  dateselect: OrderPeriod
  /** dd.mm.yyyy, used with dateselect 'period' */
  start_date: string
  end_date: string
  search_doc: string
  /** '' either, '1' paid, '0' not paid */
  paid: '' | '0' | '1'
  /** an order state id; 0 = every state */
  state: number
  page: number
}

/**
 * The whole filter an address names, defaults filled in. Here, not in orders-filter.ts: the screen
 * host reads it on every start, and the first load should not carry the orders form's rules.
 */
export const filterOfSearch = (search: Record<string, unknown>): OrdersFilter => {
  const parsed = ordersSearchSchema.parse(search)
  const defined = Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined && value !== ''))
  return { ...ORDERS_FIRST_FILTER, ...defined }
}
