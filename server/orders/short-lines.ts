import type { StockShortage } from '../../src/contract/delivery'
import { productsByIds } from '../catalogue/listing'
import { stockAt } from '../catalogue/stocks'
import type { Db } from '../db/connection'

export interface TakenLine {
  id: number
  product_id: number
  warehouse_id: number
  qnt: number
}

/**
 * After a reservation that failed: each short basket line comes down to what its warehouse has
 * left (never up), or goes when nothing is left. Answers what the dealer is told.
 */
export async function trimShortLines(db: Db, userId: number, lines: readonly TakenLine[]): Promise<StockShortage[]> {
  const products = new Map((await productsByIds(db, [...new Set(lines.map((line) => line.product_id))])).map((row) => [row.id, row]))
  const shortages: StockShortage[] = []
  for (const line of lines) {
    const available = await stockAt(db, line.product_id, line.warehouse_id)
    if (available > 0) {
      await db.kysely
        .updateTable('basket_lines')
        .set({ qnt: available })
        .where('id', '=', line.id)
        .where('user_id', '=', userId)
        .where('qnt', '>', available)
        .execute()
    } else {
      await db.kysely.deleteFrom('basket_lines').where('id', '=', line.id).where('user_id', '=', userId).execute()
    }
    const product = products.get(line.product_id)
    shortages.push({
      line_id: line.id,
      product_id: line.product_id,
      wms: line.warehouse_id,
      header: product?.header ?? '',
      articul: product?.articul ?? '',
      requested: line.qnt,
      available,
    })
  }
  return shortages
}
