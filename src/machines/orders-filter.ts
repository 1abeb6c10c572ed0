import { minutesSeconds } from '../contract/minutes-seconds'
import type { OrderListQuery } from '../contract/orders'
import { ORDER_PERIODS, ORDERS_DEFAULTS, ORDERS_FIRST_FILTER, type OrderPeriod } from '../contract/order-periods'
import { OPEN_PERIOD, periodProblem } from '../contract/period-rule'

/** The orders page's filter (spec §3 Order filter) as the address keeps it; perpage is fixed at 10 (spec §9). */
export interface OrdersFilter {
  contract: string
  article: string
  dateselect: OrderPeriod
  /** dd.mm.yyyy, used with dateselect 'period' */
  start_date: string
  end_date: string
  search_doc: string
  /** '' either, '1' paid, '0' not paid */
  paid: '' | '0' | '1'
  /** an order state id; 0 = every state */
  state: number
  page: number
}

/** Spec §9: every contract, the last week, page 1. */
export const ORDERS_FILTER_DEFAULTS: OrdersFilter = ORDERS_FIRST_FILTER

export const isSameFilter = (a: OrdersFilter, b: OrdersFilter) =>
  (Object.keys(ORDERS_FILTER_DEFAULTS) as (keyof OrdersFilter)[]).every((key) => a[key] === b[key])

/** Spec §4: any filter change but the page's own resets the page to 1. */
const withFilterChange = (filter: OrdersFilter, change: Partial<Omit<OrdersFilter, 'page'>>): OrdersFilter => ({
  ...filter,
  ...change,
  page: 1,
})

/** GET /api/order/'s query for the filter: the dates only with a chosen period. */
export const ordersQuery = (filter: OrdersFilter) =>
  ({
    contract: filter.contract,
    article: filter.article,
    dateselect: filter.dateselect,
    start_date: filter.dateselect === 'period' ? filter.start_date : '',
    end_date: filter.dateselect === 'period' ? filter.end_date : '',
    search_doc: filter.search_doc,
    paid: filter.paid,
    state: filter.state,
    page: filter.page,
    perpage: ORDERS_DEFAULTS.perpage,
  }) satisfies OrderListQuery & Record<string, string | number>

/** The countdown's label: 300000 → '5:00'. */
export const countdownLabel = (ms: number) => minutesSeconds(ms)

/** The fields of the filter form (the page is the pagination's). */
export type OrdersFilterField = Exclude<keyof OrdersFilter, 'page'>

/**
 * The form after the dealer changed one field (as typed; «Найти» trims it). Typing a date chooses
 * «За период (даты ниже)»: a date is only ever asked with that period.
 */
export function withFilterField(filter: OrdersFilter, field: OrdersFilterField, value: string): OrdersFilter {
  switch (field) {
    case 'contract':
      return { ...filter, contract: value || ORDERS_FILTER_DEFAULTS.contract }
    case 'dateselect':
      return { ...filter, dateselect: (ORDER_PERIODS as readonly string[]).includes(value) ? (value as OrderPeriod) : ORDERS_FILTER_DEFAULTS.dateselect }
    case 'paid':
      return { ...filter, paid: value === '0' || value === '1' ? value : '' }
    case 'state':
      return { ...filter, state: Number(value) || 0 }
    case 'start_date':
    case 'end_date':
      return { ...filter, [field]: value, dateselect: value.trim() === '' ? filter.dateselect : 'period' }
    case 'article':
    case 'search_doc':
      return { ...filter, [field]: value }
  }
}

/** The form as «Найти» applies it: the texts trimmed, page 1 (spec §4). */
export const appliedFilter = (form: OrdersFilter): OrdersFilter =>
  withFilterChange(form, {
    article: form.article.trim(),
    start_date: form.start_date.trim(),
    end_date: form.end_date.trim(),
    search_doc: form.search_doc.trim(),
  })

const ORDERS_FILTER_MESSAGES = {
  badDate: (label: string, text: string) => `${label}: «${text}» — такой даты нет. Введите дату в виде дд.мм.гггг, например 01.03.2026`,
  badPeriod: (start: string, end: string) => `Начало периода (${start}) позже его конца (${end}). Исправьте даты`,
} as const

const DATE_LABELS = { start: 'Дата с', end: 'Дата по' } as const

/**
 * Why the filter's dates cannot be asked, in Russian, or null (the same rule as the acts'): only
 * with «За период», each date real or empty, the start not after the end.
 */
export function filterError(filter: OrdersFilter): string | null {
  if (filter.dateselect !== 'period') return null
  const problem = periodProblem(filter.start_date, filter.end_date, OPEN_PERIOD)
  if (problem?.kind === 'badDate') return ORDERS_FILTER_MESSAGES.badDate(DATE_LABELS[problem.field], problem.text)
  return problem && ORDERS_FILTER_MESSAGES.badPeriod(filter.start_date.trim(), filter.end_date.trim())
}

/** Which date the filter's error is about, for the form to mark it (null: none, or the order of the two). */
export function filterErrorField(filter: OrdersFilter): 'start_date' | 'end_date' | null {
  if (filter.dateselect !== 'period') return null
  const problem = periodProblem(filter.start_date, filter.end_date, OPEN_PERIOD)
  return problem?.kind === 'badDate' ? (problem.field === 'start' ? 'start_date' : 'end_date') : null
}
