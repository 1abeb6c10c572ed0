import * as z from 'zod/mini'
import { contractSchema } from './account'
import { contractId, intIn, paginationSchema } from './catalogue'
import { ruDateParts } from './order-periods'
import { ORDERS_MESSAGES } from './period-rule'
import { PURCHASED_DEFAULTS, PURCHASED_REPORTS, type PurchasedReport } from './purchased-defaults'

export { PURCHASED_DEFAULTS, PURCHASED_REPORTS, type PurchasedReport } from './purchased-defaults'

export const PURCHASED_REPORT_TITLES: Record<PurchasedReport, string> = {
  goods: 'По товарам',
  often: 'Часто в заказах',
  last: 'Последние в заказах',
  sum: 'По сумме',
}

/** The row fields a report shows, in column order (header and articul always come first). */
export type PurchasedColumn = 'qnt' | 'orders' | 'lastDate' | 'sum'
export const PURCHASED_REPORT_COLUMNS: Record<PurchasedReport, readonly PurchasedColumn[]> = {
  goods: ['qnt', 'sum'],
  often: ['orders', 'qnt', 'lastDate'],
  last: ['lastDate', 'qnt', 'sum'],
  sum: ['qnt', 'orders', 'sum'],
}

/** the orders filter's date texts: one wording for dates across the cabinet */
export const PURCHASED_MESSAGES = { badDate: ORDERS_MESSAGES.badDate, badPeriod: ORDERS_MESSAGES.badPeriod } as const

/** dd.mm.yyyy of a real calendar day; '' or absent = the default bound. */
const ruDate = z._default(
  z.string().check(
    z.trim(),
    z.refine((text) => text === '' || ruDateParts(text) !== null, PURCHASED_MESSAGES.badDate),
  ),
  '',
)

/** yyyymmdd of a dd.mm.yyyy date, comparable as a number; null for ''. */
export function dayNumber(text: string): number | null {
  const parts = ruDateParts(text)
  return parts ? parts[0] * 10_000 + parts[1] * 100 + parts[2] : null
}

/**
 * GET /api/purchasedGoods/ (spec §7 purchasedGoods): contract '0' = every contract the user may
 * use, another must be one of them (else 403); catalog 0 = every category, another = that
 * category and its subtree; startDate..endDate are whole Moscow days, both included.
 */
export const purchasedGoodsQuerySchema = z
  .object({
    contract: z._default(contractId, PURCHASED_DEFAULTS.contract),
    catalog: z._default(intIn(0, 2_147_483_647), PURCHASED_DEFAULTS.catalog),
    report: z._default(z.enum(PURCHASED_REPORTS), PURCHASED_DEFAULTS.report),
    startDate: ruDate,
    endDate: ruDate,
    page: z._default(intIn(1, 1_000_000), PURCHASED_DEFAULTS.page),
    perpage: z._default(intIn(1, PURCHASED_DEFAULTS.maxPerpage), PURCHASED_DEFAULTS.perpage),
  })
  .check(
    z.refine(
      (query) => {
        const [start, end] = [dayNumber(query.startDate), dayNumber(query.endDate)]
        return start === null || end === null || start <= end
      },
      { message: PURCHASED_MESSAGES.badPeriod, path: ['endDate'] },
    ),
  )
export type PurchasedGoodsFilter = z.output<typeof purchasedGoodsQuerySchema>
/** What /cabinet/purchased/ keeps in its address; startDate and endDate '' = the default period. */
export type PurchasedFilters = Omit<PurchasedGoodsFilter, 'perpage'>

const purchasedRowSchema = z.object({
  /** product id */
  id: z.int(),
  header: z.string(),
  articul: z.string(),
  /** units bought in the period */
  qnt: z.int().check(z.nonnegative()),
  /** orders holding the product */
  orders: z.int().check(z.nonnegative()),
  /** ISO moment of the latest such order */
  lastDate: z.string(),
  /** roubles paid for it: line price × units, summed */
  sum: z.number().check(z.nonnegative()),
})
export type PurchasedRow = z.infer<typeof purchasedRowSchema>

/** Spend in one Moscow calendar month of the period. */
const purchasedMonthSchema = z.object({
  /** yyyy-mm */
  month: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  sum: z.number().check(z.nonnegative()),
})
export type PurchasedMonth = z.infer<typeof purchasedMonthSchema>

const purchasedCategorySchema = z.object({ id: z.string(), header: z.string(), depth: z.int().check(z.nonnegative()) })
export type PurchasedCategory = z.infer<typeof purchasedCategorySchema>

export const purchasedGoodsResponseSchema = z.object({
  report: z.enum(PURCHASED_REPORTS),
  contract: z.string(),
  catalog: z.int(),
  /** the period counted, dd.mm.yyyy (the defaults filled in) */
  startDate: z.string(),
  endDate: z.string(),
  rows: z.array(purchasedRowSchema),
  /** products in the whole report */
  count: z.int().check(z.nonnegative()),
  /** the whole report, not just the page */
  total: z.object({ qnt: z.int().check(z.nonnegative()), orders: z.int().check(z.nonnegative()), sum: z.number().check(z.nonnegative()) }),
  /** every month the period touches, oldest first, with 0 for a month without orders */
  months: z.array(purchasedMonthSchema),
  /** the contracts the user may filter by */
  contracts: z.array(contractSchema),
  /** the catalogue tree, depth first, for the category filter */
  categories: z.array(purchasedCategorySchema),
  pagination: paginationSchema,
})
export type PurchasedGoodsResponse = z.infer<typeof purchasedGoodsResponseSchema>
