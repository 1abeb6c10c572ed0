import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ORDER_MESSAGES, orderCancelledResponseSchema, orderDetailSchema, orderRepeatedResponseSchema } from '../../src/contract/order-actions'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, stockedProducts, userIdOf } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let otherCompanyCookie: string
let userId: number
let managerId: number
let customerId: number

const k = () => fixture.db.kysely
const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)
const orderAction = (body: unknown, session?: string) => post('/api/order/', body, session)
const TO_MOSCOW = { delivery: { method: '3', company: '1', type: 'terminal', region: '1' }, address_id: 1 } as const

beforeAll(async () => {
  fixture = await startServer({ products: 80 })
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  otherCompanyCookie = await loginAs(fixture, 'mainAccount', 1)
  userId = await userIdOf(fixture, demoLogin('mainAccount').email)
  managerId = await userIdOf(fixture, demoLogin('manager').email)
  customerId = (await k().selectFrom('users').select('customer_id').where('id', '=', userId).executeTakeFirstOrThrow()).customer_id
})
afterAll(() => fixture?.close())
beforeEach(async () => {
  await k().deleteFrom('basket_lines').where('user_id', 'in', [userId, managerId]).execute()
})

const stockOf = async (productId: number, warehouseId = 1) =>
  (await k().selectFrom('stocks').select('quantity').where('product_id', '=', productId).where('warehouse_id', '=', warehouseId).executeTakeFirstOrThrow())
    .quantity

/** Places an order of `qnt` units of each product (warehouse 1, contract 1) through the basket, as the dealer does. */
async function placedOrder(products: { id: number }[], qnt: number): Promise<number> {
  for (const product of products) {
    const added = await post('/api/processBasket/', { id: product.id, qnt, wms: 1, type: 'add', contract: '1' })
    expect(added.statusCode, added.body).toBe(200)
  }
  const placed = await post('/api/placeOrder/', { contract: '1', ...TO_MOSCOW })
  expect(placed.statusCode, placed.body).toBe(200)
  return (placed.json() as { order: { id: number } }).order.id
}

/** A seeded order of the demo company in the given state, under the given contract when named. */
async function seededOrder(state: number, contractId?: number): Promise<number> {
  let query = k().selectFrom('orders').select('id').where('customer_id', '=', customerId).where('state', '=', state).where('delivery_method', 'is', null)
  if (contractId !== undefined) query = query.where('contract_id', '=', contractId)
  const row = await query.orderBy('id').executeTakeFirst()
  if (row) return row.id
  // the history is random: make one when it has none
  const any = await k().selectFrom('orders').select('id').where('customer_id', '=', customerId).orderBy('id').executeTakeFirstOrThrow()
  const update = contractId === undefined ? { state } : { state, contract_id: contractId }
  await k().updateTable('orders').set(update).where('id', '=', any.id).execute()
  return any.id
}

async function managerContracts(): Promise<{ granted: number; other: number }> {
  const granted = (await k().selectFrom('manager_contracts').select('contract_id').where('user_id', '=', managerId).execute()).map((row) => row.contract_id)
  const own = (await k().selectFrom('contracts').select('id').where('customer_id', '=', customerId).orderBy('id').execute()).map((row) => row.id)
  const other = own.find((id) => !granted.includes(id))
  if (granted.length === 0 || other === undefined) throw new Error('the seed gives the manager some of the contracts')
  return { granted: granted[0]!, other }
}

