import { sql, type Kysely } from 'kysely'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { productParamRows, productRows, productTagRows } from './product-rows'
import type { ProductChunk, ProductRecord, StructureTables } from './snapshot-columns'
import { readStructureTables } from './snapshot-load'

/** Products changed since a copy's version, as they are now: what an in-place update needs. */
export interface CatalogueChanges {
  /** the catalogue version the rows were read at */
  version: number
  /** every product touched since, ascending; those no longer in `products` were deleted */
  touched: number[]
  /** the touched products that still exist, in id order, with their param and tag rows */
  products: ProductRecord[]
  params: ProductChunk['params']
  tags: ProductChunk['tags']
  /** the brands, params, tags, categories and warehouses as they are now, when any of them changed */
  structure?: StructureTables
}

/** What migration 0020 logs for a truncated product table on PostgreSQL: the copy is read anew. */
const TRUNCATED = -1

/** Log rows read at most: past this, the change is a bulk one and the copy is read anew. */
const LOG_ROWS = 10_000

/**
 * What changed in the catalogue since version `since` (migration 0008 logs it), read in one
 * transaction with the version it brings the copy to, with the small tables read anew when the
 * structure changed (a renamed brand or category is a label change, not a reload). Undefined when
 * the copy had better be read anew: a product table was truncated, more than `limit` products
 * changed, or the log was pruned past `since`. On SQLite a product logged at exactly `since` may already be in the copy: it is read again.
 */
export async function readChanges(db: Db, since: number, limit: number): Promise<CatalogueChanges | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') await sql`set transaction isolation level repeatable read, read only`.execute(trx)
    const { rows: versions } = await sql<{ name: string; version: number | string }>`select name, version from catalogue_versions
      where name in ('catalogue', 'changes_from')`.execute(trx)
    const versionOf = (name: string) => Number(versions.find((row) => row.name === name)?.version ?? Number.NaN)
    const version = versionOf('catalogue')
    if (!(versionOf('changes_from') <= since)) return undefined
    // PostgreSQL logs the version a change made, which a copy at `since` holds; SQLite may log the one before
    const after = db.dialect === 'postgres' ? since : since - 1
    const { rows: log } = await sql<{ product_id: number | null }>`select product_id from catalogue_changes
      where version > ${after} limit ${LOG_ROWS + 1}`.execute(trx)
    if (log.length > LOG_ROWS || log.some((row) => row.product_id === TRUNCATED)) return undefined
    const touched = [...new Set(log.flatMap((row) => (row.product_id === null ? [] : [row.product_id])))].sort((a, b) => a - b)
    if (touched.length > limit) return undefined
    const structure = log.some((row) => row.product_id === null) ? await readStructureTables(db, trx) : undefined
    return { version, touched, ...(await readProducts(trx, touched)), ...(structure ? { structure } : {}) }
  })
}

async function readProducts(trx: Kysely<Database>, ids: number[]): Promise<Pick<CatalogueChanges, 'products' | 'params' | 'tags'>> {
  if (ids.length === 0) return { products: [], params: [], tags: [] }
  const products = await productRows(trx).where('id', 'in', ids).execute()
  const params = await productParamRows(trx).where('product_id', 'in', ids).execute()
  const tags = await productTagRows(trx).where('product_id', 'in', ids).execute()
  return { products, params, tags }
}

/**
 * Drops the log before version `upTo`: a copy older than that is then read anew. The copies of
 * other processes sharing the database may be that old only when they have been idle for long.
 */
export async function pruneChanges(db: Db, upTo: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await sql`update catalogue_versions set version = ${upTo} where name = 'changes_from' and version < ${upTo}`.execute(trx)
    await sql`delete from catalogue_changes where version < ${upTo}`.execute(trx)
  })
}
