import { type OrderRow } from '../../src/contract/orders'
import { ORDER_MESSAGES, type OrderDetail } from '../../src/contract/order-actions'
import { allowedContracts } from '../auth/contract-access'
import type { SessionUser } from '../auth/sessions'
import { DELIVERY_COMPANIES, DELIVERY_METHODS, REGIONS } from '../catalogue/delivery-options'
import type { Db } from '../db/connection'
import { roundKopecks } from '../db/seed-support'
import { HttpError } from '../validation'
import { selectOrderRows, toOrderRow } from './order-list'

/** An order the user may see: of their company, under a contract they may use. */
export interface OwnOrder {
  id: number
  contractId: number
}

/** The order when the user may see it; another company's, or one under a contract a manager may not use, is as unknown as a missing one (404). */
export async function findOwnOrder(db: Db, user: SessionUser, orderId: number): Promise<OwnOrder> {
  const contractIds = (await allowedContracts(db, user)).map((contract) => Number(contract.id))
  const row =
    contractIds.length === 0
      ? undefined
      : await db.kysely
          .selectFrom('orders')
          .select(['id', 'contract_id'])
          .where('id', '=', orderId)
          .where('customer_id', '=', user.customer_id)
          .where('contract_id', 'in', contractIds)
          .executeTakeFirst()
  if (!row) throw new HttpError(404, ORDER_MESSAGES.notFound)
  return { id: row.id, contractId: row.contract_id }
}

/** The order as a row of the orders list. */
export async function orderRow(db: Db, orderId: number): Promise<OrderRow> {
  return toOrderRow(await selectOrderRows(db).where('id', '=', orderId).executeTakeFirstOrThrow())
}

const headerOf = (list: readonly { id: string; header: string }[], id: string | null) => list.find((each) => each.id === id)?.header ?? ''

/** GET /api/order/{id}/: the order, how it travels, its comment and its lines in the order they were placed. */
export async function orderDetail(db: Db, order: OwnOrder): Promise<OrderDetail> {
  const [row, extra, lines] = await Promise.all([
    orderRow(db, order.id),
    db.kysely
      .selectFrom('orders')
      .leftJoin('addresses', 'addresses.id', 'orders.address_id')
      .leftJoin('consignees', 'consignees.id', 'orders.consignee_id')
      .select(['orders.comment', 'orders.delivery_method', 'orders.delivery_company', 'orders.delivery_region'])
      .select(['addresses.full_address', 'consignees.surname', 'consignees.name'])
      .where('orders.id', '=', order.id)
      .executeTakeFirstOrThrow(),
    db.kysely
      .selectFrom('order_lines')
      .innerJoin('products', 'products.id', 'order_lines.product_id')
      .innerJoin('warehouses', 'warehouses.id', 'order_lines.warehouse_id')
      .select(['order_lines.product_id', 'order_lines.warehouse_id', 'order_lines.qnt', 'order_lines.price'])
      .select(['products.header', 'products.articul', 'warehouses.header as warehouse'])
      .where('order_lines.order_id', '=', order.id)
      .orderBy('order_lines.id')
      .execute(),
  ])
  return {
    order: row,
    delivery: {
      method: headerOf(DELIVERY_METHODS, extra.delivery_method),
      company: headerOf(DELIVERY_COMPANIES, extra.delivery_company),
      region: headerOf(REGIONS, extra.delivery_region),
      address: extra.full_address ?? '',
      consignee: [extra.surname, extra.name].filter(Boolean).join(' '),
    },
    comment: extra.comment,
    lines: lines.map((line) => ({
      product_id: line.product_id,
      header: line.header,
      articul: line.articul,
      wms: line.warehouse_id,
      warehouse: line.warehouse,
      qnt: line.qnt,
      price: line.price,
      sum: roundKopecks(line.price * line.qnt),
    })),
  }
}
