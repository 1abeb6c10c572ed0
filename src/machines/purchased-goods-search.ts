import * as z from 'zod/mini'
import { PURCHASED_DEFAULTS, PURCHASED_REPORTS } from '../contract/purchased-defaults'
import type { PurchasedFilters } from '../contract/purchased-goods'

/**
 * The search params of /cabinet/purchased/, read by the route tree. Only shapes are checked
 * here, so the route tree (in the entry chunk) does not pull in the reports' contract; the screen
 * checks the report name (filtersOf below). What is malformed is dropped.
 */
const searchField = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined)
const ruDateText = z.string().check(z.regex(/^\d{2}\.\d{2}\.\d{4}$/))
const purchasedSearchSchema = z.object({
  report: searchField(z.string().check(z.regex(/^[a-z]{1,16}$/))),
  contract: searchField(z.coerce.string().check(z.regex(/^\d{1,9}$/))),
  catalog: searchField(z.coerce.number().check(z.int(), z.gte(0), z.lte(2_147_483_647))),
  startDate: searchField(ruDateText),
  endDate: searchField(ruDateText),
  page: searchField(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000))),
})
export type PurchasedSearch = { [K in keyof z.output<typeof purchasedSearchSchema>]?: Exclude<z.output<typeof purchasedSearchSchema>[K], undefined> }

export function parsePurchasedSearch(search: Record<string, unknown>): PurchasedSearch {
  const parsed = purchasedSearchSchema.parse(search)
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined))
}

export const DEFAULT_PURCHASED_FILTERS: PurchasedFilters = {
  report: PURCHASED_DEFAULTS.report,
  contract: PURCHASED_DEFAULTS.contract,
  catalog: PURCHASED_DEFAULTS.catalog,
  startDate: '',
  endDate: '',
  page: 1,
}

/** The filters an address names (see purchased-goods-search.ts), defaults filled in and the report name checked. */
export function filtersOf(search: PurchasedSearch): PurchasedFilters {
  const report = PURCHASED_REPORTS.find((each) => each === search.report) ?? DEFAULT_PURCHASED_FILTERS.report
  return { ...DEFAULT_PURCHASED_FILTERS, ...search, report }
}
