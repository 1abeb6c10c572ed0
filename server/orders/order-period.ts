import { ruDateParts, type OrderPeriod } from '../../src/contract/orders'

/** Dates the dealer types are Moscow calendar days. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60_000

/** The ISO moment a Moscow day starts; `dayShift` 1 gives the start of the next day. */
function moscowDayStart(text: string, dayShift = 0): string | undefined {
  const parts = ruDateParts(text)
  if (!parts) return undefined
  const [year, month, day] = parts
  return new Date(Date.UTC(year, month - 1, day + dayShift) - MOSCOW_OFFSET_MS).toISOString()
}

const MONTHS_BACK: Record<Exclude<OrderPeriod, 'all' | 'period' | 'week'>, number> = { month: 1, quarter: 3, year: 12 }

export interface PeriodQuery {
  dateselect: OrderPeriod
  start_date: string
  end_date: string
}

/** [from, to) of created_at as ISO strings; an absent bound is open. */
export function periodBounds(query: PeriodQuery, now: Date): { from?: string; to?: string } {
  const { dateselect } = query
  if (dateselect === 'all') return {}
  if (dateselect === 'period') return { from: moscowDayStart(query.start_date), to: moscowDayStart(query.end_date, 1) }
  const from = new Date(now)
  if (dateselect === 'week') from.setUTCDate(from.getUTCDate() - 7)
  else from.setUTCMonth(from.getUTCMonth() - MONTHS_BACK[dateselect])
  return { from: from.toISOString() }
}
