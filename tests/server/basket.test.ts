import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { BASKET_MESSAGES, basketDataSchema, overStockErrorSchema, processBasketResponseSchema, type ProcessBasketRequest } from '../../src/contract/basket'
import { CATALOGUE_MESSAGES } from '../../src/contract/catalogue'
import { PRODUCT_MESSAGES } from '../../src/contract/product'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { basketLineQnt, sessionRequests, stockedProduct } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let userId: number

beforeAll(async () => {
  fixture = await startServer({ products: 120 })
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  userId = (await k().selectFrom('users').select('id').where('email', '=', demoLogin('mainAccount').email).executeTakeFirstOrThrow()).id
})
afterAll(() => fixture?.close())
// each test starts from an empty basket under contract 1
beforeEach(async () => {
  await k().deleteFrom('basket_lines').where('user_id', '=', userId).execute()
})

const k = () => fixture.db.kysely
const { post } = sessionRequests(
  () => fixture,
  () => cookie,
)
const add = (payload: ProcessBasketRequest, session?: string) => post('/api/processBasket/', { type: 'add', contract: '1', wms: 1, ...payload }, session)
const update = (payload: ProcessBasketRequest) => post('/api/processBasketUpdate/', { contract: '1', wms: 1, ...payload })

const stocked = (min: number, skip = 0) => stockedProduct(fixture, min, skip)

const lineQnt = (productId: number) => basketLineQnt(fixture, { userId, productId })

/** The summary recomputed from the rows: lines and Σ qnt × price × factor. */
async function expectedSummary() {
  const lines = await k()
    .selectFrom('basket_lines')
    .innerJoin('products', 'products.id', 'basket_lines.product_id')
    .innerJoin('contracts', 'contracts.id', 'basket_lines.contract_id')
    .select(['basket_lines.qnt', 'products.price', 'contracts.price_factor'])
    .where('basket_lines.user_id', '=', userId)
    .where('basket_lines.contract_id', '=', 1)
    .execute()
  const sum = lines.reduce((total, line) => total + line.qnt * line.price * line.price_factor, 0)
  return { count: lines.length, sum: Math.round(sum * 100) / 100 }
}

describe('POST /api/processBasket/ and /api/processBasketUpdate/', () => {
  it('refuses quantity 0 on add with the spec’s message', async () => {
    const { id } = await stocked(1)
    const response = await add({ id, qnt: 0 })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: BASKET_MESSAGES.zeroQuantity })
    expect((await add({ id, qnt: null as never })).json()).toEqual({ message: BASKET_MESSAGES.zeroQuantity })
  })

  it('adds to the line and answers the summary and the line', async () => {
    const a = await stocked(5)
    const b = await stocked(5, 1)
    const first = processBasketResponseSchema.parse((await add({ id: a.id, qnt: 2 })).json())
    expect(first.line).toMatchObject({ product_id: a.id, wms: 1, qnt: 2, contract: '1' })
    expect(first.basket).toEqual(await expectedSummary())
    const second = processBasketResponseSchema.parse((await add({ id: a.id, qnt: 3 })).json())
    expect(second.line?.qnt).toBe(5)
    expect(second.line?.id).toBe(first.line?.id)
    const third = processBasketResponseSchema.parse((await post('/api/processBasket/', { id: b.id, qnt: '1', wms: '1', contract: 1 })).json())
    expect(third.basket).toEqual(await expectedSummary())
    expect(third.basket.count).toBe(2)
  })

  it('refuses more than the warehouse’s stock with the exact message and what is still available', async () => {
    const { id, stock } = await stocked(3)
    const over = await add({ id, qnt: stock + 1 })
    expect(over.statusCode).toBe(409)
    expect(overStockErrorSchema.parse(over.json())).toEqual({ message: BASKET_MESSAGES.overStock, available: stock })
    expect(await lineQnt(id)).toBe(0)

    await add({ id, qnt: stock - 1 })
    const second = await add({ id, qnt: 2 })
    expect(second.statusCode).toBe(409)
    expect(second.json()).toEqual({ message: BASKET_MESSAGES.overStock, available: 1 })
    expect(await lineQnt(id)).toBe(stock - 1)

    const setOver = await update({ id, qnt: stock + 5 })
    expect(setOver.statusCode).toBe(409)
    expect(setOver.json()).toEqual({ message: BASKET_MESSAGES.overStock, available: stock })
    expect((await update({ id, qnt: stock })).statusCode).toBe(200)
    expect(await lineQnt(id)).toBe(stock)
  })

  it('refuses a product out of stock at the chosen warehouse', async () => {
    const empty = await k().selectFrom('stocks').select('product_id').where('quantity', '=', 0).where('warehouse_id', '=', 2).executeTakeFirstOrThrow()
    const response = await add({ id: empty.product_id, qnt: 1, wms: 2 })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: BASKET_MESSAGES.overStock, available: 0 })
  })

  it('sets the quantity on update and removes the line on update with 0', async () => {
    const { id } = await stocked(6)
    await add({ id, qnt: 2 })
    const set = processBasketResponseSchema.parse((await update({ id, qnt: 6 })).json())
    expect(set.line?.qnt).toBe(6)
    expect(set.basket).toEqual(await expectedSummary())
    const removed = processBasketResponseSchema.parse((await update({ id, qnt: 0 })).json())
    expect(removed.line).toBeNull()
    expect(removed.basket).toEqual({ count: 0, sum: 0 })
    expect(await lineQnt(id)).toBe(0)
    // processBasket with type 'update' is the same
    await add({ id, qnt: 1 })
    expect((await post('/api/processBasket/', { id, qnt: 0, type: 'update', contract: '1' })).json().line).toBeNull()
  })

  it('never lets concurrent adds push a line past the stock', async () => {
    const { id, stock } = await stocked(7)
    const step = Math.max(1, Math.floor(stock / 5))
    const attempts = Math.ceil(stock / step) + 6
    const responses = await Promise.all(Array.from({ length: attempts }, () => add({ id, qnt: step })))
    const accepted = responses.filter((r) => r.statusCode === 200).length
    const refused = responses.filter((r) => r.statusCode === 409)
    expect(accepted + refused.length).toBe(attempts)
    expect(accepted).toBe(Math.floor(stock / step))
    expect(await lineQnt(id)).toBe(accepted * step)
    expect(refused.every((r) => r.json().message === BASKET_MESSAGES.overStock)).toBe(true)
  })

  it('keeps concurrent updates and adds within the stock too', async () => {
    const { id, stock } = await stocked(4)
    const requests = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? update({ id, qnt: stock }) : add({ id, qnt: 1 })))
    await Promise.all(requests)
    expect(await lineQnt(id)).toBeLessThanOrEqual(stock)
  })

  it('enforces contracts, products and warehouses on the server', async () => {
    const { id } = await stocked(1)
    const forbidden = await add({ id, qnt: 1, contract: '3' }, managerCookie)
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    expect((await add({ id, qnt: 1, contract: '4' })).statusCode).toBe(403)
    const unknown = await add({ id: 999999, qnt: 1 })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: PRODUCT_MESSAGES.notFound })
    const warehouse = await add({ id, qnt: 1, wms: 9 })
    expect(warehouse.statusCode).toBe(400)
    expect(warehouse.json()).toEqual({ message: CATALOGUE_MESSAGES.unknownWarehouse })
    expect((await add({ id, qnt: 1 }, null as never)).statusCode).toBe(401)
  })

  it('answers 400 with a Russian message to malformed bodies', async () => {
    const outOfRange = [
      { id: 1, qnt: 1_000_001 },
      { id: 99_999_999_999, qnt: 1 },
      { id: 1, qnt: 1, contract: 'x' },
      { id: 1, qnt: 1, wms: 0 },
    ]
    for (const payload of [
      {},
      { qnt: 1 },
      { id: 1, qnt: -1 },
      { id: 1, qnt: 'abc' },
      { id: 1, qnt: 1.5 },
      { id: 1, qnt: 1, type: 'delete' },
      { id: 1, qnt: 1, wms: 'x' },
      [],
      ...outOfRange,
    ]) {
      for (const url of ['/api/processBasket/', '/api/processBasketUpdate/']) {
        const response = await post(url, payload)
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400)
        expect(response.json().message).toMatch(/[а-я]/i)
      }
    }
  })
})

