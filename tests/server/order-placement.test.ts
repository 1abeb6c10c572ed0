import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { DELIVERY_MESSAGES, placeOrderConflictSchema, placeOrderResponseSchema } from '../../src/contract/delivery'
import { orderListSchema, ORDERS_DEFAULTS } from '../../src/contract/orders'
import { createSession, SESSION_COOKIE } from '../../server/auth/sessions'
import { SEED_BASE_TIME } from '../../server/db/seed'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { stockedProducts as stockedRows, userIdOf } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let otherCompanyCookie: string
let userId: number
let managerId: number

const DAY = 24 * 60 * 60_000
const k = () => fixture.db.kysely
const idOf = (email: string) => userIdOf(fixture, email)

beforeAll(async () => {
  fixture = await startServer({ products: 60 })
  // a month after the seeded history, so the default week holds only the orders placed here
  fixture.clock.advance(Date.parse(SEED_BASE_TIME) + 30 * DAY - fixture.clock.now().getTime())
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  otherCompanyCookie = await loginAs(fixture, 'mainAccount', 1)
  userId = await idOf(demoLogin('mainAccount').email)
  managerId = await idOf(demoLogin('manager').email)
})
afterAll(() => fixture?.close())
beforeEach(async () => {
  await k().deleteFrom('basket_lines').execute()
})

/** Company 0 owns contracts 1-3, addresses and consignees 1-3; company 1 the ones after. */
const TO_MOSCOW = { delivery: { method: '3', company: '1', type: 'terminal', region: '1' }, address_id: 1 } as const

const placeOrder = (payload: unknown, session: string | null = cookie) =>
  fixture.app.inject({
    method: 'POST',
    url: '/api/placeOrder/',
    payload: { contract: '1', ...TO_MOSCOW, ...(payload as object) },
    headers: session ? { cookie: session } : {},
  })

const listOrders = (query = '', session = cookie) => fixture.app.inject({ method: 'GET', url: `/api/order/${query}`, headers: { cookie: session } })

async function setStock(productId: number, quantity: number, warehouseId = 1) {
  await k().updateTable('stocks').set({ quantity }).where('product_id', '=', productId).where('warehouse_id', '=', warehouseId).execute()
}

const stockOf = async (productId: number, warehouseId = 1) =>
  (await k().selectFrom('stocks').select('quantity').where('product_id', '=', productId).where('warehouse_id', '=', warehouseId).executeTakeFirstOrThrow())
    .quantity

async function putLine(owner: number, productId: number, qnt: number, contractId = 1, warehouseId = 1) {
  await k()
    .insertInto('basket_lines')
    .values({ user_id: owner, contract_id: contractId, product_id: productId, warehouse_id: warehouseId, qnt, added_at: fixture.clock.now().toISOString() })
    .execute()
}

const basketOf = (owner: number) =>
  k().selectFrom('basket_lines').select(['product_id', 'qnt', 'contract_id']).where('user_id', '=', owner).orderBy('product_id').execute()

