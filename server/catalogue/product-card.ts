import { sql } from 'kysely'
import type { Warehouse } from '../../src/contract/account'
import type { CatalogueProduct } from '../../src/contract/catalogue'
import {
  PRODUCT_MESSAGES,
  TAB_GROUP_IDS,
  TAB_HEADERS,
  TAB_IDS,
  type AsyncTabId,
  type BindData,
  type ParamValue,
  type ProductCard,
} from '../../src/contract/product'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'
import type { ListingContext, PriceContract } from './contract'
import { productsByIds, type ProductRow } from './listing'
import { picturesOf, stocksOf, toCatalogueProducts } from './stocks'

const ANALOGS_LIMIT = 8

export async function findProductRow(db: Db, id: number): Promise<ProductRow> {
  const [row] = await productsByIds(db, [id])
  if (!row) throw new HttpError(404, PRODUCT_MESSAGES.notFound)
  return row
}

function paramsOf(db: Db, productId: number): Promise<ParamValue[]> {
  return db.kysely
    .selectFrom('product_params')
    .innerJoin('params', 'params.id', 'product_params.param_id')
    .select(['params.id', 'params.header', 'params.unit', 'product_params.value'])
    .where('product_params.product_id', '=', productId)
    .orderBy('params.id')
    .execute()
}

function tagsOf(db: Db, productId: number) {
  return db.kysely
    .selectFrom('product_tags')
    .innerJoin('tags', 'tags.id', 'product_tags.tag_id')
    .select(['tags.id', 'tags.header'])
    .where('product_tags.product_id', '=', productId)
    .orderBy('tags.id')
    .execute()
}

function detailsOf(db: Db, productId: number) {
  return db.kysely
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select(['products.description', 'categories.id as category_id', 'categories.header as category_header'])
    .where('products.id', '=', productId)
    .executeTakeFirstOrThrow()
}

/** The product card (spec §3 Product with tabs): inline characteristics and description, async stocks and analogs. */
export async function productCard(db: Db, row: ProductRow, context: ListingContext, contract: PriceContract): Promise<ProductCard> {
  const [[listed], pictures, params, tags, details] = await Promise.all([
    toCatalogueProducts(db, context, [row]),
    picturesOf(db, [row.id]),
    paramsOf(db, row.id),
    tagsOf(db, row.id),
    detailsOf(db, row.id),
  ])
  return {
    ...(listed as CatalogueProduct),
    pictures: pictures.get(row.id) ?? [],
    params,
    tags,
    description: details.description,
    category: { id: String(details.category_id), header: details.category_header },
    contract: String(contract.id),
    tabs: [
      {
        id: TAB_GROUP_IDS.details,
        items: [
          { id: TAB_IDS.params, async: false, header: TAB_HEADERS.params, data: params },
          { id: TAB_IDS.description, async: false, header: TAB_HEADERS.description, data: details.description },
          { id: TAB_IDS.stocks, async: true, header: TAB_HEADERS.stocks, data: null },
          { id: TAB_IDS.analogs, async: true, header: TAB_HEADERS.analogs, data: null },
        ],
      },
    ],
  }
}

/** Products of the same category: the same brand first, then the nearest in price. */
async function analogsOf(db: Db, row: ProductRow, context: ListingContext): Promise<CatalogueProduct[]> {
  const neighbours = await db.kysely
    .selectFrom('products')
    .select('products.id')
    .where('products.category_id', '=', row.category_id)
    .where('products.id', '!=', row.id)
    .orderBy(sql`case when products.brand_id = ${row.brand_id} then 0 else 1 end`)
    .orderBy(sql`abs(products.price - ${row.price})`)
    .orderBy('products.id')
    .limit(ANALOGS_LIMIT)
    .execute()
  const ids = neighbours.map((neighbour) => neighbour.id)
  const byId = new Map((await productsByIds(db, ids)).map((product) => [product.id, product]))
  return toCatalogueProducts(
    db,
    context,
    ids.flatMap((id) => byId.get(id) ?? []),
  )
}

/** The data of the async tabs asked for. */
export async function bindDataOf(
  db: Db,
  row: ProductRow,
  bindIds: readonly AsyncTabId[],
  context: ListingContext,
  warehouses: readonly Warehouse[],
): Promise<BindData> {
  const data: BindData = {}
  for (const bindId of new Set(bindIds)) {
    if (bindId === TAB_IDS.stocks) {
      const stocks = (await stocksOf(db, [row.id])).get(row.id) ?? []
      const quantityAt = new Map(stocks.map((stock) => [stock.wms_id, stock.quantity]))
      data.stocks = warehouses.map((warehouse) => ({ wms_id: warehouse.id, header: warehouse.header, quantity: quantityAt.get(warehouse.id) ?? 0 }))
    } else {
      data.analogs = await analogsOf(db, row, context)
    }
  }
  return data
}