describe('GET /api/order/{id}/', () => {
  it('answers the order, its delivery and its lines with product, warehouse, quantity, price and sum', async () => {
    const products = await stockedProducts(fixture, { min: 5, count: 2 })
    const id = await placedOrder(products, 2)
    await k().updateTable('orders').set({ comment: 'Разгрузка силами получателя' }).where('id', '=', id).execute()
    const response = await get(`/api/order/${id}/`)
    expect(response.statusCode, response.body).toBe(200)
    const detail = orderDetailSchema.parse(response.json())
    expect(detail.order).toMatchObject({ id, state: 1, contract: '1', count: 2 })
    expect(detail.comment).toBe('Разгрузка силами получателя')
    expect(detail.delivery).toMatchObject({ method: 'Доставка транспортной компанией', company: 'ПЭК', region: 'Москва и Московская область' })
    expect(detail.delivery.address).not.toBe('')
    expect(detail.lines.map((line) => [line.product_id, line.wms, line.qnt])).toEqual(products.map((product) => [product.id, 1, 2]))
    for (const line of detail.lines) {
      expect(line.header).not.toBe('')
      expect(line.articul).not.toBe('')
      expect(line.warehouse).not.toBe('')
      expect(line.sum).toBeCloseTo(line.price * 2, 2)
    }
  })

  it('is 404 for another company, for a manager outside its contracts, and for no such order; 400 for a bad id', async () => {
    const { granted, other } = await managerContracts()
    const outside = await seededOrder(3, other)
    const inside = await seededOrder(3, granted)
    expect((await get(`/api/order/${outside}/`, otherCompanyCookie)).json()).toEqual({ message: ORDER_MESSAGES.notFound })
    expect((await get(`/api/order/${outside}/`, managerCookie)).statusCode).toBe(404)
    expect((await get(`/api/order/${inside}/`, managerCookie)).statusCode).toBe(200)
    expect((await get('/api/order/99999999/')).statusCode).toBe(404)
    expect((await get('/api/order/abc/')).statusCode).toBe(400)
    expect((await get(`/api/order/${inside}/`, null)).statusCode).toBe(401)
  })
})

