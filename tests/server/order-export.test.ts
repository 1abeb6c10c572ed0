import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { XLSX_CONTENT_TYPE } from '../../src/contract/acts'
import { ORDER_EXPORT_MAX, ORDER_EXPORT_MESSAGES, orderExportPath } from '../../src/contract/orders'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, userIdOf } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let customerId: number
let otherCustomerId: number

const k = () => fixture.db.kysely
const { get } = sessionRequests(
  () => fixture,
  () => cookie,
)

const customerOf = async (email: string) =>
  (
    await k()
      .selectFrom('users')
      .select('customer_id')
      .where('id', '=', await userIdOf(fixture, email))
      .executeTakeFirstOrThrow()
  ).customer_id

/** The company's orders with their lines, newest first. */
const ordersOf = async (customer: number, count: number) =>
  (
    await k()
      .selectFrom('orders')
      .select(['id', 'contract_id'])
      .where('customer_id', '=', customer)
      .where((eb) => eb.exists(eb.selectFrom('order_lines').select('order_lines.id').whereRef('order_lines.order_id', '=', 'orders.id')))
      .orderBy('id', 'desc')
      .limit(count)
      .execute()
  ).map((row) => row.id)

beforeAll(async () => {
  fixture = await startServer({ products: 60 })
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  customerId = await customerOf(demoLogin('mainAccount').email)
  otherCustomerId = await customerOf(demoLogin('mainAccount', 1).email)
})
afterAll(() => fixture?.close())

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ArrayBuffer)
  return workbook
}

const columnOf = (sheet: ExcelJS.Worksheet | undefined, column: number) =>
  (sheet?.getColumn(column).values ?? []).slice(2).filter((value) => value !== undefined && value !== null)

describe('GET /api/orderExport/?ids=', () => {
  it("answers the checked orders as an XLSX file: «Заказы» a row each, «Состав» each order's lines", async () => {
    const ids = await ordersOf(customerId, 3)
    expect(ids).toHaveLength(3)
    const response = await get(orderExportPath(ids))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE)
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders.xlsx"; filename\*=UTF-8''/)
    expect(decodeURIComponent(String(response.headers['content-disposition']).split("''")[1] ?? '')).toMatch(/^Заказы \d{2}\.\d{2}\.\d{4}\.xlsx$/)
    const workbook = await workbookOf(response.rawPayload)
    const orders = workbook.getWorksheet('Заказы')
    expect(orders?.getRow(1).values).toEqual([undefined, 'Заказ №', 'Дата', 'Договор', 'Состояние', 'Статус', 'Оплата', 'Товаров', 'Сумма'])
    expect(columnOf(orders, 1)).toEqual(ids)
    const lines = await k().selectFrom('order_lines').select(['order_id', 'qnt']).where('order_id', 'in', ids).execute()
    const composition = workbook.getWorksheet('Состав')
    expect(composition?.getRow(1).values).toEqual([undefined, 'Заказ №', 'Артикул', 'Товар', 'Склад', 'Количество', 'Цена', 'Сумма'])
    expect(columnOf(composition, 1).sort()).toEqual(lines.map((line) => line.order_id).sort())
    expect(columnOf(composition, 5).reduce<number>((sum, qnt) => sum + Number(qnt), 0)).toBe(lines.reduce((sum, line) => sum + line.qnt, 0))
  })

  it("refuses another company's order, even among the dealer's own, and sends nothing", async () => {
    const [own] = await ordersOf(customerId, 1)
    const [foreign] = await ordersOf(otherCustomerId, 1)
    const response = await get(orderExportPath([own!, foreign!]))
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ message: ORDER_EXPORT_MESSAGES.notFound(foreign!) })
    expect(response.headers['content-type']).toMatch(/json/)
  })

  it('refuses an order number that does not exist', async () => {
    const response = await get(orderExportPath([2_000_000_000]))
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ message: 'Заказ № 2000000000 не найден' })
  })

  it('refuses a manager an order under a contract it may not use', async () => {
    const managerId = await userIdOf(fixture, demoLogin('manager').email)
    const granted = (await k().selectFrom('manager_contracts').select('contract_id').where('user_id', '=', managerId).execute()).map((row) => row.contract_id)
    const hidden = await k()
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('contract_id', 'not in', granted.length > 0 ? granted : [-1])
      .executeTakeFirstOrThrow()
    const response = await get(orderExportPath([hidden.id]), managerCookie)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ message: ORDER_EXPORT_MESSAGES.notFound(hidden.id) })
  })

  it('answers 400 with a Russian message to ids that are not numbers, none, or too many', async () => {
    const many = Array.from({ length: ORDER_EXPORT_MAX + 1 }, (_, index) => index + 1)
    for (const url of ['/api/orderExport/', '/api/orderExport/?ids=', '/api/orderExport/?ids=abc', '/api/orderExport/?ids=1,,2', orderExportPath(many)]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(400)
      expect(JSON.stringify(response.json()), url).toMatch(/[А-Яа-я]/)
    }
  })

  it('answers 401 without a session', async () => {
    const [own] = await ordersOf(customerId, 1)
    expect((await get(orderExportPath([own!]), null)).statusCode).toBe(401)
  })
})
