import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { purchasedGoodsResponseSchema, type PurchasedGoodsResponse, type PurchasedRow } from '../../src/contract/purchased-goods'
import { CANCELLED_STATE } from '../../server/reports/purchased-goods'
import { subtreeIds, catalogueTree } from '../../server/catalogue/categories'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, userIdOf } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
const k = () => fixture.db.kysely
const { get } = sessionRequests(
  () => fixture,
  () => cookie,
)

/** The fixture's three products: p1 and p2 in `category`'s subtree, p3 outside it. */
const product = { p1: 0, p2: 0, p3: 0 }
let category = 0
/** contract A: granted to the manager; B: the main account's only */
const contract = { a: 0, b: 0 }

const PERIOD = 'startDate=01.03.2020&endDate=30.04.2020'

async function report(query: string, session = cookie): Promise<PurchasedGoodsResponse> {
  const response = await get(`/api/purchasedGoods/?${query}`, session)
  expect(response.statusCode, response.body).toBe(200)
  return purchasedGoodsResponseSchema.parse(response.json())
}

const ids = (rows: PurchasedRow[]) => rows.map((row) => row.id)

async function placeOrder(customerId: number, userId: number, contractId: number, createdAt: string, lines: [number, number, number][], state = 3) {
  const sum = lines.reduce((total, [, qnt, price]) => total + qnt * price, 0)
  const { id } = await k()
    .insertInto('orders')
    .values({ customer_id: customerId, user_id: userId, contract_id: contractId, state, status: 'тест', paid: 0, sum, comment: '', created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow()
  await k()
    .insertInto('order_lines')
    .values(lines.map(([product_id, qnt, price]) => ({ order_id: id, product_id, warehouse_id: 1, qnt, price })))
    .execute()
}

beforeAll(async () => {
  fixture = await startServer({ products: 120 })
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  const userId = await userIdOf(fixture, demoLogin('mainAccount').email)
  const managerId = await userIdOf(fixture, demoLogin('manager').email)
  const otherUserId = await userIdOf(fixture, demoLogin('mainAccount', 1).email)
  const customerOf = async (id: number) => (await k().selectFrom('users').select('customer_id').where('id', '=', id).executeTakeFirstOrThrow()).customer_id
  const [customer, otherCustomer] = [await customerOf(userId), await customerOf(otherUserId)]

  const granted = await k().selectFrom('manager_contracts').select('contract_id').where('user_id', '=', managerId).execute()
  const all = await k().selectFrom('contracts').select('id').where('customer_id', '=', customer).orderBy('id').execute()
  contract.a = granted[0]!.contract_id
  contract.b = all.find((row) => !granted.some((g) => g.contract_id === row.id))!.id
  const otherContract = (await k().selectFrom('contracts').select('id').where('customer_id', '=', otherCustomer).executeTakeFirstOrThrow()).id

  const tree = await catalogueTree(fixture.db)
  const products = await k().selectFrom('products').select(['id', 'category_id']).orderBy('id').execute()
  const root = tree.find((node) => products.filter((p) => subtreeIds([node], node.id).includes(p.category_id)).length >= 2)!
  const inside = subtreeIds([root], root.id)
  category = Number(root.id)
  const [first, second] = products.filter((p) => inside.includes(p.category_id))
  product.p1 = first!.id
  product.p2 = second!.id
  product.p3 = products.find((p) => !inside.includes(p.category_id))!.id

  // the seeded history covers the last half-year only: in 2020 only the fixture's orders count
  const { p1, p2, p3 } = product
  const order = (contractId: number, createdAt: string, lines: [number, number, number][], state = 3) =>
    placeOrder(customer, userId, contractId, createdAt, lines, state)
  await order(contract.a, '2020-03-05T10:00:00.000Z', [
    [p1, 2, 100],
    [p2, 1, 500],
  ])
  await order(contract.a, '2020-04-10T10:00:00.000Z', [[p1, 3, 110]])
  await order(contract.b, '2020-04-20T10:00:00.000Z', [[p3, 1, 1000]])
  await order(contract.b, '2020-04-21T10:00:00.000Z', [[p1, 1, 100]])
  await order(contract.a, '2020-04-15T10:00:00.000Z', [[p2, 50, 500]], CANCELLED_STATE)
  // 29.02 23:59:59 and 01.05 00:00 Moscow lie outside; 01.03 00:00 and 30.04 23:59:59 inside
  await order(contract.a, '2020-02-29T20:59:59.000Z', [[p2, 7, 500]])
  await order(contract.a, '2020-02-29T21:00:00.000Z', [[p3, 2, 1000]])
  await order(contract.a, '2020-04-30T20:59:59.000Z', [[p2, 1, 500]])
  await order(contract.a, '2020-04-30T21:00:00.000Z', [[p1, 100, 100]])
  await placeOrder(otherCustomer, otherUserId, otherContract, '2020-04-01T10:00:00.000Z', [[p1, 9, 100]])
})
afterAll(() => fixture?.close())

describe('GET /api/purchasedGoods/: figures by hand', () => {
  it('«По товарам»: units, orders, last order and sum per product, most units first', async () => {
    const answer = await report(PERIOD)
    const { p1, p2, p3 } = product
    expect(answer.rows).toEqual([
      { id: p1, header: expect.any(String), articul: expect.any(String), qnt: 6, orders: 3, lastDate: '2020-04-21T10:00:00.000Z', sum: 630 },
      { id: p3, header: expect.any(String), articul: expect.any(String), qnt: 3, orders: 2, lastDate: '2020-04-20T10:00:00.000Z', sum: 3000 },
      { id: p2, header: expect.any(String), articul: expect.any(String), qnt: 2, orders: 2, lastDate: '2020-04-30T20:59:59.000Z', sum: 1000 },
    ])
    expect(answer).toMatchObject({ report: 'goods', contract: '0', catalog: 0, startDate: '01.03.2020', endDate: '30.04.2020', count: 3 })
    expect(answer.total).toEqual({ qnt: 11, orders: 6, sum: 4630 })
    expect(answer.months).toEqual([
      { month: '2020-03', sum: 2700 },
      { month: '2020-04', sum: 1930 },
    ])
    expect(answer.pagination).toEqual({ page: 1, perpage: 20, pages: 1 })
  })

  it('orders the other three reports', async () => {
    const { p1, p2, p3 } = product
    expect(ids((await report(`${PERIOD}&report=often`)).rows)).toEqual([p1, p3, p2])
    expect(ids((await report(`${PERIOD}&report=last`)).rows)).toEqual([p2, p1, p3])
    expect(ids((await report(`${PERIOD}&report=sum`)).rows)).toEqual([p3, p2, p1])
  })

  it('pages 20 by default, perpage on request', async () => {
    const second = await report(`${PERIOD}&perpage=2&page=2`)
    expect(ids(second.rows)).toEqual([product.p2])
    expect(second).toMatchObject({ count: 3, pagination: { page: 2, perpage: 2, pages: 2 } })
    expect((await report(`${PERIOD}&page=5`)).rows).toEqual([])
  })

  it('narrows to a category and its subtree; an unknown category finds nothing', async () => {
    const narrowed = await report(`${PERIOD}&catalog=${category}`)
    expect(ids(narrowed.rows)).toEqual([product.p1, product.p2])
    expect(narrowed.total).toEqual({ qnt: 8, orders: 4, sum: 1630 })
    expect(narrowed.months).toEqual([
      { month: '2020-03', sum: 700 },
      { month: '2020-04', sum: 930 },
    ])
    const none = await report(`${PERIOD}&catalog=99999`)
    expect(none).toMatchObject({ rows: [], count: 0, total: { qnt: 0, orders: 0, sum: 0 } })
    expect(none.months).toEqual([
      { month: '2020-03', sum: 0 },
      { month: '2020-04', sum: 0 },
    ])
  })
})

describe('GET /api/purchasedGoods/: scope', () => {
  it('one contract counts only its orders', async () => {
    const answer = await report(`${PERIOD}&contract=${contract.b}`)
    expect(answer.rows.map((row) => [row.id, row.qnt, row.sum])).toEqual([
      [product.p1, 1, 100],
      [product.p3, 1, 1000],
    ])
  })

  it('a manager counts only its contracts; another contract is 403', async () => {
    const answer = await report(PERIOD, managerCookie)
    expect(answer.rows.map((row) => [row.id, row.qnt, row.orders, row.sum])).toEqual([
      [product.p1, 5, 2, 530],
      [product.p2, 2, 2, 1000],
      [product.p3, 2, 1, 2000],
    ])
    expect(answer.contracts.map((c) => c.id)).not.toContain(String(contract.b))
    const refused = await get(`/api/purchasedGoods/?${PERIOD}&contract=${contract.b}`, managerCookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
  })

  it("another company never counts: its orders are not in the other company's report", async () => {
    const other = await loginAs(fixture, 'mainAccount', 1)
    const answer = await report(PERIOD, other)
    expect(answer.total).toEqual({ qnt: 9, orders: 1, sum: 900 })
    expect((await get(`/api/purchasedGoods/?${PERIOD}&contract=${contract.a}`, other)).statusCode).toBe(403)
  })

  it('needs a signed-in user', async () => {
    expect((await get(`/api/purchasedGoods/?${PERIOD}`, null)).statusCode).toBe(401)
  })
})

describe('GET /api/purchasedGoods/: period', () => {
  it('defaults to the last 30 days, today included (Moscow days)', async () => {
    const now = fixture.clock.now()
    const moscowDay = (ms: number) => {
      const [y, m, d] = new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10).split('-')
      return `${d}.${m}.${y}`
    }
    const answer = await report('')
    expect(answer.endDate).toBe(moscowDay(now.getTime()))
    expect(answer.startDate).toBe(moscowDay(now.getTime() - 29 * 86_400_000))
    expect(answer.months.length).toBeGreaterThanOrEqual(1)
    expect(answer.months.length).toBeLessThanOrEqual(2)
    expect((await report('endDate=30.04.2020')).startDate).toBe('01.04.2020')
  })

  it('counts single days, both ends included', async () => {
    expect((await report('startDate=01.03.2020&endDate=01.03.2020')).total).toEqual({ qnt: 2, orders: 1, sum: 2000 })
    expect((await report('startDate=30.04.2020&endDate=30.04.2020')).total).toEqual({ qnt: 1, orders: 1, sum: 500 })
    expect((await report('startDate=01.05.2020&endDate=01.05.2020')).total).toEqual({ qnt: 100, orders: 1, sum: 10_000 })
  })
})

describe('GET /api/purchasedGoods/: bad input is 400 in Russian', () => {
  it.each([
    ['report=unknown', /^Некорректный запрос: поле «report»/],
    ['startDate=31.02.2020', /Некорректная дата: ожидается дд\.мм\.гггг/],
    ['startDate=2020-03-01', /Некорректная дата/],
    ['startDate=02.03.2020&endDate=01.03.2020', /Начало периода позже его конца/],
    ['startDate=01.01.2031', /Начало периода позже его конца/],
    ['startDate=01.01.2001&endDate=01.01.2020', /^Период не длиннее 5 лет$/],
    ['perpage=0', /^Некорректный запрос: поле «perpage»/],
    ['perpage=101', /^Некорректный запрос: поле «perpage»/],
    ['page=-1', /^Некорректный запрос: поле «page»/],
    ['contract=abc', /^Некорректный запрос: поле «contract»/],
    ['catalog=-3', /^Некорректный запрос: поле «catalog»/],
    ['catalog=x', /^Некорректный запрос: поле «catalog»/],
  ])('%s', async (query, message) => {
    const response = await get(`/api/purchasedGoods/?${query}`)
    expect(response.statusCode, response.body).toBe(400)
    expect((response.json() as { message: string }).message).toMatch(message)
  })
})
