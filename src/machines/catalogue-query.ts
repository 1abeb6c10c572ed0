import * as z from 'zod/mini'
import { CATALOGUE_DEFAULTS, flag, SORT_DIRECTIONS, SORT_FIELDS, type FilterRequest, type Prices } from '../contract/catalogue'
import { transformed } from '../contract/common'
import { DEFAULT_SORTING, type SortState } from './catalogue-sorting'

/** A parameter filter: the product's value lies in [minp, maxp]; a null bound is open. */
export interface ParamRange {
  id: number
  minp: number | null
  maxp: number | null
}

/**
 * Everything that decides which catalogue page is shown; it lives in the address of /cabinet/,
 * so a filtered page can be bookmarked, reloaded and restored with the back button.
 */
export interface CatalogueQuery {
  page: number
  warehouse: number
  available: boolean
  brand: number[]
  minprice: number | null
  maxprice: number | null
  params: ParamRange[]
  tags: number[]
  /** a category id, or '-1' = all catalogues */
  catalog: string
  sorting: SortState
  /** the keyword of the search results (/cabinet/action12/?q=); '' = the plain catalogue */
  keyword: string
}

/** Spec §9 defaults: warehouse 1, catalogue '27', header ascending, page 1, nothing else chosen. */
export const DEFAULT_QUERY: CatalogueQuery = {
  page: 1,
  warehouse: CATALOGUE_DEFAULTS.warehouse,
  available: false,
  brand: [],
  minprice: null,
  maxprice: null,
  params: [],
  tags: [],
  catalog: CATALOGUE_DEFAULTS.catalog,
  sorting: DEFAULT_SORTING,
  keyword: '',
}

/** Spec §2, §4: a keyword search starts over all catalogues (-1); the plain catalogue at '27'. */
const defaultCatalogOf = (keyword: string): string => (keyword === '' ? CATALOGUE_DEFAULTS.catalog : CATALOGUE_DEFAULTS.allCatalogues)

// --- the address: /cabinet/?page=2&brand=[3,5]&minprice=100&sort=price&dir=desc ...

const MAX_ID = 2_147_483_647
const positiveInt = (max: number) => z.coerce.number().check(z.int(), z.gte(1), z.lte(max))
const money = z.pipe(
  z.union([z.number(), transformed(z.string().check(z.trim(), z.regex(/^\d+([.,]\d+)?$/)), (v) => Number(v.replace(',', '.')))]),
  z.number().check(z.gte(0), z.lte(1e12)),
)
/** a bad value means "not given", so the default applies: the page never fails on its address */
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined)

/** Ids from an array or a comma list; bad items are dropped, repeats kept once. */
const idList = transformed(z.unknown(), (value) => {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value]
  const ids = items.flatMap((item) => {
    const parsed = positiveInt(MAX_ID).safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
  return [...new Set(ids)]
})

const paramRangeSchema = z.object({ id: positiveInt(MAX_ID), minp: z._default(z.nullable(money), null), maxp: z._default(z.nullable(money), null) })

/** The /cabinet/ search params, each one validated on its own; absent ones take the defaults. */
const catalogueSearchSchema = z.object({
  page: optional(positiveInt(1_000_000)),
  warehouse: optional(positiveInt(MAX_ID)),
  available: optional(flag),
  brand: optional(idList),
  minprice: optional(money),
  maxprice: optional(money),
  params: optional(z.array(paramRangeSchema).check(z.maxLength(100))),
  tags: optional(idList),
  /** a number in the address (?catalog=27, not "27"); the wire's string in the query */
  catalog: optional(transformed(z.pipe(transformed(z.union([z.number(), z.string()]), String), z.string().check(z.regex(/^(-1|\d{1,9})$/))), Number)),
  sort: optional(z.enum([...SORT_FIELDS, 'none'])),
  dir: optional(z.enum(SORT_DIRECTIONS)),
  /** the product whose card is open */
  product: optional(positiveInt(MAX_ID)),
  /** the keyword of the search results */
  q: optional(z.string().check(z.trim(), z.maxLength(200))),
})
export type CatalogueSearch = z.output<typeof catalogueSearchSchema>

/** Parses whatever the address holds; never throws. */
export const parseCatalogueSearch = (search: unknown): CatalogueSearch => {
  const parsed = catalogueSearchSchema.safeParse(search)
  return parsed.success ? parsed.data : {}
}

/** [min, max] in order; a reversed pair is swapped rather than rejected. */
const ordered = (min: number | null, max: number | null): [number | null, number | null] =>
  min !== null && max !== null && min > max ? [max, min] : [min, max]

const orderedParam = ({ id, minp, maxp }: ParamRange): ParamRange => {
  const [low, high] = ordered(minp, maxp)
  return { id, minp: low, maxp: high }
}

const hasBound = (param: ParamRange) => param.minp !== null || param.maxp !== null

/**
 * The query an address names. `defaults` stand in for what the address leaves out: the
 * warehouse the dealer chose (the shell's) when there is no ?warehouse=.
 */
export function queryFromSearch(search: CatalogueSearch, defaults: Pick<CatalogueQuery, 'warehouse'> = DEFAULT_QUERY): CatalogueQuery {
  const [minprice, maxprice] = ordered(search.minprice ?? null, search.maxprice ?? null)
  const keyword = search.q ?? ''
  const sorting: SortState = search.sort === 'none' ? null : { field: search.sort ?? DEFAULT_SORTING.field, sort: search.dir ?? DEFAULT_SORTING.sort }
  return {
    page: search.page ?? DEFAULT_QUERY.page,
    warehouse: search.warehouse ?? defaults.warehouse,
    available: search.available ?? DEFAULT_QUERY.available,
    brand: search.brand ?? [],
    minprice,
    maxprice,
    params: (search.params ?? []).map(orderedParam).filter(hasBound),
    tags: search.tags ?? [],
    catalog: search.catalog === undefined ? defaultCatalogOf(keyword) : String(search.catalog),
    sorting,
    keyword,
  }
}

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
