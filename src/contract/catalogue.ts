import * as z from 'zod/mini'
import { lineText, transformed } from './common'

/** Spec §9 defaults of the catalogue filter. */
export const CATALOGUE_DEFAULTS = {
  /** '0' = the user's selected contract */
  contract: '0',
  warehouse: 1,
  /**
   * The spec saw two readings of the default catalogue, '27' and '2' (§4, §9). We take '27';
   * it is one constant, so switching to the other reading is a one-line change.
   */
  catalog: '27',
  /** keyword search switches the catalogue to this value */
  allCatalogues: '-1',
  perpage: 20,
  maxPerpage: 100,
  sorting: { field: 'header', sort: 'asc' },
  /** prices are in roubles with kopecks */
  priceDecimals: 2,
} as const

export const CATALOGUE_MESSAGES = {
  badId: 'Некорректный идентификатор',
  badCatalog: 'Некорректный раздел каталога',
  badContract: 'Некорректный договор',
  badPrice: 'Некорректная цена',
  noContract: 'Нет доступного договора',
  unknownWarehouse: 'Такого склада нет',
} as const

// --- wire helpers: the SPA sends JSON, legacy forms send strings; both are accepted

/** A positive integer id, as a number or a digit string. */
export const idNumber = z.pipe(
  transformed(z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d+$/, CATALOGUE_MESSAGES.badId))]), Number),
  z.number().check(z.int(CATALOGUE_MESSAGES.badId), z.positive(CATALOGUE_MESSAGES.badId), z.lte(2_147_483_647, CATALOGUE_MESSAGES.badId)),
)

/** A whole number from a number or a digit string, within [min, max]. */
export const intIn = (min: number, max: number) =>
  z.pipe(transformed(z.union([z.number(), z.string().check(z.trim(), z.regex(/^-?\d+$/))]), Number), z.int().check(z.gte(min), z.lte(max)))

/** A money amount ≥ 0 from a number or a numeric string (a decimal comma is accepted); '' and null mean none. */
const optionalMoney = z.pipe(
  transformed(z.union([z.number(), z.string().check(z.trim()), z.null()]), (v) =>
    v === '' || v === null ? null : typeof v === 'number' ? v : Number(v.replace(',', '.')),
  ),
  z.nullable(z.number(CATALOGUE_MESSAGES.badPrice).check(z.gte(0, CATALOGUE_MESSAGES.badPrice), z.lte(1e12))),
)

/** A contract id as text: digits; '0' = the user's selected contract. */
export const contractId = z.pipe(
  transformed(z.union([z.string(), z.number()]), String),
  z.string().check(z.trim(), z.regex(/^\d{1,9}$/, CATALOGUE_MESSAGES.badContract)),
)

/** true/false, 1/0, '1'/'0', 'true'/'false', 'on', '' → boolean. */
export const flag = transformed(
  z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', 'on', 'off', ''])]),
  (v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on',
)

/** A list of ids: an array, one id, or a comma-separated string ('' is none). */
const idList = z.pipe(
  z.transform((v: unknown): unknown => {
    if (v === undefined || v === null || v === '') return []
    if (typeof v === 'string') return v.split(',').filter((part) => part.trim() !== '')
    return Array.isArray(v) ? v : [v]
  }),
  z.array(idNumber).check(z.maxLength(500)),
)

// --- request

export const SORT_FIELDS = ['articul', 'header', 'price', 'price_rrc'] as const
export type SortField = (typeof SORT_FIELDS)[number]
export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]

const sortingSchema = z.object({
  field: z._default(z.enum(SORT_FIELDS), CATALOGUE_DEFAULTS.sorting.field),
  sort: z._default(z.enum(SORT_DIRECTIONS), CATALOGUE_DEFAULTS.sorting.sort),
})
export type Sorting = z.infer<typeof sortingSchema>

/** One parameter filter: the product's value of param `id` lies in [minp, maxp] (a null bound is open). */
const paramFilterSchema = z.object({
  id: idNumber,
  minp: z._default(optionalMoney, null),
  maxp: z._default(optionalMoney, null),
})
export type ParamFilter = z.infer<typeof paramFilterSchema>

/** `filter` as an array of {id, minp, maxp} or a map param id → {minp, maxp}; normalised to the array. */
const paramFiltersSchema = z.pipe(
  z.transform((v: unknown): unknown => {
    if (v === undefined || v === null || v === '') return []
    if (Array.isArray(v) || typeof v !== 'object') return v
    return Object.entries(v as Record<string, unknown>).map(([id, range]) => (typeof range === 'object' && range !== null ? { id, ...range } : range))
  }),
  z.array(paramFilterSchema).check(z.maxLength(100)),
)

