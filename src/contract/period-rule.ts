/**
 * The one rule for a dd.mm.yyyy period as typed, shared by the acts (their list and the act
 * request) and the orders filter, on the client and in the server's schemas.
 */
import { ruDateParts } from './order-periods'

/** The date filters' refusals as the orders, purchased goods and acts filters word them. */
export const ORDERS_MESSAGES = {
  badDate: 'Некорректная дата: ожидается дд.мм.гггг',
  badPeriod: 'Начало периода позже его конца',
} as const

/** yyyymmdd of a dd.mm.yyyy date, comparable as a number; null when it names no day. */
function ruDayNumber(text: string): number | null {
  const parts = ruDateParts(text)
  return parts ? parts[0] * 10_000 + parts[1] * 100 + parts[2] : null
}

/** What is wrong with a period: a date that names no day (which one, as typed), or its start after (or on) its end. */
export type PeriodProblem = { kind: 'badDate'; field: 'start' | 'end'; text: string } | { kind: 'badPeriod' }

export interface PeriodRule {
  /** both dates must be given; otherwise '' leaves that end open */
  required: boolean
  /** the start may be the end's day */
  sameDay: boolean
}

/** Why the period cannot be asked, or null: each date real (or '' when not required), the start not after the end. */
export function periodProblem(start: string, end: string, rule: PeriodRule): PeriodProblem | null {
  const dates = { start: start.trim(), end: end.trim() }
  for (const field of ['start', 'end'] as const) {
    const text = dates[field]
    if ((rule.required || text !== '') && !ruDateParts(text)) return { kind: 'badDate', field, text }
  }
  const [from, to] = [ruDayNumber(dates.start), ruDayNumber(dates.end)]
  if (from === null || to === null) return null
  return from > to || (!rule.sameDay && from === to) ? { kind: 'badPeriod' } : null
}

/** The act request (spec §5): both dates, the start earlier than the end. */
export const ACT_REQUEST_PERIOD: PeriodRule = { required: true, sameDay: false }

/** The acts list and the orders filter: either end may be left open, and one day is a period. */
export const OPEN_PERIOD: PeriodRule = { required: false, sameDay: true }
