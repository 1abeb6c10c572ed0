import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { catalogueTree } from './categories'
import { createPacer, type Pacer } from './pacing'
import { chunkReader } from './snapshot-chunks'
import { createSnapshotBuilder, type CatalogueSnapshot, type SnapshotTables, type StructureTables } from './snapshot-columns'
import { listWarehouses } from './warehouses'

/** The counters of catalogue_versions a request reads: the catalogue's tables, the stock, the listed products' pictures, wishes and needs. */
export type Versions = Record<'catalogue' | 'stocks' | 'marks', number>

export async function readVersions(db: Kysely<Database>): Promise<Versions> {
  const { rows } = await sql<{
    name: keyof Versions
    version: number | string
  }>`select name, version from catalogue_versions where name in ('catalogue', 'stocks', 'marks')`.execute(db)
  const versions: Versions = { catalogue: 0, stocks: 0, marks: 0 }
  for (const row of rows) versions[row.name] = Number(row.version)
  return versions
}

const versionOf = (name: keyof Versions) => sql<number | string | null>`(select version from catalogue_versions where name = ${sql.lit(name)})`

/** The counters as columns of another query, read in its statement (see versionsOfRow). */
export const VERSION_COLUMNS = [
  versionOf('catalogue').as('catalogue_version'),
  versionOf('stocks').as('stocks_version'),
  versionOf('marks').as('marks_version'),
] as const

type VersionColumns = Record<'catalogue_version' | 'stocks_version' | 'marks_version', number | string | null>

/** The counters read as VERSION_COLUMNS (as readVersions reads them: 0 for a missing one). */
export const versionsOfRow = (row: VersionColumns): Versions => ({
  catalogue: Number(row.catalogue_version ?? 0),
  stocks: Number(row.stocks_version ?? 0),
  marks: Number(row.marks_version ?? 0),
})

/**
 * Products a chunk: a chunk is read and added to the columns in a few milliseconds, so a request
 * waits for at most that at each of its own turns (on SQLite the query holds the thread too).
 */
const CHUNK = { sqlite: 1000, postgres: 5000 }

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
      const readChunk = chunkReader(db.dialect, trx, CHUNK[db.dialect], reader.sqlite)
      let next = readChunk(undefined)
      for (;;) {
        const chunk = await next
        if (chunk.ids.length === 0) break
        next = readChunk(chunk.ids.at(-1))
        // handled when awaited; this only keeps its failure from going unhandled should this chunk's fail first
        next.catch(() => {})
        // the turn lets the next chunk's query go out first: on PostgreSQL the database reads it while this one is added
        await pacer.rest()
        building.add(chunk)
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
async function readerFor(db: Db): Promise<{ kysely: Kysely<Database>; sqlite?: SQLite.Database; close: () => Promise<void> }> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db.kysely)
    const file = rows[0]?.file
    if (file) {
      const sqlite = new SQLite(file, { readonly: true, fileMustExist: true })
      const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
      return { kysely, sqlite, close: () => kysely.destroy() }
    }
  }
  return { kysely: db.kysely, close: async () => {} }
}
