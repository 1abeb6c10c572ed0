import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basketDataSchema } from '../../src/contract/basket'
import type { CatalogueProduct } from '../../src/contract/catalogue'
import { filterResponseSchema } from '../../src/contract/filter-answer'
import { placeOrderResponseSchema } from '../../src/contract/delivery'
import { orderDetailSchema } from '../../src/contract/order-actions'
import { PRICE_POLICY_MESSAGES, pricePolicyResponseSchema, type PricePolicy } from '../../src/contract/price-policy'
import { productResponseSchema } from '../../src/contract/product'
import { sectionClosedMessage } from '../../src/contract/menu'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, stockedProducts, userIdOf } from '../support/server-requests'

// spec §8, to the letter (the modal shows it when a save fails)
const FAILED = 'Ошибка. Данные не сохранены'

let fixture: ServerFixture
let mainCookie: string
let managerCookie: string
let otherCompanyCookie: string
let managerId: number
/** a contract the demo manager may use (the main account may use every one of the company's) */
let contract: string

const k = () => fixture.db.kysely
const { get, post } = sessionRequests(
  () => fixture,
  () => mainCookie,
)
const roundKopecks = (roubles: number) => Math.round(roubles * 100) / 100

const setPolicy = async (policy: Record<string, unknown>, session = mainCookie, id = managerId) => post(`/api/pricepolitics/${id}/`, policy, session)

async function expectPolicy(expected: PricePolicy) {
  const response = await get(`/api/pricepolitics/${managerId}/`)
  expect(response.statusCode, response.body).toBe(200)
  expect(pricePolicyResponseSchema.parse(response.json())).toEqual({ id: managerId, policy: expected })
}

/** The catalogue's first page for a session, every catalogue, by id order of the products. */
async function cataloguePage(session: string, extra: Record<string, unknown> = {}) {
  const response = await post('/api/filter/', { contract, catalog: '-1', perpage: 20, ...extra }, session)
  expect(response.statusCode, response.body).toBe(200)
  return filterResponseSchema.parse(response.json())
}

const priceById = (products: readonly CatalogueProduct[]) => new Map(products.map((product) => [product.id, product]))

async function card(session: string, id: number) {
  const response = await get(`/api/product/${id}/?contract=${contract}`, session)
  expect(response.statusCode, response.body).toBe(200)
  return productResponseSchema.parse(response.json()).product
}

beforeAll(async () => {
  fixture = await startServer({ products: 60 })
  mainCookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  otherCompanyCookie = await loginAs(fixture, 'mainAccount', 1)
  managerId = await userIdOf(fixture, demoLogin('manager').email)
  const grant = await k()
    .selectFrom('manager_contracts')
    .select('contract_id')
    .where('user_id', '=', managerId)
    .orderBy('contract_id')
    .executeTakeFirstOrThrow()
  contract = String(grant.contract_id)
})
afterAll(() => fixture?.close())

