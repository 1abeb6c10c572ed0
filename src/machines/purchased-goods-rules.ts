import { ruDateParts } from '../contract/order-periods'
import { PURCHASED_MESSAGES, dayNumber, type PurchasedFilters } from '../contract/purchased-goods'
import { DEFAULT_PURCHASED_FILTERS } from './purchased-goods-search'

export interface PeriodDraft {
  startDate: string
  endDate: string
}

/** Why a typed period cannot be applied, or null: each date empty or a real dd.mm.yyyy day, the start not after the end. */
export function periodError({ startDate, endDate }: PeriodDraft): string | null {
  const [start, end] = [startDate.trim(), endDate.trim()]
  if ((start !== '' && !ruDateParts(start)) || (end !== '' && !ruDateParts(end))) return PURCHASED_MESSAGES.badDate
  const [from, to] = [dayNumber(start), dayNumber(end)]
  return from !== null && to !== null && from > to ? PURCHASED_MESSAGES.badPeriod : null
}

export const sameFilters = (a: PurchasedFilters, b: PurchasedFilters) =>
  a.report === b.report && a.contract === b.contract && a.catalog === b.catalog && a.startDate === b.startDate && a.endDate === b.endDate && a.page === b.page

/** The address's search params: defaults left out, so a plain /cabinet/purchased/ stays plain. */
export function filtersSearch(filters: PurchasedFilters): Partial<PurchasedFilters> {
  const search: Partial<PurchasedFilters> = {}
  for (const key of Object.keys(filters) as (keyof PurchasedFilters)[]) {
    if (filters[key] !== DEFAULT_PURCHASED_FILTERS[key]) Object.assign(search, { [key]: filters[key] })
  }
  return search
}

/** Spec §4: any filter change resets the page to 1. */
export const withFilter = (filters: PurchasedFilters, change: Partial<Omit<PurchasedFilters, 'page'>>): PurchasedFilters => ({
  ...filters,
  ...change,
  page: 1,
})