const orderCount = async () =>
  Number(
    (
      await k()
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Distinct products, each with at least `min` units at warehouse 1. */
async function stockedProducts(count: number, min = 10): Promise<number[]> {
  const rows = await stockedRows(fixture, { count, min })
  expect(rows).toHaveLength(count)
  return rows.map((row) => row.id)
}

describe('POST /api/placeOrder/', () => {
  it('turns the basket into an order: listed by GET /api/order/, basket empty, stock down', async () => {
    const [a, b] = (await stockedProducts(2)) as [number, number]
    const [stockA, stockB] = [await stockOf(a), await stockOf(b)]
    await putLine(userId, a, 3)
    await putLine(userId, b, 1)
    // a comment may run over several lines, with tabs: only other control characters are refused (tests/server/fuzz.test.ts)
    const comment = 'Разгрузка силами получателя\nзвонить за час:\tпн–пт\r\nворота 3'
    const response = await placeOrder({ consignee_id: 2, comment })
    expect(response.statusCode, response.body).toBe(200)
    const { order, basket } = placeOrderResponseSchema.parse(response.json())
    expect(basket).toEqual({ count: 0, sum: 0 })
    expect(order).toMatchObject({ state: 1, status: 'Новый', contract: '1', count: 2, created_at: fixture.clock.now().toISOString() })
    expect(await basketOf(userId)).toEqual([])
    expect([await stockOf(a), await stockOf(b)]).toEqual([stockA - 3, stockB - 1])

    const factor = (await k().selectFrom('contracts').select('price_factor').where('id', '=', 1).executeTakeFirstOrThrow()).price_factor
    const lines = await k()
      .selectFrom('order_lines')
      .innerJoin('products', 'products.id', 'order_lines.product_id')
      .select(['order_lines.qnt', 'order_lines.price', 'products.price as base'])
      .where('order_id', '=', order.id)
      .execute()
    for (const line of lines) expect(line.price).toBe(Math.round(line.base * factor * 100) / 100)
    expect(order.sum).toBe(Math.round(lines.reduce((sum, line) => sum + Math.round(line.price * line.qnt * 100) / 100, 0) * 100) / 100)
    const row = await k().selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ customer_id: 1, user_id: userId, contract_id: 1, paid: 0, sum: order.sum, comment })
    expect(row).toMatchObject({
      delivery_method: '3',
      delivery_company: '1',
      delivery_type: 'terminal',
      delivery_region: '1',
      address_id: 1,
      consignee_id: 2,
    })

    const list = orderListSchema.parse((await listOrders()).json())
    expect(list.orders[0]).toEqual({ ...order, paid: false })
  })

  it('on a shortage reserves nothing, keeps the other lines and cuts the short ones to what is left', async () => {
    const [a, b, c] = (await stockedProducts(3)) as [number, number, number]
    await setStock(b, 3)
    await setStock(c, 0)
    const stockA = await stockOf(a)
    await putLine(userId, a, 2)
    await putLine(userId, b, 5)
    await putLine(userId, c, 4)
    const before = await orderCount()
    const response = await placeOrder({})
    expect(response.statusCode, response.body).toBe(409)
    const conflict = placeOrderConflictSchema.parse(response.json())
    expect(conflict.message).toBe('Не достаточно свободных остатков на складе')
    expect(conflict.shortages.map(({ product_id, wms, requested, available }) => ({ product_id, wms, requested, available }))).toEqual([
      { product_id: b, wms: 1, requested: 5, available: 3 },
      { product_id: c, wms: 1, requested: 4, available: 0 },
    ])
    expect(conflict.shortages.every((shortage) => shortage.header !== '' && shortage.articul !== '')).toBe(true)
    expect((await basketOf(userId)).map((line) => [line.product_id, line.qnt])).toEqual([
      [a, 2],
      [b, 3],
    ])
    expect(conflict.basket.count).toBe(2)
    expect([await stockOf(a), await stockOf(b), await stockOf(c)]).toEqual([stockA, 3, 0])
    expect(await orderCount()).toBe(before)

    const retry = await placeOrder({})
    expect(retry.statusCode, retry.body).toBe(200)
    expect([await stockOf(a), await stockOf(b)]).toEqual([stockA - 2, 0])
  })

  it('20 parallel orders for the last 5 units sell exactly 5', async () => {
    const [product] = (await stockedProducts(1)) as [number]
    await setStock(product, 5)
    const stamp = fixture.clock.now().toISOString()
    const buyers = await k()
      .insertInto('users')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          customer_id: 1,
          email: `buyer${i}@stroymarket.example`,
          password_hash: 'not-a-hash',
          type_id: '1',
          name: `Покупатель ${i}`,
          phone: '',
          enabled: '1',
          approval: 'approved' as const,
          disabled_menus: '[]',
          current_contract_id: 1,
          created_at: stamp,
        })),
      )
      .returning('id')
      .execute()
    const cookies: string[] = []
    for (const buyer of buyers) {
      await putLine(buyer.id, product, 1)
      cookies.push(`${SESSION_COOKIE}=${await createSession(fixture.db, buyer.id, fixture.clock.now(), fixture.config.sessionsPerUser)}`)
    }
    const started = performance.now()
    const responses = await Promise.all(cookies.map((session) => placeOrder({}, session)))
    const elapsed = performance.now() - started
    const placed = responses.filter((response) => response.statusCode === 200)
    const refused = responses.filter((response) => response.statusCode === 409)
    expect(placed).toHaveLength(5)
    expect(refused).toHaveLength(15)
    for (const response of refused) {
      const conflict = placeOrderConflictSchema.parse(response.json())
      expect(conflict.shortages).toEqual([expect.objectContaining({ product_id: product, requested: 1, available: 0 })])
      expect(conflict.basket).toEqual({ count: 0, sum: 0 })
    }
    const buyerIds = buyers.map((buyer) => buyer.id)
    expect(await k().selectFrom('basket_lines').select('id').where('user_id', 'in', buyerIds).execute()).toEqual([])
    expect(await stockOf(product)).toBe(0)
    const sold = await k()
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select((eb) => eb.fn.sum<number>('order_lines.qnt').as('qnt'))
      .where('orders.user_id', 'in', buyerIds)
      .executeTakeFirstOrThrow()
    expect(Number(sold.qnt)).toBe(5)
    console.info(`20 parallel placeOrder calls (${fixture.db.dialect}): ${elapsed.toFixed(0)} ms`)
  })

  it('refuses a bad delivery with its message and changes nothing', async () => {
    const [product] = (await stockedProducts(1)) as [number]
    await putLine(userId, product, 1)
    const stock = await stockOf(product)
    const before = await orderCount()
    const cases: [unknown, string][] = [
      [{ delivery: { ...TO_MOSCOW.delivery, method: '9' } }, DELIVERY_MESSAGES.badMethod],
      [{ delivery: { ...TO_MOSCOW.delivery, company: null } }, DELIVERY_MESSAGES.badCompany],
      [{ delivery: { ...TO_MOSCOW.delivery, company: '77' } }, DELIVERY_MESSAGES.badCompany],
      [{ delivery: { ...TO_MOSCOW.delivery, region: '99' } }, DELIVERY_MESSAGES.badRegion],
      [{ address_id: null }, DELIVERY_MESSAGES.badAddress],
      [{ address_id: 4 }, DELIVERY_MESSAGES.badAddress],
      [{ address_id: 999 }, DELIVERY_MESSAGES.badAddress],
      [{ delivery: { method: '2', region: '1' }, address_id: null }, DELIVERY_MESSAGES.badAddress],
      [{ consignee_id: 5 }, DELIVERY_MESSAGES.badConsignee],
    ]
    for (const [payload, message] of cases) {
      const response = await placeOrder(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json()).toEqual({ message })
    }
    expect(await basketOf(userId)).toHaveLength(1)
    expect(await stockOf(product)).toBe(stock)
    expect(await orderCount()).toBe(before)
  })

  it('answers 400 with a Russian message to malformed bodies, 403 to another company’s contract, 401 without a session', async () => {
    const [product] = (await stockedProducts(1)) as [number]
    await putLine(userId, product, 1)
    const malformed = [
      { delivery: 'x' },
      { delivery: null },
      { delivery: { ...TO_MOSCOW.delivery, type: 'air' } },
      { delivery: { ...TO_MOSCOW.delivery, method: '' } },
      { address_id: 'abc' },
      { address_id: -1 },
      { consignee_id: 1.5 },
      { comment: 'я'.repeat(1001) },
      { contract: 'x' },
    ]
    for (const payload of malformed) {
      const response = await placeOrder(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toMatch(/[а-я]/i)
    }
    const noDelivery = await fixture.app.inject({ method: 'POST', url: '/api/placeOrder/', payload: { contract: '1' }, headers: { cookie } })
    expect(noDelivery.statusCode).toBe(400)
    const foreign = await placeOrder({ contract: '4' })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    expect((await placeOrder({}, null)).statusCode).toBe(401)
    expect(await basketOf(userId)).toHaveLength(1)
  })

  it('answers 400 “Корзина пуста” to an empty basket; pickup needs no address', async () => {
    const empty = await placeOrder({})
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({ message: DELIVERY_MESSAGES.emptyBasket })
    const [product] = (await stockedProducts(1)) as [number]
    await putLine(userId, product, 1)
    const pickup = await placeOrder({ delivery: { method: '1', company: '1' }, address_id: null })
    expect(pickup.statusCode, pickup.body).toBe(200)
    const { order } = placeOrderResponseSchema.parse(pickup.json())
    const row = await k().selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ delivery_method: '1', delivery_company: null, delivery_type: null, address_id: null })
  })

  it('lets a manager place orders only under its contracts', async () => {
    const [product] = (await stockedProducts(1)) as [number]
    await putLine(managerId, product, 1, 3)
    const refused = await placeOrder({ contract: '3' }, managerCookie)
    expect(refused.statusCode).toBe(403)
    expect(await basketOf(managerId)).toHaveLength(1)
    await putLine(managerId, product, 2, 2)
    const placed = await placeOrder({ contract: '2' }, managerCookie)
    expect(placed.statusCode, placed.body).toBe(200)
    const { order } = placeOrderResponseSchema.parse(placed.json())
    expect(order.contract).toBe('2')
    expect(await k().selectFrom('orders').select(['user_id', 'customer_id']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({
      user_id: managerId,
      customer_id: 1,
    })
    expect(await basketOf(managerId)).toEqual([{ product_id: product, qnt: 1, contract_id: 3 }])
  })
})