describe('POST /api/order/ {action: cancel}', () => {
  it('cancels a new order: state 4 with a status naming the comment, and the reserved stock goes back', async () => {
    const [product] = await stockedProducts(fixture, { min: 10 })
    const before = await stockOf(product!.id)
    const id = await placedOrder([product!], 3)
    expect(await stockOf(product!.id)).toBe(before - 3)
    const response = await orderAction({ id, action: 'cancel', cancelComment: '  дубль заказа ' })
    expect(response.statusCode, response.body).toBe(200)
    const { order } = orderCancelledResponseSchema.parse(response.json())
    expect(order).toMatchObject({ id, state: 4, contract: '1', count: 1 })
    expect(order.status).toMatch(/^Отменён \d{2}\.\d{2}\.\d{4}: дубль заказа$/)
    expect(await stockOf(product!.id)).toBe(before)
    // a second cancel is refused and gives nothing back twice
    const again = await orderAction({ id, action: 'cancel' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: ORDER_MESSAGES.cannotCancel('Отменён') })
    expect(await stockOf(product!.id)).toBe(before)
  })

  it('cancels an imported order awaiting payment without touching the stock, naming no comment', async () => {
    const id = await seededOrder(10)
    const lines = await k().selectFrom('order_lines').select(['product_id', 'warehouse_id']).where('order_id', '=', id).execute()
    const stocks = await Promise.all(lines.map((line) => stockOf(line.product_id, line.warehouse_id)))
    const response = await orderAction({ id, action: 'cancel' })
    expect(response.statusCode, response.body).toBe(200)
    expect(orderCancelledResponseSchema.parse(response.json()).order.status).toMatch(/: по просьбе клиента$/)
    expect(await Promise.all(lines.map((line) => stockOf(line.product_id, line.warehouse_id)))).toEqual(stocks)
  })

  it.each([
    [3, 'Отгружен'],
    [5, 'Собран'],
  ])('refuses an order in state %i with 409 «%s»', async (state, header) => {
    const id = await seededOrder(state)
    const response = await orderAction({ id, action: 'cancel' })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: `Заказ в состоянии «${header}» отменить нельзя` })
    expect((await k().selectFrom('orders').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe(state)
  })

  it('is 404 for another company and for a manager outside its contracts; the order stays', async () => {
    const { other } = await managerContracts()
    const id = await seededOrder(2, other)
    expect((await orderAction({ id, action: 'cancel' }, otherCompanyCookie)).statusCode).toBe(404)
    expect((await orderAction({ id, action: 'cancel' }, managerCookie)).json()).toEqual({ message: ORDER_MESSAGES.notFound })
    expect((await k().selectFrom('orders').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe(2)
  })

  it.each([
    [{}],
    [{ id: 1 }],
    [{ id: 1, action: 'delete' }],
    [{ id: 'x', action: 'cancel' }],
    [{ id: -3, action: 'cancel' }],
    [{ id: 1, action: 'cancel', cancelComment: 'а'.repeat(501) }],
    [{ id: 1, action: 'cancel', cancelComment: 5 }],
    [[1, 'cancel']],
  ])('answers 400 with a Russian message to %j', async (body) => {
    const response = await orderAction(body)
    expect(response.statusCode, response.body).toBe(400)
    expect((response.json() as { message: string }).message).toMatch(/[а-яё]/i)
  })
})

describe('POST /api/order/ {action: repeat}', () => {
  it("adds every line still in stock into the basket of the order's contract, at most the stock, and names the short lines", async () => {
    const products = await stockedProducts(fixture, { min: 10, count: 3, skip: 5 })
    const id = await placedOrder(products, 4)
    await k().updateTable('stocks').set({ quantity: 2 }).where('product_id', '=', products[1]!.id).where('warehouse_id', '=', 1).execute()
    await k().updateTable('stocks').set({ quantity: 0 }).where('product_id', '=', products[2]!.id).where('warehouse_id', '=', 1).execute()
    const response = await orderAction({ id, action: 'repeat' })
    expect(response.statusCode, response.body).toBe(200)
    const answer = orderRepeatedResponseSchema.parse(response.json())
    expect(answer.count).toBe(2)
    expect(answer.refused).toEqual([
      expect.objectContaining({ id: products[1]!.id, wms: 1, requested: 4, available: 2 }),
      expect.objectContaining({ id: products[2]!.id, wms: 1, requested: 4, available: 0 }),
    ])
    const basket = await k().selectFrom('basket_lines').select(['product_id', 'qnt', 'contract_id']).where('user_id', '=', userId).orderBy('id').execute()
    expect(basket).toEqual([
      { product_id: products[0]!.id, qnt: 4, contract_id: 1 },
      { product_id: products[1]!.id, qnt: 2, contract_id: 1 },
    ])
    expect(answer.basket.count).toBe(2)
  })

  it('adds what is free beyond the basket when the basket already holds the product, and says what was short', async () => {
    const [held, whole] = await stockedProducts(fixture, { min: 10, count: 2, skip: 8 })
    const id = await placedOrder([held!, whole!], 3)
    // 5 in stock, 3 of them already in the basket: 2 are free for a line asking 3
    await k().updateTable('stocks').set({ quantity: 5 }).where('product_id', '=', held!.id).where('warehouse_id', '=', 1).execute()
    expect((await post('/api/processBasket/', { id: held!.id, qnt: 3, wms: 1, type: 'add', contract: '1' })).statusCode).toBe(200)
    const answer = orderRepeatedResponseSchema.parse((await orderAction({ id, action: 'repeat' })).json())
    expect(answer.count).toBe(2)
    expect(answer.refused).toEqual([expect.objectContaining({ id: held!.id, wms: 1, requested: 3, available: 2 })])
    expect(answer.refused[0]!.header).not.toBe('')
    const basket = await k().selectFrom('basket_lines').select(['product_id', 'qnt']).where('user_id', '=', userId).orderBy('id').execute()
    expect(basket).toEqual([
      { product_id: held!.id, qnt: 5 },
      { product_id: whole!.id, qnt: 3 },
    ])
    expect(answer.basket.count).toBe(2)

    // again: the basket holds all the free stock of the first and 3 of the second
    const again = orderRepeatedResponseSchema.parse((await orderAction({ id, action: 'repeat' })).json())
    expect(again.count).toBe(1)
    expect(again.refused).toEqual([expect.objectContaining({ id: held!.id, requested: 3, available: 0 })])
    expect(await k().selectFrom('basket_lines').select('qnt').where('user_id', '=', userId).where('product_id', '=', held!.id).execute()).toEqual([
      { qnt: 5 },
    ])
  })

  it('answers count 0 when nothing of the order is in stock', async () => {
    const [product] = await stockedProducts(fixture, { min: 3, skip: 12 })
    const id = await placedOrder([product!], 1)
    await k().updateTable('stocks').set({ quantity: 0 }).where('product_id', '=', product!.id).where('warehouse_id', '=', 1).execute()
    const answer = orderRepeatedResponseSchema.parse((await orderAction({ id, action: 'repeat' })).json())
    expect(answer.count).toBe(0)
    expect(answer.refused).toHaveLength(1)
    expect(await k().selectFrom('basket_lines').select('id').where('user_id', '=', userId).execute()).toEqual([])
  })

  it('is 404 for another company and for a manager outside its contracts; nothing is added', async () => {
    const { other } = await managerContracts()
    const id = await seededOrder(3, other)
    expect((await orderAction({ id, action: 'repeat' }, otherCompanyCookie)).statusCode).toBe(404)
    expect((await orderAction({ id, action: 'repeat' }, managerCookie)).statusCode).toBe(404)
    expect(await k().selectFrom('basket_lines').select('id').where('user_id', '=', managerId).execute()).toEqual([])
  })
})