/**
 * Where the keyword `query` looks: 'catalog' keeps the other filters (the chosen catalogue);
 * 'all' searches every catalogue whatever `catalog` says.
 */
const SEARCH_RANGES = ['catalog', 'all'] as const

/**
 * POST /api/filter/: the catalogue filter (spec §3). Every field has a default, so `{}` is the
 * default catalogue page under the user's selected contract.
 */
export const filterRequestSchema = z.object({
  /** where the request comes from ('catalog', 'brand', 'search' ...); informational */
  origin: z._default(lineText().check(z.maxLength(50)), ''),
  /** only products with stock > 0 at `warehouse` */
  available: z._default(flag, false),
  /** brand ids; empty = every brand */
  brand: z._default(idList, []),
  /** a category id (with all its descendants) or '-1' = all catalogues */
  catalog: z._default(
    z.pipe(transformed(z.union([z.string(), z.number()]), String), z.string().check(z.trim(), z.regex(/^(-1|\d{1,9})$/, CATALOGUE_MESSAGES.badCatalog))),
    CATALOGUE_DEFAULTS.catalog,
  ),
  /** a contract id, or '0' = the user's selected contract */
  contract: z._default(contractId, CATALOGUE_DEFAULTS.contract),
  /** the warehouse whose stock is `quantity` and the `available` filter */
  warehouse: z._default(idNumber, CATALOGUE_DEFAULTS.warehouse),
  perpage: z._default(intIn(1, CATALOGUE_DEFAULTS.maxPerpage), CATALOGUE_DEFAULTS.perpage),
  /** the price range is applied only when this is set (the client keeps the slider's bounds in min/maxprice) */
  byprice: z._default(flag, false),
  /** bounds on the contract price, inclusive; null = open */
  minprice: z._default(optionalMoney, null),
  maxprice: z._default(optionalMoney, null),
  filter: z._default(paramFiltersSchema, []),
  search_range: z._default(z.enum(SEARCH_RANGES), 'catalog'),
  page: z._default(intIn(1, 1_000_000), 1),
  /** keyword: a case-insensitive substring of header or articul */
  query: z._default(lineText().check(z.maxLength(200)), ''),
  /** absent: sorting "none" (spec §4), the catalogue's own order (the supplier's sort weight, then id) */
  sorting: z.optional(sortingSchema),
  /** tag ids; a product matches when it has any of them */
  tags: z._default(idList, []),
})
export type CatalogueFilter = z.output<typeof filterRequestSchema>
export type FilterRequest = z.input<typeof filterRequestSchema>

// --- response

export const brandRefSchema = z.object({ id: z.int(), header: z.string() })
export type BrandRef = z.infer<typeof brandRefSchema>

export const stockSchema = z.object({ wms_id: z.int(), quantity: z.int().check(z.nonnegative()) })
export type Stock = z.infer<typeof stockSchema>

/** A product as the catalogue lists it (spec §3 Product, without tabs). */
export const catalogueProductSchema = z.object({
  id: z.int(),
  header: z.string(),
  articul: z.string(),
  /** the dealer's price under the contract (base price × the contract's factor, in kopecks) */
  price: z.number(),
  price_rrc: z.number(),
  /** free stock at the chosen warehouse */
  quantity: z.int().check(z.nonnegative()),
  /** the chosen warehouse */
  wms_id: z.int(),
  /** the first picture's id (GET /pictures/{id}.svg), or null */
  picture: z.nullable(z.int()),
  picturetype: z.literal('svg'),
  stocks: z.array(stockSchema),
  inwish: z.boolean(),
  /** the quantity on the needs list; 0 = not on it */
  need: z.int().check(z.nonnegative()),
  brand: brandRefSchema,
})
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>

export const countedSchema = z.object({ id: z.int(), header: z.string(), count: z.int().check(z.nonnegative()) })
export type Counted = z.infer<typeof countedSchema>

export const paginationSchema = z.object({
  page: z.int().check(z.positive()),
  perpage: z.int().check(z.positive()),
  pages: z.int().check(z.nonnegative()),
})

// --- the catalogue's wish and need toggles (POST /api/setWish/, /api/unsetWish/, /api/setNeed/, /api/unsetNeed/)

/** Favourites (wish) or the needs list. */
export type MarkKind = 'wish' | 'need'

/** A wish or need toggle: `on` is what it asks for. */
export interface MarkRequest {
  productId: number
  kind: MarkKind
  on: boolean
}

/** The server's answer to a toggle: the product's flag (wish) or need quantity (0 = off). */
export interface MarkResult {
  productId: number
  kind: MarkKind
  value: number | boolean
}
