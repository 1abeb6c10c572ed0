import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'

/**
 * The rows a catalogue copy is built from, in the order the copy takes them: products by id, their
 * params and tags by product. The full read (snapshot-load.ts) narrows them to a range of ids, the
 * in-place update (snapshot-changes.ts) to the changed products.
 */
export const productRows = (db: Kysely<Database>) =>
  db.selectFrom('products').select(['id', 'category_id', 'brand_id', 'price', 'price_rrc', 'header', 'articul', 'sort']).orderBy('id')

export const productParamRows = (db: Kysely<Database>) =>
  db.selectFrom('product_params').select(['product_id', 'param_id', 'value']).orderBy('product_id').orderBy('param_id')

export const productTagRows = (db: Kysely<Database>) => db.selectFrom('product_tags').select(['product_id', 'tag_id']).orderBy('product_id').orderBy('tag_id')
