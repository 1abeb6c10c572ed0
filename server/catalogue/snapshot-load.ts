import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { catalogueTree } from './categories'
import { createPacer, type Pacer } from './pacing'
import { productParamRows, productRows, productTagRows } from './product-rows'
import { createSnapshotBuilder, type CatalogueSnapshot, type SnapshotTables, type StructureTables } from './snapshot-columns'
import { listWarehouses } from './warehouses'

export type Versions = Record<'catalogue' | 'stocks', number>

export async function readVersions(db: Kysely<Database>): Promise<Versions> {
  const { rows } = await sql<{
    name: keyof Versions
    version: number | string
  }>`select name, version from catalogue_versions where name in ('catalogue', 'stocks')`.execute(db)
  const versions: Versions = { catalogue: 0, stocks: 0 }
  for (const row of rows) versions[row.name] = Number(row.version)
  return versions
}

/**
 * Products a query: a chunk is read and added to the columns in about a millisecond, so a request
 * waits for at most that at each of its own turns (on PostgreSQL it takes a turn per query).
 */
const CHUNK = { sqlite: 300, postgres: 400 }

/**
 * A fresh copy of the catalogue, read in one transaction (so its version labels exactly its rows)
 * in chunks of products, and built in slices between which requests are answered.
 */
export async function loadSnapshot(db: Db, pacer: Pacer = createPacer()): Promise<CatalogueSnapshot> {
  const reader = await readerFor(db)
  try {
    const builder = await reader.kysely.transaction().execute(async (trx) => {
      if (db.dialect === 'postgres') await sql`set transaction isolation level repeatable read, read only`.execute(trx)
      const building = createSnapshotBuilder(await readTables(db, trx))
      let after: number | undefined
      for (;;) {
        const products = await productRows(trx)
          .$if(after !== undefined, (query) => query.where('id', '>', after!))
          .limit(CHUNK[db.dialect])
          .execute()
        if (products.length === 0) break
        const first = products[0]!.id
        after = products.at(-1)!.id
        const params = await productParamRows(trx).where('product_id', '>=', first).where('product_id', '<=', after).execute()
        const tags = await productTagRows(trx).where('product_id', '>=', first).where('product_id', '<=', after).execute()
        building.add({ products, params, tags })
        if (pacer.due()) await pacer.rest()
      }
      return building
    })
    return await builder.finish(pacer)
  } finally {
    await reader.close()
  }
}

async function readTables(db: Db, trx: Transaction<Database>): Promise<SnapshotTables> {
  const count = async (table: 'products' | 'product_params' | 'product_tags') =>
    Number(
      (
        await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return {
    version: (await readVersions(trx)).catalogue,
    size: await count('products'),
    paramRows: await count('product_params'),
    tagRows: await count('product_tags'),
    ...(await readStructureTables(db, trx)),
  }
}

/** The brands, params, tags, category tree and warehouses, as the transaction sees them. */
export async function readStructureTables(db: Db, trx: Transaction<Database>): Promise<StructureTables> {
  const scoped: Db = { ...db, kysely: trx }
  return {
    brands: await trx.selectFrom('brands').select(['id', 'header']).execute(),
    params: await trx.selectFrom('params').select(['id', 'header', 'unit']).orderBy('id').execute(),
    tags: await trx.selectFrom('tags').select(['id', 'header']).orderBy('id').execute(),
    tree: await catalogueTree(scoped),
    warehouses: await listWarehouses(scoped),
  }
}

/**
 * Where the copy is read from. On SQLite a connection of its own to the same file: the app's one
 * connection would otherwise be held by the read transaction, and every request would wait for
 * the whole reload. WAL lets it read a consistent state while the app writes.
 */
async function readerFor(db: Db): Promise<{ kysely: Kysely<Database>; close: () => Promise<void> }> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db.kysely)
    const file = rows[0]?.file
    if (file) {
      const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }) })
      return { kysely, close: () => kysely.destroy() }
    }
  }
  return { kysely: db.kysely, close: async () => {} }
}
