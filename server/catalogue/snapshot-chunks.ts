import type SQLite from 'better-sqlite3'
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely'
import type { DialectName } from '../db/connection'
import type { Database } from '../db/schema'
import { typeScriptWorker } from '../typescript-worker'
import { versionOf } from './catalogue-versions'
import type { ColumnChunk } from './snapshot-columns'
import type { AggregatedRow, ChunkCredit, ChunkReadJob, ChunkReadMessage, ChunkRows } from './sqlite-chunk-worker'

/** Each chunk's column, as the query names it, and the table column it aggregates. */
const PRODUCT_COLUMNS = {
  ids: 'id',
  category: 'category_id',
  brand: 'brand_id',
  price: 'price',
  priceRrc: 'price_rrc',
  header: 'header',
  articul: 'articul',
  sort: 'sort',
} as const
const PARAM_COLUMNS = { paramProduct: 'product_id', paramId: 'param_id', paramValue: 'value' } as const
const TAG_COLUMNS = { tagProduct: 'product_id', tagId: 'tag_id' } as const

/** below any id (the copy holds ids as 32-bit integers; PostgreSQL's integer is that too) */
const FIRST_ID_BOUND = -(2 ** 31)

type Columns = Record<string, string>
/**
 * A table's rows (`rows`: which, in what order) with each column aggregated into one JSON array
 * in that order: a row each cost more than the rest of the read together (on PostgreSQL pg's
 * parsing of the rows, on SQLite the values handed over one by one).
 */
function aggregatedQuery<C extends Columns>(
  dialect: DialectName,
  table: 'products' | 'product_params' | 'product_tags',
  columns: C,
  rows: RawBuilder<unknown>,
  also: RawBuilder<unknown>[] = [],
) {
  const aggregated = Object.entries(columns).map(([name, column]) =>
    dialect === 'postgres' ? sql`json_agg(${sql.ref(column)})::text as ${sql.ref(name)}` : sql`json_group_array(${sql.ref(column)}) as ${sql.ref(name)}`,
  )
  return sql`select ${sql.join([...aggregated, ...also])} from (
    select ${sql.join(Object.values(columns).map((column) => sql.ref(column)))} from ${sql.table(table)} ${rows}
  ) as ordered`
}

/** The row's JSON arrays parsed: each the values of its column (typed by ColumnChunk). */
const parsed = (row: AggregatedRow) =>
  Object.fromEntries(Object.entries(row ?? {}).map(([name, json]) => [name, json === null ? [] : JSON.parse(json)])) as unknown as ColumnChunk

/** Up to `size` products after an id; `also` adds columns beside the arrays. */
const productsAfter = (dialect: DialectName, after: number, size: number, also: RawBuilder<unknown>[] = []) =>
  aggregatedQuery(dialect, 'products', PRODUCT_COLUMNS, sql`where id > ${after} order by id limit ${size}`, also)

/** The param and tag rows of the products after an id up to `last`. */
function rowsOfProducts(dialect: DialectName, after: number, last: Expression<unknown> | number) {
  const ofProducts = (by: string) => sql`where product_id > ${after} and product_id <= ${last} order by product_id, ${sql.ref(by)}`
  return [
    aggregatedQuery(dialect, 'product_params', PARAM_COLUMNS, ofProducts('param_id')),
    aggregatedQuery(dialect, 'product_tags', TAG_COLUMNS, ofProducts('tag_id')),
  ]
}

/** The chunks of a read in id order, each asked for once; undefined after the last. */
export type NextChunk = () => Promise<ColumnChunk | undefined>

/** Chunks read ahead by the worker thread, beyond the one being added. */
const WORKER_AHEAD = 8

/** the column of the thread's products statement with the chunk's last id */
const LAST_ID = 'last_id'

const WORKER_FILE = new URL('./sqlite-chunk-worker.ts', import.meta.url)

/** A read of the chunks in a worker thread, of the state its transaction sees. */
export interface WorkerChunks {
  /** the catalogue's version that state has; undefined when the thread could not begin */
  version: Promise<number | undefined>
  next: NextChunk
  /** ends the thread, done or not */
  stop: () => void
}

/**
 * The chunks of the SQLite file `file`, read as sqliteChunks reads them but by a worker thread
 * (sqlite-chunk-worker.ts) in a read transaction of its own: the caller takes them only when
 * `version` is the version its own transaction read, and so sees what the caller's transaction sees.
 */
