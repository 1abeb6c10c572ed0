import type { RefusedLine } from '../../src/contract/delivery'
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
  /** products added in full */
  count: number
  /** products the warehouse could not give in full (nothing of them was added) */
  refused: RefusedLine[]
}

/**
 * Adds products to the basket one line at a time, each through the same stock-checked statement
 * as a single add, so a set can never push a line past its warehouse. Unknown products are
 * refused with nothing available.
 */
export async function addProductSet(db: Db, target: ProductSetTarget, items: readonly ProductSetItem[]): Promise<ProductSetResult> {
  const rows = await productsByIds(db, [...new Set(items.map((item) => item.id))])
  const products = new Map(rows.map((row) => [row.id, row]))
  const refused: RefusedLine[] = []
  let count = 0
  for (const item of items) {
    const product = products.get(item.id)
    const result = product
      ? await changeBasketLine(db, { ...target, productId: item.id, warehouseId: item.wms, qnt: item.qnt, action: 'add' })
      : ({ ok: false, available: 0 } as const)
    if (result.ok) {
      count++
      continue
    }
    refused.push({
      id: item.id,
      wms: item.wms,
      header: product?.header ?? '',
      articul: product?.articul ?? '',
      requested: item.qnt,
      available: result.available,
    })
  }
  return { count, refused }
}
