import type { MarkedGoodsQuery, MarkedGoodsResponse, MarkedList } from '../../src/contract/favorites'
import type { SessionUser } from '../auth/sessions'
import { resolveCatalogueContext } from '../catalogue/contract'
import { productsByIds } from '../catalogue/listing'
import { toCatalogueProducts } from '../catalogue/stocks'
import type { Db } from '../db/connection'

/** The table behind each list: favourites are the wish marks, needs the need marks. */
const MARK_TABLES = { favorites: 'wishes', needs: 'needs' } as const satisfies Record<MarkedList, 'wishes' | 'needs'>

/** The user's marked products of the list: one page of ids in name order, and how many there are. */
async function markedPage(db: Db, list: MarkedList, userId: number, { page, perpage }: MarkedGoodsQuery) {
  const table = MARK_TABLES[list]
  const marked = db.kysely.selectFrom(table).innerJoin('products', 'products.id', `${table}.product_id`).where(`${table}.user_id`, '=', userId)
  const [rows, total] = await Promise.all([
    marked
      .select('products.id')
      .orderBy('products.header')
      .orderBy('products.id')
      .limit(perpage)
      .offset((page - 1) * perpage)
      .execute(),
    marked.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { ids: rows.map((row) => row.id), count: Number(total.count) }
}

/**
 * GET /api/favorites/ and /api/needs/: one page of the user's own marked products with the
 * contract's prices (403 unless the user may use the contract) and the stock at the warehouse
 * (400 unless it exists) and at every warehouse.
 */
export async function listMarkedGoods(db: Db, user: SessionUser, list: MarkedList, query: MarkedGoodsQuery): Promise<MarkedGoodsResponse> {
  const [{ contract, warehouses, listing }, { ids, count }] = await Promise.all([
    resolveCatalogueContext(db, user, query.contract, query.warehouse),
    markedPage(db, list, user.id, query),
  ])
  const byId = new Map((await productsByIds(db, ids)).map((row) => [row.id, row]))
  const rows = ids.flatMap((id) => byId.get(id) ?? [])
  return {
    goods: await toCatalogueProducts(db, listing, rows),
    count,
    contract: String(contract.id),
    warehouse: query.warehouse,
    pagination: { page: query.page, perpage: query.perpage, pages: Math.ceil(count / query.perpage) },
    actualWms: warehouses,
  }
}