describe('GET /api/order/', () => {
  /** The company's orders straight from the table, newest first. */
  const ordersOf = (customerId: number, contractIds: number[]) =>
    k()
      .selectFrom('orders')
      .select(['id', 'created_at', 'paid', 'state', 'contract_id'])
      .where('customer_id', '=', customerId)
      .where('contract_id', 'in', contractIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()

  it('shows the last week by default, 10 a page, with the states and the user’s contracts', async () => {
    const list = orderListSchema.parse((await listOrders()).json())
    const weekAgo = new Date(fixture.clock.now().getTime() - 7 * DAY).toISOString()
    const recent = (await ordersOf(1, [1, 2, 3])).filter((order) => order.created_at >= weekAgo)
    expect(recent.length).toBeGreaterThan(0)
    expect(list.count).toBe(recent.length)
    expect(list.orders.map((order) => order.id)).toEqual(recent.slice(0, ORDERS_DEFAULTS.perpage).map((order) => order.id))
    expect(list.pagination).toEqual({ page: 1, perpage: 10, pages: Math.ceil(recent.length / 10) })
    expect(list.states.map((state) => state.id)).toEqual([1, 2, 3, 4, 5, 10])
    expect(list.contracts.map((contract) => contract.id)).toEqual(['1', '2', '3'])
  })

  it('pages through every order of the company, newest first, with the line counts', async () => {
    const all = await ordersOf(1, [1, 2, 3])
    const first = orderListSchema.parse((await listOrders('?dateselect=all&perpage=7')).json())
    const second = orderListSchema.parse((await listOrders('?dateselect=all&perpage=7&page=2')).json())
    expect(first.count).toBe(all.length)
    expect(first.pagination.pages).toBe(Math.ceil(all.length / 7))
    expect([...first.orders, ...second.orders].map((order) => order.id)).toEqual(all.slice(0, 14).map((order) => order.id))
    for (const order of first.orders) {
      const lines = await k().selectFrom('order_lines').select('id').where('order_id', '=', order.id).execute()
      expect(order.count).toBe(lines.length)
    }
  })

  it('filters by contract, period, payment, state and document number', async () => {
    const all = await ordersOf(1, [1, 2, 3])
    const count = async (query: string) => orderListSchema.parse((await listOrders(`?dateselect=all&${query}`)).json()).count
    expect(await count('contract=2')).toBe(all.filter((order) => order.contract_id === 2).length)
    expect(await count('paid=1')).toBe(all.filter((order) => order.paid === 1).length)
    expect(await count('paid=0')).toBe(all.filter((order) => order.paid === 0).length)
    expect(await count('state=3')).toBe(all.filter((order) => order.state === 3).length)
    const target = all[5]
    if (!target) throw new Error('the seed has too few orders')
    const found = orderListSchema.parse((await listOrders(`?dateselect=all&search_doc=${target.id}`)).json())
    expect(found.orders.map((order) => order.id)).toContain(target.id)
    // the seeded invoices are numbered 4000 + order id in the status text
    const invoice = orderListSchema.parse((await listOrders(`?dateselect=all&search_doc=${encodeURIComponent('№ 40')}`)).json())
    expect(invoice.orders.every((order) => order.status.includes('№ 40'))).toBe(true)
    // dd.mm.yyyy are Moscow days, both ends included
    const period = '?dateselect=period&start_date=01.09.2026&end_date=30.09.2026'
    const inSeptember = all.filter((order) => order.created_at >= '2026-08-31T21:00:00.000Z' && order.created_at < '2026-09-30T21:00:00.000Z')
    expect(orderListSchema.parse((await listOrders(period)).json()).count).toBe(inSeptember.length)
  })

  it('shows a manager only its contracts and another company nothing of this one', async () => {
    const manager = orderListSchema.parse((await listOrders('?dateselect=all', managerCookie)).json())
    expect(manager.count).toBe((await ordersOf(1, [1, 2])).length)
    expect(manager.contracts.map((contract) => contract.id)).toEqual(['1', '2'])
    expect((await listOrders('?contract=3', managerCookie)).statusCode).toBe(403)
    const other = orderListSchema.parse((await listOrders('?dateselect=all', otherCompanyCookie)).json())
    expect(other.count).toBe((await ordersOf(2, [4, 5])).length)
    expect((await listOrders('?contract=1', otherCompanyCookie)).statusCode).toBe(403)
  })

  it('answers 400 with a Russian message to a malformed query and 401 without a session', async () => {
    const malformed = ['?dateselect=x', '?dateselect=period&start_date=31.02.2026', '?start_date=2026-01-01', '?perpage=0', '?perpage=101']
    malformed.push('?page=abc', '?paid=2', '?state=-1', '?contract=x', '?dateselect=period&start_date=02.01.2026&end_date=01.01.2026')
    for (const query of malformed) {
      const response = await listOrders(query)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message).toMatch(/[а-я]/i)
    }
    expect((await fixture.app.inject({ method: 'GET', url: '/api/order/' })).statusCode).toBe(401)
  })
})
