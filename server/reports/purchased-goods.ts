import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import type { PurchasedCategory, PurchasedGoodsFilter, PurchasedGoodsResponse, PurchasedReport } from '../../src/contract/purchased-goods'
import { PURCHASED_DEFAULTS } from '../../src/contract/purchased-goods'
import type { CategoryNode } from '../../src/contract/catalogue-init'
import { allowedContracts } from '../auth/contract-access'
import type { SessionUser } from '../auth/sessions'
import { catalogueTree, subtreeIds } from '../catalogue/categories'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { HttpError } from '../validation'
import { moscowMonthOf, reportPeriod, type ReportPeriod } from './report-period'

/** Spec §2: order state 4 (the danger marker) is a cancelled order; it bought nothing. */
export const CANCELLED_STATE = 4

type Tables = ExpressionBuilder<Database, 'order_lines' | 'orders' | 'products'>

interface Scope {
  customerId: number
  contractIds: number[]
  /** null = every category */
  categoryIds: number[] | null
  period: ReportPeriod
}

const kopecks = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100
const spend = sql<number>`sum(${sql.ref('order_lines.price')} * ${sql.ref('order_lines.qnt')})`

/** The ordering of each report (spec §2), ties by product id. */
const REPORT_ORDER: Record<PurchasedReport, readonly ('units' | 'order_count' | 'last_date' | 'spend')[]> = {
  goods: ['units'],
  often: ['order_count', 'units'],
  last: ['last_date'],
  sum: ['spend'],
}

function lines(db: Db, scope: Scope) {
  return db.kysely
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('products', 'products.id', 'order_lines.product_id')
    .where((eb: Tables) => {
      const conditions: Expression<SqlBool>[] = [
        eb('orders.customer_id', '=', scope.customerId),
        eb('orders.contract_id', 'in', scope.contractIds),
        eb('orders.state', '!=', CANCELLED_STATE),
        eb('orders.created_at', '>=', scope.period.from),
        eb('orders.created_at', '<', scope.period.to),
      ]
      if (scope.categoryIds) conditions.push(eb('products.category_id', 'in', scope.categoryIds))
      return eb.and(conditions)
    })
}

function flatten(tree: readonly CategoryNode[], depth = 0): PurchasedCategory[] {
  return tree.flatMap((node) => [{ id: node.id, header: node.header, depth }, ...flatten(node.children, depth + 1)])
}

/** The contract ids a filter counts: every allowed one for '0', else the named one if allowed (403 otherwise). */
function contractIdsOf(requested: string, allowed: readonly { id: string }[]): number[] {
  if (requested === PURCHASED_DEFAULTS.contract) return allowed.map((contract) => Number(contract.id))
  if (!allowed.some((contract) => contract.id === requested)) throw new HttpError(403, AUTH_MESSAGES.forbidden)
  return [Number(requested)]
}

async function monthSums(db: Db, scope: Scope): Promise<PurchasedGoodsResponse['months']> {
  const orders = await lines(db, scope)
    .select(['orders.id', 'orders.created_at'])
    .select(spend.as('spend'))
    .groupBy(['orders.id', 'orders.created_at'])
    .execute()
  const sums = new Map(scope.period.months.map((month) => [month, 0]))
  for (const order of orders) {
    const month = moscowMonthOf(order.created_at)
    sums.set(month, (sums.get(month) ?? 0) + Number(order.spend))
  }
  return [...sums].map(([month, sum]) => ({ month, sum: kopecks(sum) }))
}

/** GET /api/purchasedGoods/: one page of a report over the company's orders that were not cancelled. */
export async function purchasedGoods(db: Db, user: SessionUser, filter: PurchasedGoodsFilter, now: Date): Promise<PurchasedGoodsResponse> {
  const period = reportPeriod(filter, now)
  const [contracts, tree] = await Promise.all([allowedContracts(db, user), catalogueTree(db)])
  const contractIds = contractIdsOf(filter.contract, contracts)
  const categoryIds = filter.catalog === PURCHASED_DEFAULTS.catalog ? null : subtreeIds(tree, String(filter.catalog))
  const { page, perpage, report } = filter
  const answer = (found: Pick<PurchasedGoodsResponse, 'rows' | 'count' | 'total' | 'months'>): PurchasedGoodsResponse => ({
    report,
    contract: filter.contract,
    catalog: filter.catalog,
    startDate: period.startDate,
    endDate: period.endDate,
    ...found,
    contracts,
    categories: flatten(tree),
    pagination: { page, perpage, pages: Math.ceil(found.count / perpage) },
  })
  if (contractIds.length === 0 || categoryIds?.length === 0) {
    return answer({ rows: [], count: 0, total: { qnt: 0, orders: 0, sum: 0 }, months: period.months.map((month) => ({ month, sum: 0 })) })
  }

  const scope: Scope = { customerId: user.customer_id, contractIds, categoryIds, period }
  let rowsQuery = lines(db, scope)
    .select(['products.id', 'products.header', 'products.articul'])
    .select((eb) => [
      eb.fn.sum<number>('order_lines.qnt').as('units'),
      eb.fn.count<number>('orders.id').distinct().as('order_count'),
      eb.fn.max('orders.created_at').as('last_date'),
      spend.as('spend'),
    ])
    .groupBy(['products.id', 'products.header', 'products.articul'])
  for (const column of REPORT_ORDER[report]) rowsQuery = rowsQuery.orderBy(column, 'desc')

  const [rows, totals, months] = await Promise.all([
    rowsQuery
      .orderBy('products.id')
      .limit(perpage)
      .offset((page - 1) * perpage)
      .execute(),
    lines(db, scope)
      .select((eb) => [
        eb.fn.count<number>('order_lines.product_id').distinct().as('products'),
        eb.fn.count<number>('orders.id').distinct().as('order_count'),
        eb.fn.coalesce(eb.fn.sum<number>('order_lines.qnt'), eb.lit(0)).as('units'),
        spend.as('spend'),
      ])
      .executeTakeFirstOrThrow(),
    monthSums(db, scope),
  ])
  return answer({
    rows: rows.map((row) => ({
      id: row.id,
      header: row.header,
      articul: row.articul,
      qnt: Number(row.units),
      orders: Number(row.order_count),
      lastDate: String(row.last_date),
      sum: kopecks(row.spend),
    })),
    count: Number(totals.products),
    total: { qnt: Number(totals.units), orders: Number(totals.order_count), sum: kopecks(totals.spend) },
    months,
  })
}
