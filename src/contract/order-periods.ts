/**
 * The orders list's periods and defaults and the dd.mm.yyyy date rule, without schemas: the
 * router checks the orders address with these before the orders screen (and its contract) loads.
 */

/** 'period' takes start_date..end_date; the others count back from now; 'all' has no bound. */
export const ORDER_PERIODS = ['all', 'week', 'month', 'quarter', 'year', 'period'] as const
export type OrderPeriod = (typeof ORDER_PERIODS)[number]

/** Spec §7: the orders list shows the last week, 10 orders a page; contract '0' = every contract the user may use. */
export const ORDERS_DEFAULTS = { contract: '0', dateselect: 'week', page: 1, perpage: 10, maxPerpage: 100 } as const

/** Spec §9: the orders list reloads every 5 minutes, counting down beside its title. */
export const ORDERS_POLL_MS = 300_000

/** Spec §9: the orders filter of an address that names none — every contract, the last week, page 1. */
export const ORDERS_FIRST_FILTER = {
  contract: ORDERS_DEFAULTS.contract,
  article: '',
  dateselect: ORDERS_DEFAULTS.dateselect,
  start_date: '',
  end_date: '',
  search_doc: '',
  paid: '',
  state: 0,
  page: ORDERS_DEFAULTS.page,
} as const

/** [year, month, day] of a dd.mm.yyyy date, or null when it names no day. */
export function ruDateParts(text: string): [number, number, number] | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text)
  if (!match) return null
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return real && year >= 2000 ? [year, month, day] : null
}

const pad = (n: number) => String(n).padStart(2, '0')

/** dd.mm.yyyy of the day in Moscow (the dealer's day) at `now`. */
export function ruToday(now: Date): string {
  const moscow = new Date(now.getTime() + 3 * 60 * 60_000)
  return `${pad(moscow.getUTCDate())}.${pad(moscow.getUTCMonth() + 1)}.${moscow.getUTCFullYear()}`
}