describe('pricepolitics: GET and POST with id (spec §7)', () => {
  it('a manager starts with the contract price', () => expectPolicy({ type: 'contract', markup: 0 }))

  it('sets each kind and reads it back; the markup counts only for the markup kind', async () => {
    for (const [body, expected] of [
      [
        { type: 'markup', markup: '12,5' },
        { type: 'markup', markup: 12.5 },
      ],
      [
        { type: 'rrc', markup: 30 },
        { type: 'rrc', markup: 0 },
      ],
      [
        { type: 'markup', markup: 0 },
        { type: 'markup', markup: 0 },
      ],
      [{ type: 'contract' }, { type: 'contract', markup: 0 }],
    ] as const) {
      const response = await setPolicy(body)
      expect(response.statusCode, response.body).toBe(200)
      expect(pricePolicyResponseSchema.parse(response.json()).policy).toEqual(expected)
      await expectPolicy(expected)
    }
  })

  it('refuses a bad markup or kind with 400 and a clear message, and changes nothing', async () => {
    await setPolicy({ type: 'markup', markup: 7 })
    for (const body of [
      { type: 'markup', markup: -1 },
      { type: 'markup', markup: '1000,01' },
      { type: 'markup', markup: 1.234 },
      { type: 'markup', markup: 'десять' },
      { type: 'markup', markup: null },
    ]) {
      const response = await setPolicy(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json()).toEqual({ message: PRICE_POLICY_MESSAGES.badMarkup })
    }
    for (const body of [{ type: 'cheap' }, {}]) {
      const response = await setPolicy(body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json()).toEqual({ message: PRICE_POLICY_MESSAGES.badType })
    }
    expect((await setPolicy([] as unknown as Record<string, unknown>)).statusCode).toBe(400)
    expect((await get('/api/pricepolitics/abc/')).statusCode).toBe(400)
    await expectPolicy({ type: 'markup', markup: 7 })
    await setPolicy({ type: 'contract' })
  })

  it('main account only: a manager gets 403, anonymous 401, the main account itself 403', async () => {
    for (const response of [await get(`/api/pricepolitics/${managerId}/`, managerCookie), await setPolicy({ type: 'rrc' }, managerCookie)]) {
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: sectionClosedMessage('managers') })
    }
    expect((await get(`/api/pricepolitics/${managerId}/`, null)).statusCode).toBe(401)
    const mainId = await userIdOf(fixture, demoLogin('mainAccount').email)
    expect((await get(`/api/pricepolitics/${mainId}/`)).statusCode).toBe(403)
    expect((await setPolicy({ type: 'rrc' }, mainCookie, mainId)).statusCode).toBe(403)
    await expectPolicy({ type: 'contract', markup: 0 })
  })

  it("another company's main account can neither read nor set it (404), and nothing changes", async () => {
    await setPolicy({ type: 'markup', markup: 5 })
    expect((await get(`/api/pricepolitics/${managerId}/`, otherCompanyCookie)).statusCode).toBe(404)
    expect((await setPolicy({ type: 'rrc' }, otherCompanyCookie)).statusCode).toBe(404)
    await expectPolicy({ type: 'markup', markup: 5 })
    await setPolicy({ type: 'contract' })
  })

  it('answers through the generic resource convention and its /rest/ alias too', async () => {
    const response = await post(`/rest/pricepolitics/${managerId}/`, { type: 'rrc' })
    expect(response.statusCode, response.body).toBe(200)
    await expectPolicy({ type: 'rrc', markup: 0 })
    await setPolicy({ type: 'contract' })
  })
})

