import type { BasketSummary } from './account'

/**
 * The bulk actions of the tables' selection bar: orders repeated into the basket, favourites or
 * needs added to the basket or taken off their list, drafts removed. Each runs as the existing
 * per-row call (one request per row) or, for adding products, one POST /api/processProductSet/.
 */
export type BulkKind = 'ordersRepeat' | 'favoritesAdd' | 'favoritesRemove' | 'needsAdd' | 'needsRemove' | 'draftsRemove'

/** A checked row as the dialog names it: «Заказ № 41», a product's name, a draft's name. */
export interface BulkItem {
  id: number
  label: string
  /** a product's quantity to add (a need's quantity; 1 when absent) */
  qnt?: number
  /** an order's contract: the basket its goods go into */
  contract?: string
}

/** A row the action could not be done for, and why (the server's message). */
export interface BulkFailure {
  id: number
  message: string
}

/** What a bulk action did: the rows done and failed, the goods added to a basket, and each basket changed (with its contract). */
export interface BulkOutcome {
  done: number[]
  failed: BulkFailure[]
  /** goods added to a basket (0 for a removal) */
  count: number
  baskets: { basket: BasketSummary; contract: string }[]
}

/** What the bulk call is given: the action and its rows. */
export interface BulkRequest {
  kind: BulkKind
  items: BulkItem[]
  /** where products are added: the list's contract and the chosen warehouse */
  basket?: { contract: string; warehouse: number }
}

/** POST /api/processProductSet/'s refusal as the bulk dialog names it. */
export const shortStockText = (requested: number, available: number) => `нужно ${requested} шт., свободно ${available} шт.`
