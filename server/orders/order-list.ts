import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { ORDERS_DEFAULTS, type OrderList, type OrderListFilter, type OrderRow } from '../../src/contract/orders'
import { allowedContracts } from '../auth/contract-access'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { HttpError } from '../validation'
import { periodBounds } from './order-period'
import { ordersHolding, type SearchProbe } from './order-search'

interface Searches {
  byDocument: SearchProbe | undefined
  byArticle: SearchProbe | undefined
}

/**
 * The filter's searches asked of the index. They need neither the user's contracts nor each
 * other, so they go to the database with the contracts' query, not one round trip after another.
 */
async function probeSearches(db: Db, filter: OrderListFilter): Promise<Searches> {
  const search = filter.search_doc
  const [byDocument, byArticle] = await Promise.all([
    search === '' ? undefined : ordersHolding(db, 'doc', search, /^\d{1,9}$/.test(search) ? Number(search) : undefined),
    filter.article === '' ? undefined : ordersHolding(db, 'articles', filter.article),
  ])
  return { byDocument, byArticle }
}

/** The filter's conditions on `orders`, the company and contracts included. */
function matching(db: Db, customerId: number, contractIds: readonly number[], filter: OrderListFilter, now: Date, { byDocument, byArticle }: Searches) {
  // a few orders found by the index are read by id and sorted; SQLite would rather walk the
  // company's list index for its order and test every order, unless the unary + keeps it off that index
  const byIds = db.dialect === 'sqlite' && (byDocument?.isFew || byArticle?.isFew)
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const company = byIds ? sql<SqlBool>`+orders.customer_id = ${customerId}` : eb('customer_id', '=', customerId)
    const conditions: Expression<SqlBool>[] = [company, eb('contract_id', 'in', contractIds)]
    const { from, to } = periodBounds(filter, now)
    if (from) conditions.push(eb('created_at', '>=', from))
    if (to) conditions.push(eb('created_at', '<', to))
    if (filter.paid !== null) conditions.push(eb('paid', '=', filter.paid ? 1 : 0))
    if (filter.state > 0) conditions.push(eb('state', '=', filter.state))
    if (byDocument) conditions.push(byDocument.condition)
    if (byArticle) conditions.push(byArticle.condition)
    return eb.and(conditions)
  }
}

/** Orders as rows of the list, with their line counts: add the where. */
export const selectOrderRows = (db: Db) =>
  db.kysely
    .selectFrom('orders')
    .select(['id', 'state', 'status', 'contract_id', 'paid', 'sum', 'created_at'])
    .select((eb) => eb.selectFrom('order_lines').select(eb.fn.countAll<number>().as('lines')).whereRef('order_lines.order_id', '=', 'orders.id').as('lines'))

type SelectedOrderRow = Awaited<ReturnType<ReturnType<typeof selectOrderRows>['executeTakeFirstOrThrow']>>

export const toOrderRow = (row: SelectedOrderRow): OrderRow => ({
  id: row.id,
  state: row.state,
  status: row.status,
  contract: String(row.contract_id),
  paid: row.paid === 1,
  sum: row.sum,
  created_at: row.created_at,
  count: Number(row.lines ?? 0),
})

/**
 * A search counts the orders it finds up to this many past the page, then stops: the list says
 * «более N», as search engines do. Counting every order that holds an articul with a «0» in it
 * would read most of the company's orders at each request.
 */
export const SEARCH_COUNT_LIMIT = 1000

type Where = ReturnType<typeof matching>

const isSearch = (filter: OrderListFilter) => filter.search_doc !== '' || filter.article !== ''

