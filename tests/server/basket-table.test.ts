import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { basketTableInitSchema, clearBasketResponseSchema, DELIVERY_DEFAULTS, DELIVERY_MESSAGES, warehouseDirectionSchema } from '../../src/contract/delivery'
import { productSetResponseSchema, type ProcessProductSetRequest } from '../../src/contract/product-set'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, stockedProducts } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let otherCompanyCookie: string
let userId: number

const k = () => fixture.db.kysely

beforeAll(async () => {
  fixture = await startServer({ products: 60 })
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  otherCompanyCookie = await loginAs(fixture, 'mainAccount', 1)
  userId = (await k().selectFrom('users').select('id').where('email', '=', demoLogin('mainAccount').email).executeTakeFirstOrThrow()).id
})
afterAll(() => fixture?.close())
beforeEach(async () => {
  await k().deleteFrom('basket_lines').where('user_id', '=', userId).execute()
})

const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)
const productSet = (payload: Partial<ProcessProductSetRequest>, session?: string) => post('/api/processProductSet/', { contract: '1', ...payload }, session)

const linesOf = (contractId: number) =>
  k()
    .selectFrom('basket_lines')
    .select(['product_id', 'warehouse_id', 'qnt'])
    .where('user_id', '=', userId)
    .where('contract_id', '=', contractId)
    .orderBy('product_id')
    .orderBy('warehouse_id')
    .execute()

/** Products with at least `min` units at the warehouse. */
async function stocked(count: number, min: number, warehouseId = 1) {
  const rows = (await stockedProducts(fixture, { count, min, warehouse: warehouseId })).map(({ id, stock }) => ({ id, quantity: stock }))
  expect(rows).toHaveLength(count)
  return rows
}

describe('GET /api/getBasketTableInit/', () => {
  it('offers the delivery methods, carriers and regions, and the company’s own addresses and consignees', async () => {
    const response = await get('/api/getBasketTableInit/')
    expect(response.statusCode, response.body).toBe(200)
    const init = basketTableInitSchema.parse(response.json())
    expect(init.delivery_methods.map((method) => [method.id, method.needsCompany, method.isPickup])).toEqual([
      ['1', false, true],
      ['2', false, false],
      ['3', true, false],
    ])
    expect(init.delivery_methods.find((method) => method.id === DELIVERY_DEFAULTS.method)?.header).toBe('Доставка транспортной компанией')
    expect(init.delivery_companies.map((company) => company.header)).toEqual(expect.arrayContaining(['ПЭК', 'Деловые Линии', 'СДЭК']))
    expect(init.regions[0]).toEqual({ id: DELIVERY_DEFAULTS.region, header: 'Москва и Московская область' })
    const own = await k().selectFrom('addresses').select(['id', 'full_address', 'postindex']).where('customer_id', '=', 1).orderBy('id').execute()
    expect(init.addresses).toEqual(own)
    expect(init.consignees.map((consignee) => consignee.surname)).toEqual(['Иванов', 'Петрова', 'Смирнов'])

    const other = basketTableInitSchema.parse((await get('/api/getBasketTableInit/', otherCompanyCookie)).json())
    expect(other.addresses.some((address) => own.some((mine) => mine.id === address.id))).toBe(false)
    expect(other.consignees.map((consignee) => consignee.surname)).toEqual(['Васильев', 'Морозова', 'Николаев'])
    expect((await get('/api/getBasketTableInit/', null)).statusCode).toBe(401)
  })
})

