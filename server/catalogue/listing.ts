import type { Db } from '../db/connection'

/** The columns of `products` a listed product needs, with its brand. */
export interface ProductRow {
  id: number
  header: string
  articul: string
  price: number
  price_rrc: number
  brand_id: number
  brand_header: string
  category_id: number
}

const listed = (db: Db) =>
  db.kysely
    .selectFrom('products')
    .innerJoin('brands', 'brands.id', 'products.brand_id')
    .select([
      'products.id',
      'products.header',
      'products.articul',
      'products.price',
      'products.price_rrc',
      'products.brand_id',
      'brands.header as brand_header',
      'products.category_id',
    ])

/** The products with these ids, in no particular order. */
export function productsByIds(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : listed(db).where('products.id', 'in', ids).execute()
}
