import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { Db } from '../db/connection'

/**
 * The orders list's two searches (issue 24 §3) on order_search (migration 0019): the document
 * search in each order's status and comment, the article search in its lines' articuls. Both
 * find a substring without regard to case, Cyrillic included, on either database.
 */

/** The trigram indexes find a substring of this many characters or more; a shorter one is looked for order by order. */
const TRIGRAM_LENGTH = 3

export type SearchedText = 'doc' | 'articles'

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/** An FTS5 phrase: the trigram tokenizer matches it as a substring, folding case as the index does. */
const ftsPhrase = (column: SearchedText, text: string) => `${column} : "${text.replaceAll('"', '""')}"`

/** A character GLOB takes as itself, a letter as either case ('з' → '[зЗ]'). */
function globCharacter(character: string): string {
  const lower = character.toLowerCase()
  const upper = character.toUpperCase()
  if (lower !== upper && [...lower].length === 1 && [...upper].length === 1) return `[${lower}${upper}]`
  return /[*?[]/.test(character) ? `[${character}]` : character
}

/** A GLOB pattern (case-sensitive by nature) that finds `text` in any case. */
export const caseFreeGlob = (text: string) => `*${[...text].map(globCharacter).join('')}*`

/**
 * A search that the index answers with at most this many orders (of every company) is looked
 * for among them; a broader one walks the company's orders newest first and looks into each,
 * which finds a page and SEARCH_COUNT_LIMIT orders sooner than reading every match would.
 */
const FEW_ORDERS = 2000

/** Whether `text` holds a letter that has two cases (a search for digits and dashes has none). */
const hasCase = (text: string) => text.toLowerCase() !== text.toUpperCase()

/**
 * `order_search` rows whose `column` holds `text`: on the trigram index where it can serve.
 * PostgreSQL's ilike folds the case of every row it reads, several times the cost of like; a text
 * without cased letters (an articul's digits, «0») finds the same rows with like (bench:orders).
 */
function holdingText(db: Db, column: SearchedText, text: string): RawBuilder<SqlBool> {
  if (db.dialect === 'postgres') {
    const pattern = `%${escapeLike(text)}%`
    const ref = sql.ref(`order_search.${column}`)
    return hasCase(text) ? sql<SqlBool>`${ref} ilike ${pattern} escape ${'\\'}` : sql<SqlBool>`${ref} like ${pattern} escape ${'\\'}`
  }
  if ([...text].length >= TRIGRAM_LENGTH) return sql<SqlBool>`order_search match ${ftsPhrase(column, text)}`
  return sql<SqlBool>`${sql.ref(`order_search.${column}`)} glob ${caseFreeGlob(text)}`
}

/** The order's own row of order_search: its rowid on SQLite's FTS5 table. */
const searchRowOf = (db: Db) => sql.ref(db.dialect === 'postgres' ? 'order_search.order_id' : 'order_search.rowid')

/** A search as a condition on `orders`, and whether it is a few orders the index named by id. */
export interface SearchProbe {
  condition: RawBuilder<SqlBool>
  isFew: boolean
}

/**
 * The ids of up to FEW_ORDERS + 1 orders holding `text`, or undefined when more do. On PostgreSQL
 * they come back as one array, and none when they are too many (a broad search needs no id): two
 * thousand rows read into objects cost node more than the database spent finding them.
 */
async function fewHolding(db: Db, column: SearchedText, text: string): Promise<number[] | undefined> {
  const matches = sql`select ${searchRowOf(db)} as id from order_search where ${holdingText(db, column, text)} limit ${FEW_ORDERS + 1}`
  if (db.dialect === 'postgres') {
    const found = await sql<{
      ids: number[] | null
    }>`select case when count(*) <= ${FEW_ORDERS} then coalesce(array_agg(found.id), '{}') end as ids from (${matches}) as found`.execute(db.kysely)
    return found.rows[0]?.ids ?? undefined
  }
  const found = await sql<{ id: number }>`${matches}`.execute(db.kysely)
  return found.rows.length <= FEW_ORDERS ? found.rows.map((row) => Number(row.id)) : undefined
}

/** `orders.id` among `ids`: on PostgreSQL one array parameter, not a list of two thousand to parse and plan. */
function idAmong(db: Db, ids: readonly number[]): RawBuilder<SqlBool> {
  if (ids.length === 0) return sql<SqlBool>`1 = 0`
  return db.dialect === 'postgres' ? sql<SqlBool>`orders.id = any(${[...ids]}::integer[])` : sql<SqlBool>`orders.id in (${sql.join(ids)})`
}

/**
 * The condition on `orders` of a search for `text` in `column`, or of `orderId` when given (the
 * document search takes an order number too). The contract refuses a control character, a line
 * break above all, so a match never spans two articuls.
 */
export async function ordersHolding(db: Db, column: SearchedText, text: string, orderId?: number): Promise<SearchProbe> {
  const found = await fewHolding(db, column, text)
  if (found) return { condition: idAmong(db, orderId === undefined ? found : [orderId, ...found]), isFew: true }
  // broad: each order the other conditions leave is looked into by its own row, not by the index
  const row = db.dialect === 'postgres' ? holdingText(db, column, text) : sql<SqlBool>`${sql.ref(`order_search.${column}`)} glob ${caseFreeGlob(text)}`
  const holding = sql<SqlBool>`exists (select 1 from order_search where ${searchRowOf(db)} = orders.id and ${row})`
  return { condition: orderId === undefined ? holding : sql<SqlBool>`(orders.id = ${orderId} or ${holding})`, isFew: false }
}
