import type SQLite from 'better-sqlite3'
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely'
import type { DialectName } from '../db/connection'
import type { Database } from '../db/schema'
import type { ColumnChunk } from './snapshot-columns'

/** Reads the products after an id (all when undefined), with their param and tag rows. */
export type ChunkReader = (after: number | undefined) => Promise<ColumnChunk>

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
) {
  const aggregated = Object.entries(columns).map(([name, column]) =>
    dialect === 'postgres' ? sql`json_agg(${sql.ref(column)})::text as ${sql.ref(name)}` : sql`json_group_array(${sql.ref(column)}) as ${sql.ref(name)}`,
  )
  return sql`select ${sql.join(aggregated)} from (
    select ${sql.join(Object.values(columns).map((column) => sql.ref(column)))} from ${sql.table(table)} ${rows}
  ) as ordered`
}

/** The row's JSON arrays parsed: each the values of its column (typed by ColumnChunk). */
const parsed = (row: Record<string, string | null> | undefined) =>
  Object.fromEntries(Object.entries(row ?? {}).map(([name, json]) => [name, json === null ? [] : JSON.parse(json)])) as unknown as ColumnChunk

/** Up to `size` products after an id. */
const productsAfter = (dialect: DialectName, after: number, size: number) =>
  aggregatedQuery(dialect, 'products', PRODUCT_COLUMNS, sql`where id > ${after} order by id limit ${size}`)

/** The param and tag rows of the products after an id up to `last`. */
function rowsOfProducts(dialect: DialectName, after: number, last: Expression<unknown> | number) {
  const ofProducts = (by: string) => sql`where product_id > ${after} and product_id <= ${last} order by product_id, ${sql.ref(by)}`
  return [
    aggregatedQuery(dialect, 'product_params', PARAM_COLUMNS, ofProducts('param_id')),
    aggregatedQuery(dialect, 'product_tags', TAG_COLUMNS, ofProducts('tag_id')),
  ]
}

/**
 * The chunks in the transaction `trx` has open. On PostgreSQL one statement a chunk, the chunk's
 * last id found by the statement itself, so that the database reads a whole chunk while the
 * previous one is added (see loadSnapshot). On SQLite three statements straight on its connection
 * `sqlite`, prepared once: the queries run on the thread anyway, and a range known beforehand
 * was cheaper for it than the statement's own.
 */
export function chunkReader(dialect: DialectName, trx: Kysely<Database>, size: number, sqlite?: SQLite.Database): ChunkReader {
  if (!sqlite)
    return async (after = FIRST_ID_BOUND) => {
      const last = sql`(select max(id) from (select id from products where id > ${after} order by id limit ${size}) as chunk)`
      const [params, tags] = rowsOfProducts(dialect, after, last)
      const { rows } = await sql<
        Record<string, string | null>
      >`select * from (${productsAfter(dialect, after, size)}) as p, (${params}) as r, (${tags}) as t`.execute(trx)
      return parsed(rows[0])
    }
  const prepared = new Map<string, SQLite.Statement>()
  const read = (query: RawBuilder<unknown>) => {
    const { sql: text, parameters } = query.compile(trx)
    let statement = prepared.get(text)
    if (!statement) prepared.set(text, (statement = sqlite.prepare(text)))
    return parsed(statement.get(...parameters) as Record<string, string | null> | undefined)
  }
  return async (after = FIRST_ID_BOUND) => {
    const products = read(productsAfter(dialect, after, size))
    const last = products.ids.at(-1)
    if (last === undefined) return { ...products, paramProduct: [], paramId: [], paramValue: [], tagProduct: [], tagId: [] }
    const [params, tags] = rowsOfProducts(dialect, after, last)
    return { ...products, ...read(params!), ...read(tags!) }
  }
}
