import { z } from 'zod'

/**
 * The search params of /cabinet/purchased/, read by the route tree. Only shapes are checked
 * here, so the route tree (in the entry chunk) does not pull in the reports' contract; the screen
 * checks the report name (filtersOf in purchased-goods-rules.ts). What is malformed is dropped.
 */
const searchField = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)
const ruDateText = z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/)
const purchasedSearchSchema = z.object({
  report: searchField(z.string().regex(/^[a-z]{1,16}$/)),
  contract: searchField(z.coerce.string().regex(/^\d{1,9}$/)),
  catalog: searchField(z.coerce.number().int().min(0).max(2_147_483_647)),
  startDate: searchField(ruDateText),
  endDate: searchField(ruDateText),
  page: searchField(z.coerce.number().int().min(1).max(1_000_000)),
})
export type PurchasedSearch = { [K in keyof z.output<typeof purchasedSearchSchema>]?: Exclude<z.output<typeof purchasedSearchSchema>[K], undefined> }

export function parsePurchasedSearch(search: Record<string, unknown>): PurchasedSearch {
  const parsed = purchasedSearchSchema.parse(search)
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined))
}
