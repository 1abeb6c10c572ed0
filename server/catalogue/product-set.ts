import type { RefusedLine } from '../../src/contract/product-set'
import type { Db } from '../db/connection'
import { changeBasketLine } from './basket-lines'
import { productsByIds } from './listing'

export interface ProductSetItem {
  id: number
  qnt: number
  wms: number
}

export interface ProductSetTarget {
  userId: number
  contractId: number
  now: Date
}

export interface ProductSetResult {
  /** products that went into the basket */
  count: number
  /** products the warehouse could not give in full: asked `requested`, `available` free */
  refused: RefusedLine[]
}

/** What one item brought: units that went into the basket, and what to report as free when short. */
interface ItemOutcome {
  added: number
  available: number
}

/** Adds a product set one item at a time through `add`; unknown products are short with nothing available. */
async function addEach(db: Db, items: readonly ProductSetItem[], add: (item: ProductSetItem) => Promise<ItemOutcome>): Promise<ProductSetResult> {
  const rows = await productsByIds(db, [...new Set(items.map((item) => item.id))])
  const products = new Map(rows.map((row) => [row.id, row]))
  const refused: RefusedLine[] = []
  let count = 0
  for (const item of items) {
    const product = products.get(item.id)
    const outcome = product ? await add(item) : { added: 0, available: 0 }
    if (outcome.added > 0) count++
    if (outcome.added >= item.qnt) continue
    refused.push({
      id: item.id,
      wms: item.wms,
      header: product?.header ?? '',
      articul: product?.articul ?? '',
      requested: item.qnt,
      available: outcome.available,
    })
  }
  return { count, refused }
}

/** The same stock-checked statement as a single add: a line can never go past its warehouse. */
const addToLine = (db: Db, target: ProductSetTarget, item: ProductSetItem, qnt: number) =>
  changeBasketLine(db, { ...target, productId: item.id, warehouseId: item.wms, qnt, action: 'add' })

/**
 * Adds products to the basket whole or not at all: `count` products went in in full; a refused
 * one added nothing, and `available` says how much its warehouse had free beyond the basket.
 */
export const addProductSet = (db: Db, target: ProductSetTarget, items: readonly ProductSetItem[]): Promise<ProductSetResult> =>
  addEach(db, items, async (item) => {
    const result = await addToLine(db, target, item, item.qnt)
    return result.ok ? { added: item.qnt, available: item.qnt } : { added: 0, available: result.available }
  })

/** Another request may take the stock between the check and the add: the add is tried again with what is left, this many times. */
const UP_TO_STOCK_TRIES = 3

/**
 * Adds each product up to what its warehouse has free beyond the basket's own line (min(asked,
 * stock − already in the basket)), as repeating an order does: `count` products went in, whole or
 * in part; a short one is listed with `requested` and `available` = what went in (0: nothing).
 */
export const addUpToStock = (db: Db, target: ProductSetTarget, items: readonly ProductSetItem[]): Promise<ProductSetResult> =>
  addEach(db, items, async (item) => {
    let want = item.qnt
    for (let tries = 0; tries < UP_TO_STOCK_TRIES && want > 0; tries++) {
      const result = await addToLine(db, target, item, want)
      if (result.ok) return { added: want, available: want }
      want = Math.min(want, result.available)
    }
    return { added: 0, available: 0 }
  })