describe('POST /api/clearBasket/', () => {
  it('removes every line of the contract’s basket and no other', async () => {
    const [a, b] = await stocked(2, 2)
    for (const [contract, product] of [
      ['1', a],
      ['1', b],
      ['2', a],
    ] as const) {
      expect((await post('/api/processBasket/', { id: product?.id, qnt: 1, wms: 1, contract })).statusCode).toBe(200)
    }
    const response = await post('/api/clearBasket/', { contract: '1' })
    expect(response.statusCode, response.body).toBe(200)
    expect(clearBasketResponseSchema.parse(response.json())).toEqual({ basket: { count: 0, sum: 0 } })
    expect(await linesOf(1)).toEqual([])
    expect(await linesOf(2)).toHaveLength(1)
  })

  it('refuses another company’s contract, a manager’s foreign one, a malformed body and no session', async () => {
    const forbidden = await post('/api/clearBasket/', { contract: '4' })
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    expect((await post('/api/clearBasket/', { contract: '3' }, managerCookie)).statusCode).toBe(403)
    for (const payload of [{ contract: 'x' }, { contract: -1 }, []]) {
      const response = await post('/api/clearBasket/', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toMatch(/[а-я]/i)
    }
    expect((await post('/api/clearBasket/', { contract: '1' }, null)).statusCode).toBe(401)
  })
})

describe('POST /api/processProductSet/', () => {
  it('adds the products that fit and reports the others with what is free', async () => {
    const [a, b, c] = await stocked(3, 3)
    if (!a || !b || !c) throw new Error('no stock')
    await k().updateTable('stocks').set({ quantity: 2 }).where('product_id', '=', c.id).where('warehouse_id', '=', 1).execute()
    const response = await productSet({
      products: [
        { id: a.id, qnt: 2, wms: 1 },
        { id: b.id, qnt: '1' as never, wms: '1' as never },
        { id: c.id, qnt: 5, wms: 1 },
        { id: 999_999, qnt: 1, wms: 1 },
      ],
    })
    expect(response.statusCode, response.body).toBe(200)
    const answer = productSetResponseSchema.parse(response.json())
    expect(answer.count).toBe(2)
    expect(answer.basket.count).toBe(2)
    expect(answer.refused).toEqual([
      expect.objectContaining({ id: c.id, wms: 1, requested: 5, available: 2 }),
      { id: 999_999, wms: 1, header: '', articul: '', requested: 1, available: 0 },
    ])
    expect(answer.refused[0]?.header).not.toBe('')
    expect(await linesOf(1)).toEqual([
      { product_id: a.id, warehouse_id: 1, qnt: 2 },
      { product_id: b.id, warehouse_id: 1, qnt: 1 },
    ])
  })

  it('refuses an unknown warehouse before adding anything', async () => {
    const [a] = await stocked(1, 1)
    const response = await productSet({
      products: [
        { id: a?.id ?? 1, qnt: 1, wms: 1 },
        { id: a?.id ?? 1, qnt: 1, wms: 9 },
      ],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: DELIVERY_MESSAGES.warehouseNotFound })
    expect(await linesOf(1)).toEqual([])
  })

  it('refuses malformed sets, foreign contracts and no session', async () => {
    const malformed = [
      { products: [] },
      { products: [{ id: 1, qnt: 0 }] },
      { products: [{ id: 'x', qnt: 1 }] },
      { products: 'x' },
      {},
      { products: [{ id: 1, qnt: 1, wms: 0 }] },
    ]
    for (const payload of malformed) {
      const response = await productSet(payload as never)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toMatch(/[а-я]/i)
    }
    expect((await productSet({ contract: '4', products: [{ id: 1, qnt: 1 }] })).statusCode).toBe(403)
    expect((await productSet({ contract: '3', products: [{ id: 1, qnt: 1 }] }, managerCookie)).statusCode).toBe(403)
    expect((await post('/api/processProductSet/', { products: [{ id: 1, qnt: 1 }] }, null)).statusCode).toBe(401)
    expect(await linesOf(1)).toEqual([])
  })
})

describe('the warehouse’s way (GET /api/warehouse/:id/, its map picture and /tpl/direction.html)', () => {
  it('answers the address, the hours and the map picture’s address', async () => {
    const response = await get('/api/warehouse/1/')
    expect(response.statusCode, response.body).toBe(200)
    const warehouse = warehouseDirectionSchema.parse(response.json())
    expect(warehouse).toMatchObject({ id: 1, schedule: 'Пн–Пт 9:00–18:00, Сб 10:00–15:00', map: '/pictures/warehouse-map/1.svg' })
    expect(warehouse.address).toContain('Южные ворота')
    const unknown = await get('/api/warehouse/99/')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'Такого склада нет' })
    expect((await get('/api/warehouse/abc/')).statusCode).toBe(400)
    expect((await get('/api/warehouse/1/', null)).statusCode).toBe(401)
  })

  it('draws the map as an SVG with the address, the same for the same warehouse', async () => {
    const response = await get('/pictures/warehouse-map/2.svg')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(response.body).toMatch(/^<\?xml[^>]*>\s*<svg /)
    expect(response.body).toContain('Московское ш., д. 70')
    expect(response.body).toContain('Пн–Пт 8:00–17:00')
    expect((await get('/pictures/warehouse-map/2.svg')).body).toBe(response.body)
    expect((await get('/pictures/warehouse-map/3.svg')).body).not.toBe(response.body)
    expect((await get('/pictures/warehouse-map/99.svg')).statusCode).toBe(404)
    expect((await get('/pictures/warehouse-map/x.svg')).statusCode).toBe(400)
    expect((await get('/pictures/warehouse-map/2.svg', null)).statusCode).toBe(401)
  })

  it('serves the modal’s HTML fragment, every text escaped', async () => {
    const fragment = await get('/tpl/direction.html?id=1')
    expect(fragment.statusCode).toBe(200)
    expect(fragment.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(fragment.body).toContain('Склад Москва (Южные ворота)')
    expect(fragment.body).toContain('Пн–Пт 9:00–18:00, Сб 10:00–15:00')
    expect(fragment.body).toContain('<img class="direction__map" src="/pictures/warehouse-map/1.svg"')
    expect((await get('/tpl/direction.html?id=99')).statusCode).toBe(404)
    expect((await get('/tpl/direction.html')).statusCode).toBe(400)

    const hostile = '<script>alert("x")</script> & \'Склад\''
    await k().updateTable('warehouses').set({ header: hostile, address: hostile, schedule: hostile }).where('id', '=', 3).execute()
    try {
      for (const url of ['/tpl/direction.html?id=3', '/pictures/warehouse-map/3.svg']) {
        const body = (await get(url)).body
        expect(body, url).not.toContain('<script>')
        expect(body, url).not.toContain('"x"')
        expect(body, url).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;Склад&#39;')
      }
    } finally {
      await k().updateTable('warehouses').set({ header: 'Склад Екатеринбург' }).where('id', '=', 3).execute()
    }
  })
})
