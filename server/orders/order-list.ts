import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { ORDERS_DEFAULTS, type OrderList, type OrderListFilter, type OrderRow } from '../../src/contract/orders'
import { allowedContracts } from '../auth/contract-access'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { HttpError } from '../validation'
import { periodBounds } from './order-period'

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/** `value` contains `text` by LIKE (the contract refuses a control character in the text, a NUL above all: src/contract/common.ts). */
function contains(value: RawBuilder<string>, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${value} like ${`%${escapeLike(text)}%`} escape ${'\\'}`
}

/** The filter's conditions on `orders`, the company and contracts included. */
function matching(customerId: number, contractIds: readonly number[], filter: OrderListFilter, now: Date) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const conditions: Expression<SqlBool>[] = [eb('customer_id', '=', customerId), eb('contract_id', 'in', contractIds)]
    const { from, to } = periodBounds(filter, now)
    if (from) conditions.push(eb('created_at', '>=', from))
    if (to) conditions.push(eb('created_at', '<', to))
    if (filter.paid !== null) conditions.push(eb('paid', '=', filter.paid ? 1 : 0))
    if (filter.state > 0) conditions.push(eb('state', '=', filter.state))
    const search = filter.search_doc
    if (search !== '') {
      const inText = [contains(sql.ref('status'), search), contains(sql.ref('comment'), search)]
      conditions.push(eb.or(/^\d{1,9}$/.test(search) ? [eb('id', '=', Number(search)), ...inText] : inText))
    }
    if (filter.article !== '') {
      // the few products first, then their orders: cheaper than looking into every order's lines
      const articul = contains(sql`lower(${sql.ref('articul')})`, filter.article.toLowerCase())
      const products = eb.selectFrom('products').select('products.id').where(articul)
      const lines = eb.selectFrom('order_lines').select('order_lines.order_id').where('order_lines.product_id', 'in', products)
      conditions.push(eb('orders.id', 'in', lines))
    }
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

/** GET /api/order/: the company's orders under the contracts the user may use (one of them when named), newest first. */
export async function listOrders(db: Db, user: SessionUser, filter: OrderListFilter, now: Date): Promise<OrderList> {
  const [contracts, states] = await Promise.all([
    allowedContracts(db, user),
    db.kysely.selectFrom('order_states').select(['id', 'header']).orderBy('id').execute(),
  ])
  const everyContract = filter.contract === ORDERS_DEFAULTS.contract
  if (!everyContract && !contracts.some((contract) => contract.id === filter.contract)) throw new HttpError(403, AUTH_MESSAGES.forbidden)
  const contractIds = (everyContract ? contracts.map((contract) => contract.id) : [filter.contract]).map(Number)
  const { page, perpage } = filter
  if (contractIds.length === 0) return { orders: [], states, contracts, count: 0, pagination: { page, perpage, pages: 0 } }

  const where = matching(user.customer_id, contractIds, filter, now)
  const offset = (page - 1) * perpage
  // the page's ids first, from the list index alone; only those ten rows are read from the table
  const pageIds = db.kysely.selectFrom('orders').select('id').where(where).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(perpage).offset(offset)
  const rows = await selectOrderRows(db).where('id', 'in', pageIds).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
  // a page that is not full tells the count without a second pass over the matching orders
  const countKnown = rows.length < perpage && (rows.length > 0 || page === 1)
  const count = countKnown
    ? offset + rows.length
    : Number(
        (
          await db.kysely
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where(where)
            .executeTakeFirstOrThrow()
        ).count,
      )
  return {
    orders: rows.map(toOrderRow),
    states,
    contracts,
    count,
    pagination: { page, perpage, pages: Math.ceil(count / perpage) },
  }
}
