import ExcelJS from 'exceljs'
import { ORDER_EXPORT_MESSAGES } from '../../src/contract/orders'
import { type OrderDetail } from '../../src/contract/order-actions'
import { allowedContracts } from '../auth/contract-access'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'
import { MONEY_FORMAT, styleTitleRow, type XlsxFile } from '../xlsx-file'
import { orderDetail } from './order-detail'

const moscowDay = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' })

/**
 * The orders the user may see among `ids`, in the order asked; an id of another company, under a
 * contract a manager may not use, or of no order at all is refused (404 naming it) and nothing is sent.
 */
async function ownOrders(db: Db, user: SessionUser, ids: readonly number[]) {
  const contracts = await allowedContracts(db, user)
  const contractIds = contracts.map((contract) => Number(contract.id))
  const rows =
    contractIds.length === 0
      ? []
      : await db.kysely
          .selectFrom('orders')
          .select(['id', 'contract_id'])
          .where('id', 'in', [...ids])
          .where('customer_id', '=', user.customer_id)
          .where('contract_id', 'in', contractIds)
          .execute()
  const missing = ids.find((id) => !rows.some((row) => row.id === id))
  if (missing !== undefined) throw new HttpError(404, ORDER_EXPORT_MESSAGES.notFound(missing))
  return { orders: ids.map((id) => ({ id, contractId: rows.find((row) => row.id === id)!.contract_id })), contracts }
}

/**
 * GET /api/orderExport/?ids=: the checked orders as an XLSX file of two sheets, «Заказы» (number,
 * date, contract, state, status, payment, goods, sum) and «Состав» (each order's lines).
 */
export async function exportOrders(db: Db, user: SessionUser, ids: readonly number[], now: Date): Promise<XlsxFile> {
  const { orders, contracts } = await ownOrders(db, user, ids)
  const [details, states] = await Promise.all([
    Promise.all(orders.map((order) => orderDetail(db, order))),
    db.kysely.selectFrom('order_states').select(['id', 'header']).execute(),
  ])
  const contractName = (id: string) => contracts.find((contract) => contract.id === id)?.header ?? id
  const stateName = (id: number) => states.find((state) => state.id === id)?.header ?? String(id)
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Кабинет дилера'
  addOrdersSheet(workbook, details, contractName, stateName)
  addLinesSheet(workbook, details)
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), fileName: `Заказы ${moscowDay.format(now)}.xlsx` }
}

interface Column {
  title: string
  width: number
  money?: boolean
}

/** A sheet of one title row (kept in view) and its rows. */
function addTableSheet(workbook: ExcelJS.Workbook, name: string, columns: Column[], rows: unknown[][]) {
  const sheet = workbook.addWorksheet(name)
  sheet.columns = columns.map(({ width, money }) => ({ width, ...(money ? { style: { numFmt: MONEY_FORMAT } } : {}) }))
  styleTitleRow(sheet.addRow(columns.map((column) => column.title)))
  for (const row of rows) sheet.addRow(row)
  sheet.views = [{ state: 'frozen', ySplit: 1 }]
}

function addOrdersSheet(workbook: ExcelJS.Workbook, details: OrderDetail[], contractName: (id: string) => string, stateName: (id: number) => string) {
  const columns: Column[] = [
    { title: 'Заказ №', width: 10 },
    { title: 'Дата', width: 12 },
    { title: 'Договор', width: 36 },
    { title: 'Состояние', width: 18 },
    { title: 'Статус', width: 40 },
    { title: 'Оплата', width: 12 },
    { title: 'Товаров', width: 10 },
    { title: 'Сумма', width: 16, money: true },
  ]
  const rows = details.map(({ order }) => [
    order.id,
    moscowDay.format(new Date(order.created_at)),
    contractName(order.contract),
    stateName(order.state),
    order.status,
    order.paid ? 'Оплачен' : 'Не оплачен',
    order.count,
    order.sum,
  ])
  addTableSheet(workbook, 'Заказы', columns, rows)
}

function addLinesSheet(workbook: ExcelJS.Workbook, details: OrderDetail[]) {
  const columns: Column[] = [
    { title: 'Заказ №', width: 10 },
    { title: 'Артикул', width: 16 },
    { title: 'Товар', width: 48 },
    { title: 'Склад', width: 22 },
    { title: 'Количество', width: 12 },
    { title: 'Цена', width: 14, money: true },
    { title: 'Сумма', width: 16, money: true },
  ]
  const rows = details.flatMap(({ order, lines }) =>
    lines.map((line) => [order.id, line.articul, line.header, line.warehouse, line.qnt, line.price, line.sum]),
  )
  addTableSheet(workbook, 'Состав', columns, rows)
}