describe('the server prices everything it sends the manager by its policy', () => {
  it('a 10 % markup: the catalogue, the price range and the card show price × 1.1; the main account keeps contract prices', async () => {
    // the main account asks first, so the same filter's outcome is cached when the manager asks
    const plain = await cataloguePage(mainCookie)
    expect((await setPolicy({ type: 'markup', markup: 10 })).statusCode).toBe(200)
    const marked = await cataloguePage(managerCookie)
    expect(marked.products.map((product) => product.id)).toEqual(plain.products.map((product) => product.id))
    const plainById = priceById(plain.products)
    for (const product of marked.products) {
      expect(product.price, product.articul).toBe(roundKopecks(plainById.get(product.id)!.price * 1.1))
      expect(product.price_rrc).toBe(plainById.get(product.id)!.price_rrc)
    }
    expect(marked.prices).toMatchObject({ min: roundKopecks(plain.prices.min * 1.1), max: roundKopecks(plain.prices.max * 1.1) })
    const first = marked.products[0]!
    expect((await card(managerCookie, first.id)).price).toBe(first.price)
    expect((await card(mainCookie, first.id)).price).toBe(plainById.get(first.id)!.price)
    // the main account's next answer is still the contract price
    expect(priceById((await cataloguePage(mainCookie)).products).get(first.id)!.price).toBe(plainById.get(first.id)!.price)
  })

  it("the manager's price bounds are on the prices it sees", async () => {
    await setPolicy({ type: 'markup', markup: 10 })
    const all = await cataloguePage(managerCookie, { sorting: { field: 'price', sort: 'asc' } })
    const third = all.products[2]!.price
    const bounded = await cataloguePage(managerCookie, { byprice: true, minprice: third, sorting: { field: 'price', sort: 'asc' } })
    expect(bounded.products[0]!.price).toBe(third)
    expect(bounded.products.every((product) => product.price >= third)).toBe(true)
    const plainBounded = await cataloguePage(mainCookie, { byprice: true, minprice: third, sorting: { field: 'price', sort: 'asc' } })
    expect(plainBounded.count).toBeLessThan(bounded.count)
  })

  it('the recommended price: the manager sees price_rrc as its price, sorted and bounded by it', async () => {
    await setPolicy({ type: 'rrc' })
    const page = await cataloguePage(managerCookie, { sorting: { field: 'price', sort: 'asc' } })
    for (const product of page.products) expect(product.price).toBe(product.price_rrc)
    const prices = page.products.map((product) => product.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(page.prices.min).toBe(prices[0])
    const byRrc = await cataloguePage(managerCookie, { sorting: { field: 'price_rrc', sort: 'desc' } })
    expect(page.prices.max).toBe(byRrc.products[0]!.price_rrc)
    expect((await card(managerCookie, page.products[0]!.id)).price).toBe(page.products[0]!.price_rrc)
  })

  it('a change applies on the very next request', async () => {
    await setPolicy({ type: 'markup', markup: 20 })
    const plain = priceById((await cataloguePage(mainCookie)).products)
    const at20 = await cataloguePage(managerCookie)
    for (const product of at20.products) expect(product.price).toBe(roundKopecks(plain.get(product.id)!.price * 1.2))
    await setPolicy({ type: 'contract' })
    const atContract = await cataloguePage(managerCookie)
    for (const product of atContract.products) expect(product.price).toBe(plain.get(product.id)!.price)
  })

  it('the basket (lines and totals) and the placed order are at the marked-up prices; the order keeps them after a change', async () => {
    await setPolicy({ type: 'markup', markup: 10 })
    const [a, b] = await stockedProducts(fixture, { min: 5, count: 2 })
    const plain = await card(mainCookie, a!.id)
    const plainB = await card(mainCookie, b!.id)
    for (const [id, qnt] of [
      [a!.id, 3],
      [b!.id, 1],
    ] as const) {
      const added = await post('/api/processBasket/', { id, qnt, wms: 1, contract }, managerCookie)
      expect(added.statusCode, added.body).toBe(200)
    }
    const unitA = roundKopecks(plain.price * 1.1)
    const unitB = roundKopecks(plainB.price * 1.1)
    const total = roundKopecks(roundKopecks(unitA * 3) + unitB)
    const basket = basketDataSchema.parse((await get(`/api/getBasketData/?contract=${contract}`, managerCookie)).json())
    const lines = Object.values(basket.products)
    expect(lines.find((line) => line.product.id === a!.id)).toMatchObject({ qnt: 3, sum: roundKopecks(unitA * 3), product: { price: unitA } })
    expect(basket.sum).toBe(total)
    const initdata = await get('/api/initdata/', managerCookie)
    expect(initdata.json<{ basket: { sum: number } }>().basket.sum).toBe(total)

    const placed = await post(
      '/api/placeOrder/',
      { contract, delivery: { method: '3', company: '1', type: 'terminal', region: '1' }, address_id: 1 },
      managerCookie,
    )
    expect(placed.statusCode, placed.body).toBe(200)
    const { order } = placeOrderResponseSchema.parse(placed.json())
    expect(order.sum).toBe(total)

    // the order keeps what the manager ordered at, whatever the policy becomes
    await setPolicy({ type: 'rrc' })
    const detail = orderDetailSchema.parse((await get(`/api/order/${order.id}/`, managerCookie)).json())
    expect(detail.lines.find((line) => line.product_id === a!.id)).toMatchObject({ price: unitA, qnt: 3 })
    expect(detail.order.sum).toBe(total)
    const list = await get(`/api/order/?contract=${contract}&dateselect=all`, managerCookie)
    expect(list.json<{ orders: { id: number; sum: number }[] }>().orders.find((row) => row.id === order.id)?.sum).toBe(total)
    // the main account sees the order as it was placed
    const mainDetail = orderDetailSchema.parse((await get(`/api/order/${order.id}/`)).json())
    expect(mainDetail.order.sum).toBe(total)
    await setPolicy({ type: 'contract' })
  })

  it("a failed save's message is the spec's, to the letter", () => expect(PRICE_POLICY_MESSAGES.failed).toBe(FAILED))
})
