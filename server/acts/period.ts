/** Moscow is UTC+3 all year; the dealer's days are Moscow days. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60_000
const DAY_MS = 24 * 60 * 60_000

/** The ISO moment a yyyy-mm-dd Moscow day begins. */
export const moscowDayStart = (isoDay: string) => new Date(Date.parse(`${isoDay}T00:00:00Z`) - MOSCOW_OFFSET_MS).toISOString()

/** The ISO moment after a yyyy-mm-dd Moscow day ends (the next day's start). */
export const moscowDayEnd = (isoDay: string) => new Date(Date.parse(`${isoDay}T00:00:00Z`) - MOSCOW_OFFSET_MS + DAY_MS).toISOString()

/** dd.mm.yyyy of an ISO moment, in Moscow. */
export function moscowRuDate(iso: string): string {
  const day = new Date(Date.parse(iso) + MOSCOW_OFFSET_MS).toISOString().slice(0, 10)
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`
}
