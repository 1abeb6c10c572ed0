import { CATALOGUE_DEFAULTS, type FilterRequest } from '../contract/catalogue'
import type { Prices } from '../contract/filter-answer'
import { DEFAULT_SORTING } from './catalogue-sorting'
import { DEFAULT_QUERY, defaultCatalogOf, hasBound, ordered, orderedParam, type CatalogueQuery, type CatalogueSearch } from './catalogue-search'

/** The address of a query: only what differs from the defaults, so /cabinet/ is the default page. */
export function searchFromQuery(query: CatalogueQuery): CatalogueSearch {
  const search: CatalogueSearch = {}
  if (query.keyword !== '') search.q = query.keyword
  if (query.page !== DEFAULT_QUERY.page) search.page = query.page
  if (query.warehouse !== DEFAULT_QUERY.warehouse) search.warehouse = query.warehouse
  if (query.available) search.available = true
  if (query.brand.length > 0) search.brand = query.brand
  if (query.minprice !== null) search.minprice = query.minprice
  if (query.maxprice !== null) search.maxprice = query.maxprice
  if (query.params.length > 0) search.params = query.params
  if (query.tags.length > 0) search.tags = query.tags
  if (query.catalog !== defaultCatalogOf(query.keyword)) search.catalog = Number(query.catalog)
  if (query.sorting === null) search.sort = 'none'
  else if (query.sorting.field !== DEFAULT_SORTING.field || query.sorting.sort !== DEFAULT_SORTING.sort) {
    search.sort = query.sorting.field
    if (query.sorting.sort !== DEFAULT_SORTING.sort) search.dir = query.sorting.sort
  }
  return search
}

/** Two queries show the same page (the address form is canonical, so it is the comparison). */
export const sameQuery = (a: CatalogueQuery, b: CatalogueQuery) => JSON.stringify(searchFromQuery(a)) === JSON.stringify(searchFromQuery(b))

// --- the dealer's changes

/** One change the dealer makes in the filter panel. */
export type FilterChange =
  | { kind: 'warehouse'; id: number }
  | { kind: 'available'; value: boolean }
  | { kind: 'brand'; id: number; selected: boolean }
  | { kind: 'price'; min: number | null; max: number | null }
  | { kind: 'param'; id: number; minp: number | null; maxp: number | null }
  | { kind: 'tag'; id: number; selected: boolean }
  | { kind: 'catalog'; id: string }
  /** clears the choices of the panel (brands, availability, price, parameters, tags) */
  | { kind: 'reset' }
  /** another keyword, or '' to leave the search for the catalogue: the section goes back to the mode's default */
  | { kind: 'keyword'; keyword: string }

const factorOf = (decimals: number) => 10 ** Math.max(0, Math.min(decimals, 6))
// the epsilon keeps 1.005 × 100 = 100.49999… from rounding the wrong way
const EPSILON = 1e-9

/** Spec §9: the price filter rounds to the given decimals. */
export const roundTo = (value: number, decimals: number) => Math.round(value * factorOf(decimals) + EPSILON) / factorOf(decimals)

/** The price inputs' bounds from the server's prices: the minimum rounded down, the maximum up. */
export function priceBounds(prices: Prices): { min: number; max: number } {
  const factor = factorOf(prices.decimals)
  return { min: Math.floor(prices.min * factor + EPSILON) / factor, max: Math.ceil(prices.max * factor - EPSILON) / factor }
}

const roundedOrNull = (value: number | null, decimals: number) => (value === null || !Number.isFinite(value) ? null : Math.max(0, roundTo(value, decimals)))

/**
 * The query after one change. Spec §4: any filter change resets the page to 1. `decimals` is
 * the server's price precision.
 */
export function applyFilterChange(query: CatalogueQuery, change: FilterChange, decimals: number): CatalogueQuery {
  const next = { ...query, page: 1 }
  switch (change.kind) {
    case 'warehouse':
      return { ...next, warehouse: change.id }
    case 'available':
      return { ...next, available: change.value }
    case 'brand':
      return { ...next, brand: withChoice(query.brand, change.id, change.selected) }
    case 'tag':
      return { ...next, tags: withChoice(query.tags, change.id, change.selected) }
    case 'catalog':
      return { ...next, catalog: change.id }
    case 'price': {
      const [minprice, maxprice] = ordered(roundedOrNull(change.min, decimals), roundedOrNull(change.max, decimals))
      return { ...next, minprice, maxprice }
    }
    case 'param': {
      const range = orderedParam({ id: change.id, minp: finiteOrNull(change.minp), maxp: finiteOrNull(change.maxp) })
      const others = query.params.filter((param) => param.id !== change.id)
      return { ...next, params: hasBound(range) ? [...others, range].sort((a, b) => a.id - b.id) : others }
    }
    case 'keyword':
      return { ...next, keyword: change.keyword.trim(), catalog: defaultCatalogOf(change.keyword.trim()) }
    case 'reset':
      return { ...next, brand: [], available: false, minprice: null, maxprice: null, params: [], tags: [] }
  }
}

const withChoice = (ids: number[], id: number, selected: boolean) =>
  selected ? [...ids.filter((other) => other !== id), id] : ids.filter((other) => other !== id)

const finiteOrNull = (value: number | null) => (value === null || !Number.isFinite(value) ? null : value)

/** Whether the panel has any choice that `reset` would clear. */
export const hasChosenFilters = (query: CatalogueQuery) =>
  query.available || query.brand.length > 0 || query.minprice !== null || query.maxprice !== null || query.params.length > 0 || query.tags.length > 0

/**
 * POST /api/filter/ payload of spec §3 for a query; no sorting = the server's default order. A
 * keyword goes as `query`, over every catalogue (`search_range` 'all') or the chosen section.
 */
export function toFilterPayload(query: CatalogueQuery, contract: string): FilterRequest {
  return {
    origin: query.keyword === '' ? 'catalog' : 'search',
    contract,
    warehouse: query.warehouse,
    available: query.available,
    brand: query.brand,
    catalog: query.catalog,
    perpage: CATALOGUE_DEFAULTS.perpage,
    byprice: query.minprice !== null || query.maxprice !== null,
    minprice: query.minprice,
    maxprice: query.maxprice,
    filter: query.params,
    page: query.page,
    tags: query.tags,
    query: query.keyword,
    search_range: query.catalog === CATALOGUE_DEFAULTS.allCatalogues ? 'all' : 'catalog',
    ...(query.sorting ? { sorting: query.sorting } : {}),
  }
}
