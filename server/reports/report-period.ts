import { PURCHASED_DEFAULTS, PURCHASED_MESSAGES, dayNumber } from '../../src/contract/purchased-goods'
import { ruDateParts } from '../../src/contract/orders'
import { HttpError } from '../validation'

/** Dates the dealer types are Moscow calendar days. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60_000
const DAY_MS = 24 * 60 * 60_000
/** The chart has a bar per month: a longer period is refused rather than drawn as thousands of bars. */
const MAX_PERIOD_YEARS = 5

const PERIOD_TOO_LONG = `Период не длиннее ${MAX_PERIOD_YEARS} лет`

export interface ReportPeriod {
  /** dd.mm.yyyy, both days included */
  startDate: string
  endDate: string
  /** [from, to) of orders.created_at as ISO strings */
  from: string
  to: string
  /** yyyy-mm of every month the period touches, oldest first */
  months: string[]
}

/** UTC midnight of a dd.mm.yyyy day (a calendar day, not a moment). */
const dayOf = (text: string) => {
  const [year, month, day] = ruDateParts(text) ?? [1970, 1, 1]
  return Date.UTC(year, month - 1, day)
}

const ruDateOf = (dayMs: number) => {
  const [year, month, day] = new Date(dayMs).toISOString().slice(0, 10).split('-')
  return `${day}.${month}.${year}`
}

/** yyyy-mm of a moment in Moscow. */
export const moscowMonthOf = (iso: string) => new Date(new Date(iso).getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 7)

function monthsBetween(startDay: number, endDay: number): string[] {
  const months: string[] = []
  const cursor = new Date(startDay)
  cursor.setUTCDate(1)
  while (cursor.getTime() <= endDay) {
    months.push(cursor.toISOString().slice(0, 7))
    cursor.setUTCMonth(cursor.getUTCMonth() + 1)
  }
  return months
}

/**
 * The period of a report: the end defaults to today in Moscow, the start to 29 days before the
 * end (30 days with both ends, spec §9). A start after the end, or a period over
 * MAX_PERIOD_YEARS, is a 400.
 */
export function reportPeriod(query: { startDate: string; endDate: string }, now: Date): ReportPeriod {
  const today = ruDateOf(now.getTime() + MOSCOW_OFFSET_MS)
  const endDate = query.endDate || today
  const startDate = query.startDate || ruDateOf(dayOf(endDate) - (PURCHASED_DEFAULTS.periodDays - 1) * DAY_MS)
  if ((dayNumber(startDate) ?? 0) > (dayNumber(endDate) ?? 0)) throw new HttpError(400, PURCHASED_MESSAGES.badPeriod)
  const [startDay, endDay] = [dayOf(startDate), dayOf(endDate)]
  const longest = new Date(startDay)
  longest.setUTCFullYear(longest.getUTCFullYear() + MAX_PERIOD_YEARS)
  if (endDay >= longest.getTime()) throw new HttpError(400, PERIOD_TOO_LONG)
  return {
    startDate,
    endDate,
    from: new Date(startDay - MOSCOW_OFFSET_MS).toISOString(),
    to: new Date(endDay + DAY_MS - MOSCOW_OFFSET_MS).toISOString(),
    months: monthsBetween(startDay, endDay),
  }
}
