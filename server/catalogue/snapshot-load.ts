import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql, type Compilable, type Transaction } from 'kysely'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { catalogueTree } from './categories'
import { createPacer, type Pacer } from './pacing'
import { productParamRows, productRows, productTagRows } from './product-rows'
import {
  createSnapshotBuilder,
  tupleChunk,
  type CatalogueSnapshot,
  type ProductTuple,
  type SnapshotTables,
  type StructureTables,
  type TupleChunk,
} from './snapshot-columns'
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
 * Products a query: a chunk is read and added to the columns in a few milliseconds, so a request
 * waits for at most that at each of its own turns (on PostgreSQL it takes a turn per query).
 */
const CHUNK = { sqlite: 1000, postgres: 400 }

/** Reads the products after an id (all when undefined), with their param and tag rows. */
type ChunkReader = (after: number | undefined) => Promise<TupleChunk>

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
      const readChunk = reader.sqlite ? sqliteChunks(reader.sqlite, trx) : objectChunks(trx, CHUNK[db.dialect])
      let after: number | undefined
      for (;;) {
        const chunk = await readChunk(after)
        if (chunk.products.length === 0) break
        after = chunk.products.at(-1)![0]
        building.add(chunk)
        if (pacer.due()) await pacer.rest()
      }
      return building
    })
    return await builder.finish(pacer)
  } finally {
    await reader.close()
  }
}

/** The chunk's three queries through Kysely, rows as objects. */
function objectChunks(trx: Kysely<Database>, size: number): ChunkReader {
  return async (after) => {
    const products = await productRows(trx)
      .$if(after !== undefined, (query) => query.where('id', '>', after!))
      .limit(size)
      .execute()
    if (products.length === 0) return { products: [], params: [], tags: [] }
    const [first, last] = [products[0]!.id, products.at(-1)!.id]
    const params = await productParamRows(trx).where('product_id', '>=', first).where('product_id', '<=', last).execute()
    const tags = await productTagRows(trx).where('product_id', '>=', first).where('product_id', '<=', last).execute()
    return tupleChunk({ products, params, tags })
  }
}

/**
 * The same queries run straight on the reader's SQLite connection (inside the transaction Kysely
 * opened on it), prepared once and with rows as arrays: much of a load's time was Kysely's and
 * better-sqlite3.s work per row object and per query.
 */
function sqliteChunks(sqlite: SQLite.Database, trx: Kysely<Database>): ChunkReader {
  const prepared = new Map<string, SQLite.Statement>()
  const rows = <Row>(query: Compilable) => {
    const { sql: text, parameters } = query.compile()
    let statement = prepared.get(text)
    if (!statement) prepared.set(text, (statement = sqlite.prepare(text).raw()))
    return statement.all(...parameters) as Row[]
  }
  return async (after) => {
    const products = rows<ProductTuple>(
      productRows(trx)
        .where('id', '>', after ?? Number.MIN_SAFE_INTEGER)
        .limit(CHUNK.sqlite),
    )
    if (products.length === 0) return { products, params: [], tags: [] }
    const [first, last] = [products[0]![0], products.at(-1)![0]]
    return {
      products,
      params: rows(productParamRows(trx).where('product_id', '>=', first).where('product_id', '<=', last)),
      tags: rows(productTagRows(trx).where('product_id', '>=', first).where('product_id', '<=', last)),
    }
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
