import { minutesSeconds } from '../services/minutes-seconds'
import type { OrderListQuery } from '../contract/orders'
import { ORDERS_DEFAULTS, ORDERS_FIRST_FILTER, type OrderPeriod } from '../contract/order-periods'
import type { OrdersSearch } from './orders-search'

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

/** The whole filter an address names. */
export const filterOfSearch = (search: OrdersSearch): OrdersFilter => {
  const defined = Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== ''))
  return { ...ORDERS_FILTER_DEFAULTS, ...defined }
}

/** The address of a filter: only what differs from the defaults, so the plain page keeps a plain address. */
export const searchOfFilter = (filter: OrdersFilter): OrdersSearch =>
  Object.fromEntries(Object.entries(filter).filter(([key, value]) => value !== ORDERS_FILTER_DEFAULTS[key as keyof OrdersFilter])) as OrdersSearch

export const isSameFilter = (a: OrdersFilter, b: OrdersFilter) =>
  (Object.keys(ORDERS_FILTER_DEFAULTS) as (keyof OrdersFilter)[]).every((key) => a[key] === b[key])

/** Spec §4: any filter change but the page's own resets the page to 1. */
export const withFilterChange = (filter: OrdersFilter, change: Partial<Omit<OrdersFilter, 'page'>>): OrdersFilter => ({
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
