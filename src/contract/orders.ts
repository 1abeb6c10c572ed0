import * as z from 'zod/mini'
import { contractSchema } from './account'
import { contractId, intIn, paginationSchema } from './catalogue'
import { lineText, transformed } from './common'
import { placedOrderSchema } from './placed-order'
import { ORDER_PERIODS, ORDERS_DEFAULTS, ruDateParts } from './order-periods'
import { OPEN_PERIOD, ORDERS_MESSAGES, periodProblem } from './period-rule'

export { ORDER_PERIODS, ORDERS_DEFAULTS, ruDateParts, type OrderPeriod } from './order-periods'

/** dd.mm.yyyy of a real calendar day; '' means none. */
const ruDate = z._default(
  z.string().check(
    z.trim(),
    z.refine((text) => text === '' || ruDateParts(text) !== null, ORDERS_MESSAGES.badDate),
  ),
  '',
)

/** '' or absent = either; '1' paid; '0' not paid. */
const paidFilter = z._default(
  transformed(z.union([z.enum(['', '0', '1']), z.boolean()]), (v) => (v === '' ? null : v === true || v === '1')),
  null,
)

/** GET /api/order/ (spec §7): the orders of the dealer's company under the contracts the user may use. */
export const orderListQuerySchema = z
  .object({
    contract: z._default(contractId, ORDERS_DEFAULTS.contract),
    dateselect: z._default(z.enum(ORDER_PERIODS), ORDERS_DEFAULTS.dateselect),
    start_date: ruDate,
    end_date: ruDate,
    paid: paidFilter,
    /** an order state id; '' or 0 = every state */
    state: z._default(
      transformed(z.union([z.literal(''), intIn(0, 2_147_483_647)]), (v) => (v === '' ? 0 : v)),
      0,
    ),
    /** an order number, or text of its status (an invoice number lives there) */
    search_doc: z._default(lineText().check(z.maxLength(100)), ''),
    /** part of a product articul: only orders holding such a line; '' = any */
    article: z._default(lineText().check(z.maxLength(100)), ''),
    page: z._default(intIn(1, 1_000_000), ORDERS_DEFAULTS.page),
    perpage: z._default(intIn(1, ORDERS_DEFAULTS.maxPerpage), ORDERS_DEFAULTS.perpage),
  })
  .check(
    z.refine((query) => query.dateselect !== 'period' || periodProblem(query.start_date, query.end_date, OPEN_PERIOD) === null, {
      message: ORDERS_MESSAGES.badPeriod,
      path: ['end_date'],
    }),
  )
export type OrderListQuery = z.input<typeof orderListQuerySchema>
export type OrderListFilter = z.output<typeof orderListQuerySchema>

export const orderRowSchema = z.extend(placedOrderSchema, { paid: z.boolean() })
export type OrderRow = z.infer<typeof orderRowSchema>

const orderStateSchema = z.object({ id: z.int(), header: z.string() })

export const orderListSchema = z.object({
  /** newest first */
  orders: z.array(orderRowSchema),
  /** every order state, for the state filter */
  states: z.array(orderStateSchema),
  /** the contracts the user may filter by */
  contracts: z.array(contractSchema),
  /** orders matching the filter */
  count: z.int().check(z.nonnegative()),
  /** true: a search stopped counting at `count`, more orders match («более N»); absent: `count` is exact */
  count_is_floor: z.optional(z.boolean()),
  pagination: paginationSchema,
})
export type OrderList = z.infer<typeof orderListSchema>

// --- one order's state (its detail, cancel and repeat: order-actions.ts)

/** Spec §4: the states an order can be cancelled from (new, in processing, awaiting payment); shipped, cancelled and assembled ones cannot. */
export const CANCELLABLE_ORDER_STATES: readonly number[] = [1, 2, 10]
export const CANCELLED_ORDER_STATE = 4

// --- the checked orders as an XLSX file (the selection bar's «Выгрузить в XLSX»)

/** At most this many orders go into one file (a page holds 10). */
export const ORDER_EXPORT_MAX = 100

export const ORDER_EXPORT_MESSAGES = {
  badIds: `Укажите номера заказов через запятую (не более ${ORDER_EXPORT_MAX})`,
  notFound: (id: number) => `Заказ № ${id} не найден`,
} as const

/** GET /api/orderExport/?ids=41,42: the orders' numbers, comma-separated. */
export const orderExportQuerySchema = z.object({
  ids: z.pipe(
    z.string().check(z.regex(/^\d{1,10}(,\d{1,10})*$/, ORDER_EXPORT_MESSAGES.badIds)),
    z.pipe(
      z.transform((text: string) => [...new Set(text.split(',').map(Number))]),
      z.array(z.int().check(z.positive(), z.lte(2_147_483_647))).check(z.minLength(1), z.maxLength(ORDER_EXPORT_MAX, ORDER_EXPORT_MESSAGES.badIds)),
    ),
  ),
})

/** The address of the checked orders' XLSX file. */
export const orderExportPath = (ids: readonly number[]) => `/api/orderExport/?ids=${ids.join(',')}`
