import * as z from 'zod/mini'
import { warehouseSchema } from './account'
import { CATALOGUE_DEFAULTS, catalogueProductSchema, contractId, idNumber, intIn, paginationSchema } from './catalogue'

/**
 * The dealer's two lists of marked products (spec §2, §7): favourites (the wish mark,
 * GET /api/favorites/) and needs (the need mark with its quantity, GET /api/needs/).
 */
export const MARKED_LISTS = ['favorites', 'needs'] as const
export type MarkedList = (typeof MARKED_LISTS)[number]

/** Spec §9: favourites and needs show 20 per page. */
export const MARKED_PER_PAGE: Record<MarkedList, number> = { favorites: 20, needs: 20 }
const MAX_MARKED_PER_PAGE = 100

/** A need quantity: a whole number of units, as POST /api/setNeed/ accepts it. */
export const NEED_LIMITS = { min: 1, max: 1_000_000 } as const

export const FAVORITES_MESSAGES = {
  badNeed: `Потребность — целое число от ${NEED_LIMITS.min} до 1 000 000`,
} as const

/** GET /api/favorites/ and /api/needs/ ?page=&perpage=&contract=&warehouse= */
export const markedGoodsQuerySchema = z.object({
  page: z._default(intIn(1, 1_000_000), 1),
  perpage: z._default(intIn(1, MAX_MARKED_PER_PAGE), MARKED_PER_PAGE.favorites),
  /** '0' = the user's selected contract */
  contract: z._default(contractId, CATALOGUE_DEFAULTS.contract),
  /** the warehouse whose stock is each product's `quantity` */
  warehouse: z._default(idNumber, CATALOGUE_DEFAULTS.warehouse),
})
export type MarkedGoodsQuery = z.output<typeof markedGoodsQuerySchema>

/** One page of the user's own marked products, by name; a page past the last is empty. */
export const markedGoodsResponseSchema = z.object({
  /** with the contract's price, the stock at `warehouse` and at every warehouse, and `need` (0 = not needed) */
  goods: z.array(catalogueProductSchema),
  /** all the user's products on the list */
  count: z.int().check(z.nonnegative()),
  /** the contract the prices are under ('0' resolved) */
  contract: z.string(),
  warehouse: z.int(),
  pagination: paginationSchema,
  /** the warehouses, for the per-warehouse stock */
  actualWms: z.array(warehouseSchema),
})
export type MarkedGoodsResponse = z.infer<typeof markedGoodsResponseSchema>

/** What the SPA asks a list page for. */
export interface MarkedGoodsRequest {
  list: MarkedList
  page: number
  contract: string
  warehouse: number
}

/** Take a product off a list: POST /api/unsetWish/ or /api/unsetNeed/ {id}. */
export interface RemoveMarkRequest {
  list: MarkedList
  productId: number
}

/** A new need quantity: POST /api/setNeed/ {id, need}. */
export interface SaveNeedRequest {
  productId: number
  need: number
}

/** POST /ajax/deletefavorites/ {id}: the legacy form of POST /api/unsetWish/ (a form posts the id as text). */
export const deleteFavoritesRequestSchema = z.object({ id: idNumber })
