import type { PricelistProduct, PricelistResponse } from '../../src/contract/pricelist'
import { shownPrice, type CatalogueContext } from '../catalogue/contract'
import { productsByIds } from '../catalogue/listing'
import { stocksOf } from '../catalogue/stocks'
import type { Db } from '../db/connection'
import { ArticulIndex } from './articul'
import { matchRows } from './match-rows'
import type { TableRow } from './table-row'

/** Every product's articul, read once per upload. */
export async function loadArticulIndex(db: Db): Promise<ArticulIndex> {
  return new ArticulIndex(await db.kysely.selectFrom('products').select(['id', 'articul']).execute())
}

/** The rows matched against the catalogue, with the contract's prices and the warehouse's free stock. */
export async function pricelistAnswer(db: Db, context: CatalogueContext, rows: readonly TableRow[]): Promise<PricelistResponse> {
  const { lines, unmatched } = matchRows(rows, await loadArticulIndex(db))
  const ids = lines.map((line) => line.id)
  const [found, stocks] = await Promise.all([productsByIds(db, ids), stocksOf(db, ids)])
  const byId = new Map(found.map((product) => [product.id, product]))
  const { warehouseId, pricing } = context.listing
  const products = lines.flatMap((line): PricelistProduct[] => {
    const product = byId.get(line.id)
    if (!product) return []
    return [
      {
        id: product.id,
        header: product.header,
        articul: product.articul,
        price: shownPrice(pricing, product),
        qnt: line.qnt,
        selected: true,
        available: stocks.get(product.id)?.find((stock) => stock.wms_id === warehouseId)?.quantity ?? 0,
        row: line.row,
      },
    ]
  })
  return { products, unmatched, wms: warehouseId, contract: String(context.contract.id) }
}