describe('GET /api/getBasketData/', () => {
  it('answers the lines of the contract with their products at the contract’s prices', async () => {
    const a = await stocked(3)
    const b = await stocked(3, 1)
    await add({ id: a.id, qnt: 2 })
    await add({ id: b.id, qnt: 1 })
    await post('/api/processBasket/', { id: a.id, qnt: 1, wms: 1, contract: '2' })
    const response = await fixture.app.inject({ method: 'GET', url: '/api/getBasketData/?contract=1', headers: { cookie } })
    expect(response.statusCode, response.body).toBe(200)
    const data = basketDataSchema.parse(response.json())
    const lines = Object.values(data.products)
    expect(data.contract).toBe('1')
    expect(data.stats.count.products).toBe(2)
    expect(data.qnt).toBe(3)
    expect(data.region).toBe('1')
    expect(data.actualWms.map((w) => w.id)).toEqual([1])
    expect(lines.map((l) => [l.product.id, l.qnt, l.wms])).toEqual([
      [a.id, 2, 1],
      [b.id, 1, 1],
    ])
    const factor = (await k().selectFrom('contracts').select('price_factor').where('id', '=', 1).executeTakeFirstOrThrow()).price_factor
    for (const line of lines) {
      const base = (await k().selectFrom('products').select('price').where('id', '=', line.product.id).executeTakeFirstOrThrow()).price
      expect(line.product.price).toBe(Math.round(base * factor * 100) / 100)
      expect(line.sum).toBe(Math.round(line.product.price * line.qnt * 100) / 100)
    }
    expect(data.sum).toBe(Math.round(lines.reduce((total, l) => total + l.sum, 0) * 100) / 100)
  })

  it('refuses a contract the user may not use, a malformed one, and no session', async () => {
    expect((await fixture.app.inject({ method: 'GET', url: '/api/getBasketData/?contract=3', headers: { cookie: managerCookie } })).statusCode).toBe(403)
    expect((await fixture.app.inject({ method: 'GET', url: '/api/getBasketData/?contract=x', headers: { cookie } })).statusCode).toBe(400)
    expect((await fixture.app.inject({ method: 'GET', url: '/api/getBasketData/' })).statusCode).toBe(401)
  })
})
