import * as z from 'zod/mini'
import { CATALOGUE_DEFAULTS, flag, SORT_DIRECTIONS, SORT_FIELDS } from '../contract/catalogue'
import { transformed } from '../contract/common'
import { DEFAULT_SORTING, type SortState } from './catalogue-sorting'

/*
 * The catalogue's address and the query it names: what the frame needs before the catalogue's
 * code is there (the router validates the search params of /cabinet/ and of the search results,
 * the screen host starts the catalogue from them). The rules of the dealer's changes and of the
 * filter call (catalogue-query.ts) load with the catalogue's screen.
 */

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
export const defaultCatalogOf = (keyword: string): string => (keyword === '' ? CATALOGUE_DEFAULTS.catalog : CATALOGUE_DEFAULTS.allCatalogues)

// --- the address: /cabinet/?page=2&brand=[3,5]&minprice=100&sort=price&dir=desc ...

const MAX_ID = 2_147_483_647
const positiveInt = (max: number) => z.coerce.number().check(z.int(), z.gte(1), z.lte(max))
const id = positiveInt(MAX_ID)
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
    const parsed = id.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
  return [...new Set(ids)]
})

const paramRangeSchema = z.object({ id, minp: z._default(z.nullable(money), null), maxp: z._default(z.nullable(money), null) })

/** The /cabinet/ search params, each one validated on its own; absent ones take the defaults. */
const catalogueSearchSchema = z.object({
  page: optional(positiveInt(1_000_000)),
  warehouse: optional(id),
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
  product: optional(id),
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
export const ordered = (min: number | null, max: number | null): [number | null, number | null] =>
  min !== null && max !== null && min > max ? [max, min] : [min, max]

export const orderedParam = ({ id, minp, maxp }: ParamRange): ParamRange => {
  const [low, high] = ordered(minp, maxp)
  return { id, minp: low, maxp: high }
}

export const hasBound = (param: ParamRange) => param.minp !== null || param.maxp !== null

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