/** Over the whole period, without a search: the sum of the counts the triggers keep (migration 0019). */
async function keptCount(db: Db, customerId: number, contractIds: readonly number[], filter: OrderListFilter): Promise<number> {
  let counts = db.kysely
    .selectFrom('order_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('orders'), eb.lit(0)).as('count'))
    .where('customer_id', '=', customerId)
    .where('contract_id', 'in', contractIds)
  if (filter.paid !== null) counts = counts.where('paid', '=', filter.paid ? 1 : 0)
  if (filter.state > 0) counts = counts.where('state', '=', filter.state)
  return Number((await counts.executeTakeFirstOrThrow()).count)
}

/** The matching orders counted, up to `limit` when given. */
async function countMatching(db: Db, where: Where, limit?: number): Promise<number> {
  const matchingIds = db.kysely.selectFrom('orders').select('id').where(where)
  const counted = db.kysely
    .selectFrom((limit === undefined ? matchingIds : matchingIds.limit(limit)).as('found'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
  return Number((await counted.executeTakeFirstOrThrow()).count)
}

/** The ids of `size` matching orders after `skip`, newest first or oldest first: from the list index alone. */
const pageIds = (db: Db, where: Where, direction: 'asc' | 'desc', size: number, skip: number) =>
  db.kysely.selectFrom('orders').select('id').where(where).orderBy('created_at', direction).orderBy('id', direction).limit(size).offset(skip)

/**
 * The page's rows, newest first. Its ids come from the list index alone, so only those rows are
 * read from the table; with the count known, a page past the middle is read from the oldest end.
 */
async function pageRows(db: Db, where: Where, offset: number, perpage: number, count?: number) {
  const fromOldest = count !== undefined && offset > count / 2
  const size = fromOldest ? Math.min(perpage, count - offset) : perpage
  if (size <= 0) return []
  const ids = fromOldest ? pageIds(db, where, 'asc', size, count - offset - size) : pageIds(db, where, 'desc', size, offset)
  return selectOrderRows(db).where('id', 'in', ids).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
}

/**
 * A search's page, newest first, each row with the matching orders counted up to `countLimit`:
 * one statement instead of the page and then the count (its own round trip, and a second parse
 * and plan of the search's condition). The count runs once (an uncorrelated subquery).
 */
async function searchPageRows(db: Db, where: Where, offset: number, perpage: number, countLimit: number) {
  const found = db.kysely.selectFrom('orders').select('id').where(where).limit(countLimit)
  return selectOrderRows(db)
    .select((eb) => eb.selectFrom(found.as('found')).select(eb.fn.countAll<number>().as('found')).as('found'))
    .where('id', 'in', pageIds(db, where, 'desc', perpage, offset))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** GET /api/order/: the company's orders under the contracts the user may use (one of them when named), newest first. */
export async function listOrders(db: Db, user: SessionUser, filter: OrderListFilter, now: Date): Promise<OrderList> {
  const [contracts, states, searches] = await Promise.all([
    allowedContracts(db, user),
    db.kysely.selectFrom('order_states').select(['id', 'header']).orderBy('id').execute(),
    probeSearches(db, filter),
  ])
  const everyContract = filter.contract === ORDERS_DEFAULTS.contract
  if (!everyContract && !contracts.some((contract) => contract.id === filter.contract)) throw new HttpError(403, AUTH_MESSAGES.forbidden)
  const contractIds = (everyContract ? contracts.map((contract) => contract.id) : [filter.contract]).map(Number)
  const { page, perpage } = filter
  if (contractIds.length === 0) return { orders: [], states, contracts, count: 0, pagination: { page, perpage, pages: 0 } }

  const where = matching(db, user.customer_id, contractIds, filter, now, searches)
  const offset = (page - 1) * perpage
  const kept = filter.dateselect === 'all' && !isSearch(filter) ? await keptCount(db, user.customer_id, contractIds, filter) : undefined
  const countLimit = isSearch(filter) ? offset + perpage + SEARCH_COUNT_LIMIT : undefined
  const rows: (SelectedOrderRow & { found?: number | null })[] =
    countLimit === undefined ? await pageRows(db, where, offset, perpage, kept) : await searchPageRows(db, where, offset, perpage, countLimit + 1)
  // a page that is not full tells the count without a second pass over the matching orders
  const countKnown = kept !== undefined || (rows.length < perpage && (rows.length > 0 || page === 1))
  // a full page of a search came with its count; a page past the last one did not
  const counted =
    kept ?? (countKnown ? offset + rows.length : (rows[0]?.found ?? (await countMatching(db, where, countLimit === undefined ? undefined : countLimit + 1))))
  const countIsFloor = countLimit !== undefined && counted > countLimit
  const count = countIsFloor ? countLimit : counted
  return {
    orders: rows.map(toOrderRow),
    states,
    contracts,
    count,
    // «более N»: N orders and more; one page past them stays reachable
    ...(countIsFloor ? { count_is_floor: true } : {}),
    pagination: { page, perpage, pages: Math.ceil((countIsFloor ? count + 1 : count) / perpage) },
  }
}
