import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql, type Transaction } from 'kysely'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { versionOf, type Versions } from './catalogue-versions'
import { catalogueTree } from './categories'
import { createPacer, type Pacer } from './pacing'
import { chunkEnds, rangeChunks, sqliteChunks, workerChunks, type NextChunk } from './snapshot-chunks'
import { createSnapshotBuilder, type CatalogueSnapshot, type SnapshotTables, type StructureTables } from './snapshot-columns'
import { listWarehouses } from './warehouses'

export async function readVersions(db: Kysely<Database>): Promise<Versions> {
  const { rows } = await sql<{
    name: keyof Versions
    version: number | string
  }>`select name, version from catalogue_versions where name in ('catalogue', 'stocks', 'marks')`.execute(db)
  const versions: Versions = { catalogue: 0, stocks: 0, marks: 0 }
  for (const row of rows) versions[row.name] = Number(row.version)
  return versions
}

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
 * From this many products a SQLite copy is read by a worker thread (workerChunks), which takes
 * about 0.2 s to start: below, the statements run on the server's thread. Tests lower it, and
 * commit a change in `whenStarted`, before the thread's transaction begins.
 */
export const sqliteWorkerSettings: { fromProducts: number; whenStarted?: () => Promise<void> } = { fromProducts: 100_000 }

/**
 * A fresh copy of the catalogue, read in one transaction (so its version labels exactly its rows)
 * in chunks of products, and built in slices between which requests are answered. On PostgreSQL
 * a second connection reads beside the first, in the same snapshot, where the pool has room.
 */
export async function loadSnapshot(db: Db, pacer: Pacer = createPacer()): Promise<CatalogueSnapshot> {
  const reader = await readerFor(db)
  try {
    const builder = await reader.kysely.transaction().execute(async (trx) => {
      if (db.dialect === 'postgres') await sql`set transaction isolation level repeatable read, read only`.execute(trx)
      const tables = await readTables(db, trx)
      const building = createSnapshotBuilder(tables)
      const fill = async (nextChunk: NextChunk) => {
        for (let chunk = await nextChunk(); chunk; chunk = await nextChunk()) {
          // the turn lets the chunks asked meanwhile go out first: on PostgreSQL the database reads them while this one is added
          await pacer.rest()
          building.add(chunk)
        }
        return building
      }
      if (reader.sqlite) return fill(await sqliteReading(reader, reader.sqlite, trx, tables))
      const ends = await chunkEnds(trx, CHUNK[db.dialect])
      if (db.dialect !== 'postgres' || (db.poolSize ?? 0) < MIN_POOL_FOR_TWO_READERS) return fill(rangeChunks(db.dialect, [trx], ends))
      return inSharedSnapshot(reader.kysely, trx, (second) => fill(rangeChunks(db.dialect, [trx, second], ends)))
    })
    return await builder.finish(pacer)
  } finally {
    await reader.close()
  }
}

/**
 * The chunks of the reader's SQLite file: read by a worker thread for a big catalogue, when its
 * transaction sees the version `trx` saw (no change was committed between the two beginnings).
 */
async function sqliteReading(reader: Reader, sqlite: SQLite.Database, trx: Transaction<Database>, tables: SnapshotTables): Promise<NextChunk> {
  if (reader.file && tables.size >= sqliteWorkerSettings.fromProducts) {
    const worker = workerChunks(reader.kysely, reader.file, CHUNK.sqlite)
    reader.onClose.push(worker.stop)
    await sqliteWorkerSettings.whenStarted?.()
    if ((await worker.version) === tables.version) return worker.next
    worker.stop()
  }
  return sqliteChunks(trx, CHUNK.sqlite, sqlite)
}

/** A pool this small keeps its connections for the requests: the copy is read on one. */
const MIN_POOL_FOR_TWO_READERS = 4

/**
 * `work` in a second read-only transaction on another of the pool's connections that sees what
 * `trx` sees: `trx`'s snapshot exported (pg_export_snapshot) and taken up by the second one.
 */
export async function inSharedSnapshot<T>(
  kysely: Kysely<Database>,
  trx: Transaction<Database>,
  work: (second: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx)
  const snapshotId = rows[0]!.id
  return kysely.transaction().execute(async (second) => {
    await sql`set transaction isolation level repeatable read, read only`.execute(second)
    await sql`set transaction snapshot ${sql.lit(snapshotId)}`.execute(second)
    return work(second)
  })
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
interface Reader {
  kysely: Kysely<Database>
  sqlite?: SQLite.Database
  file?: string
  /** run at close, before the connection's own end */
  onClose: (() => void)[]
  close: () => Promise<void>
}

async function readerFor(db: Db): Promise<Reader> {
  const onClose: (() => void)[] = []
  const runOnClose = () => onClose.forEach((close) => close())
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db.kysely)
    const file = rows[0]?.file
    if (file) {
      const sqlite = new SQLite(file, { readonly: true, fileMustExist: true })
      const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
      return { kysely, sqlite, file, onClose, close: () => (runOnClose(), kysely.destroy()) }
    }
  }
  return { kysely: db.kysely, onClose, close: async () => runOnClose() }
}
