import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'

/**
 * The rows a catalogue copy is built from, in the order the copy takes them: products by id, their
 * params and tags by product. The full read (snapshot-load.ts) narrows them to a range of ids, the
 * in-place update (snapshot-changes.ts) to the changed products.
 */
export const PRODUCT_COLUMNS = ['id', 'category_id', 'brand_id', 'price', 'price_rrc', 'header', 'articul', 'sort'] as const
export const PARAM_COLUMNS = ['product_id', 'param_id', 'value'] as const
export const TAG_COLUMNS = ['product_id', 'tag_id'] as const

export const productRows = (db: Kysely<Database>) => db.selectFrom('products').select(PRODUCT_COLUMNS).orderBy('id')

export const productParamRows = (db: Kysely<Database>) => db.selectFrom('product_params').select(PARAM_COLUMNS).orderBy('product_id').orderBy('param_id')

export const productTagRows = (db: Kysely<Database>) => db.selectFrom('product_tags').select(TAG_COLUMNS).orderBy('product_id').orderBy('tag_id')