export function workerChunks(kysely: Kysely<Database>, file: string, size: number): WorkerChunks {
  const [params, tags] = rowsOfProducts('sqlite', 0, 0)
  const job: ChunkReadJob = {
    file,
    versionSql: sql`select ${versionOf('catalogue')} as version`.compile(kysely).sql,
    // the chunk's last id, so the thread need not parse the ids to bound the param and tag rows
    productsSql: productsAfter('sqlite', 0, size, [sql`max(id) as ${sql.ref(LAST_ID)}`]).compile(kysely).sql,
    lastIdColumn: LAST_ID,
    paramsSql: params!.compile(kysely).sql,
    tagsSql: tags!.compile(kysely).sql,
    size,
    ahead: WORKER_AHEAD,
  }
  const worker = typeScriptWorker(WORKER_FILE, { workerData: job })
  // kept as the thread sent them, and parsed when asked for
  const chunks: ChunkRows[] = []
  let waiting: { resolve: (chunk: ColumnChunk | undefined) => void; reject: (error: Error) => void } | undefined
  let ended = false
  let failure: Error | undefined
  let announce: (version: number | undefined) => void = () => {}
  const version = new Promise<number | undefined>((resolve) => (announce = resolve))
  const settleWaiting = () => {
    if (!waiting) return
    const rows = chunks.shift()
    if (rows) {
      try {
        waiting.resolve(chunkOfRows(...rows))
      } catch (error) {
        waiting.reject(new Error(`catalogue chunks not read: ${String(error)}`))
      }
    } else if (failure) waiting.reject(failure)
    else if (ended) waiting.resolve(undefined)
    else return
    waiting = undefined
  }
  const fail = (error: Error) => {
    failure ??= error
    announce(undefined)
    settleWaiting()
  }
  worker.on('message', (message: ChunkReadMessage) => {
    if (message.kind === 'version') announce(message.version)
    else if (message.kind === 'chunk') chunks.push(message.rows)
    else if (message.kind === 'end') ended = true
    else fail(new Error(`catalogue chunks not read: ${message.message}`))
    settleWaiting()
  })
  worker.on('error', (error) => fail(new Error(`catalogue chunks not read: ${error.message}`)))
  worker.on('exit', () => {
    if (!ended) fail(new Error('catalogue chunks not read: the reading thread ended'))
  })
  return {
    version,
    next: () =>
      new Promise<ColumnChunk | undefined>((resolve, reject) => {
        waiting = { resolve, reject }
        worker.postMessage({ more: 1 } satisfies ChunkCredit)
        settleWaiting()
      }),
    stop: () => void worker.terminate(),
  }
}

/** A chunk from its three aggregated rows. */
const chunkOfRows = (products: AggregatedRow, params: AggregatedRow, tags: AggregatedRow): ColumnChunk => ({
  ...parsed(products),
  ...parsed(params),
  ...parsed(tags),
})

/**
 * The chunks on SQLite's own connection `sqlite`, in the transaction `trx` has open: three
 * statements a chunk, prepared once, the next chunk read before the current one is handed out
 * (the queries run on the thread anyway, and a range known beforehand was cheaper for SQLite than
 * the statement's own).
 */
export function sqliteChunks(trx: Kysely<Database>, size: number, sqlite: SQLite.Database): NextChunk {
  const prepared = new Map<string, SQLite.Statement>()
  const read = (query: RawBuilder<unknown>) => {
    const { sql: text, parameters } = query.compile(trx)
    let statement = prepared.get(text)
    if (!statement) prepared.set(text, (statement = sqlite.prepare(text)))
    return statement.get(...parameters) as AggregatedRow
  }
  const readAfter = (after: number): ColumnChunk => {
    const products = parsed(read(productsAfter('sqlite', after, size)))
    const last = products.ids.at(-1)
    if (last === undefined) return { ...products, paramProduct: [], paramId: [], paramValue: [], tagProduct: [], tagId: [] }
    const [params, tags] = rowsOfProducts('sqlite', after, last)
    return { ...products, ...parsed(read(params!)), ...parsed(read(tags!)) }
  }
  let after = FIRST_ID_BOUND
  return async () => {
    const chunk = readAfter(after)
    after = chunk.ids.at(-1) ?? after
    return chunk.ids.length === 0 ? undefined : chunk
  }
}

/** The last id of every `size` products in id order, as the transaction `trx` sees them. */
export async function chunkEnds(trx: Kysely<Database>, size: number): Promise<number[]> {
  const { rows } = await sql<{ id: number | string }>`
    select id from (select id, row_number() over (order by id) as n from products) as numbered where n % ${size} = 0 order by id`.execute(trx)
  return rows.map((row) => Number(row.id))
}

/** above any id (the copy holds ids as 32-bit integers) */
const LAST_ID_BOUND = 2 ** 31 - 1

/** The products with ids in (after, last], with their param and tag rows, in one statement. */
async function readRange(dialect: DialectName, trx: Kysely<Database>, after: number, last: number): Promise<ColumnChunk> {
  const products = aggregatedQuery(dialect, 'products', PRODUCT_COLUMNS, sql`where id > ${after} and id <= ${last} order by id`)
  const [params, tags] = rowsOfProducts(dialect, after, last)
  const { rows } = await sql<Record<string, string | null>>`select * from (${products}) as p, (${params}) as r, (${tags}) as t`.execute(trx)
  return parsed(rows[0])
}

/**
 * The chunks between `ends` (chunkEnds), read over `readers`: transactions that see one and the
 * same state of the catalogue (on PostgreSQL one snapshot, shared). Chunk k is asked of reader
 * k mod n as soon as chunk k - n is handed out, so with two the database reads two chunks, on
 * two cores, while the caller adds a third.
 */
export function rangeChunks(dialect: DialectName, readers: Kysely<Database>[], ends: number[]): NextChunk {
  const starts = [FIRST_ID_BOUND, ...ends]
  const lasts = [...ends, LAST_ID_BOUND]
  const asked: Promise<ColumnChunk>[] = []
  let next = 0
  const ask = () => {
    if (next >= starts.length) return
    const chunk = readRange(dialect, readers[next % readers.length]!, starts[next]!, lasts[next]!)
    // handled when its turn comes; this only keeps its failure from going unhandled should an earlier one fail first
    chunk.catch(() => {})
    asked.push(chunk)
    next += 1
  }
  for (let i = 0; i < readers.length; i += 1) ask()
  return async () => {
    const chunk = asked.shift()
    if (!chunk) return undefined
    const read = await chunk
    ask()
    // the last range is open and may be empty
    return read.ids.length === 0 ? undefined : read
  }
}
