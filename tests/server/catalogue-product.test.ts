import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { filterResponseSchema } from '../../src/contract/filter-answer'
import { PRODUCT_MESSAGES, TAB_HEADERS, bindsResponseSchema, needResponseSchema, productResponseSchema, wishResponseSchema } from '../../src/contract/product'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, userIdOf as userIdIn } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let managerCookie: string

beforeAll(async () => {
  fixture = await startServer({ products: 200 })
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
})
afterAll(() => fixture?.close())

const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)

const k = () => fixture.db.kysely
const productRow = (id: number) => k().selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const factorOf = async (contractId: number) =>
  (await k().selectFrom('contracts').select('price_factor').where('id', '=', contractId).executeTakeFirstOrThrow()).price_factor

describe('GET /api/product/{id}/ and /ajax/getproduct/?id=', () => {
  it('answers the card: contract price, every warehouse’s stock, gallery, params, tags and tabs', async () => {
    const id = 7
    const response = await get(`/api/product/${id}/?contract=2&warehouse=2`)
    expect(response.statusCode, response.body).toBe(200)
    const { product } = productResponseSchema.parse(response.json())
    const row = await productRow(id)
    expect(product.id).toBe(id)
    expect(product.header).toBe(row.header)
    expect(product.contract).toBe('2')
    expect(product.price).toBe(Math.round(row.price * (await factorOf(2)) * 100) / 100)
    const stocks = await k()
      .selectFrom('stocks')
      .select(['warehouse_id as wms_id', 'quantity'])
      .where('product_id', '=', id)
      .orderBy('warehouse_id')
      .execute()
    expect(product.stocks).toEqual(stocks)
    expect(product.wms_id).toBe(2)
    expect(product.quantity).toBe(stocks.find((s) => s.wms_id === 2)?.quantity)
    const pictures = await k().selectFrom('pictures').select('id').where('product_id', '=', id).orderBy('sort').orderBy('id').execute()
    expect(product.pictures).toEqual(pictures.map((p) => p.id))
    expect(product.picture).toBe(pictures[0]?.id)
    const params = await k().selectFrom('product_params').select(['param_id', 'value']).where('product_id', '=', id).orderBy('param_id').execute()
    expect(product.params.map((p) => [p.id, p.value])).toEqual(params.map((p) => [p.param_id, p.value]))
    expect(product.description).toBe(row.description)
    // spec §3: groups of items, each with an id, an async flag and data (null until loaded)
    expect(product.tabs.map((group) => group.id)).toEqual(['details'])
    expect(product.tabs[0]?.items.map((tab) => [tab.id, tab.async, tab.header, tab.async ? tab.data : 'inline'])).toEqual([
      ['params', false, TAB_HEADERS.params, 'inline'],
      ['description', false, TAB_HEADERS.description, 'inline'],
      ['stocks', true, TAB_HEADERS.stocks, null],
      ['analogs', true, TAB_HEADERS.analogs, null],
    ])

    const popup = await get(`/ajax/getproduct/?id=${id}&contract=2&warehouse=2`)
    expect(popup.statusCode).toBe(200)
    expect(productResponseSchema.parse(popup.json())).toEqual({ product })
  })

  it('uses the selected contract when none is named', async () => {
    const { selectedContract } = (await get('/api/initdata/')).json() as { selectedContract: string }
    const { product } = productResponseSchema.parse((await get('/api/product/3/')).json())
    expect(product.contract).toBe(selectedContract)
    expect(product.wms_id).toBe(1)
  })

  it('answers 404 to an unknown product, 400 to malformed ids, 403 to a contract not granted, 401 without a session', async () => {
    for (const url of ['/api/product/999999/', '/ajax/getproduct/?id=999999']) {
      const response = await get(url)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: PRODUCT_MESSAGES.notFound })
    }
    for (const url of [
      '/api/product/abc/',
      '/api/product/-1/',
      '/api/product/1/?warehouse=x',
      '/ajax/getproduct/',
      '/ajax/getproduct/?id=1.5',
      '/api/product/1/?contract=abc',
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(400)
      expect(response.json().message).toMatch(/[а-я]/i)
    }
    expect((await get('/api/product/1/?warehouse=9')).statusCode).toBe(400)
    const forbidden = await get('/api/product/1/?contract=3', managerCookie)
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    expect((await get('/api/product/1/', null)).statusCode).toBe(401)
    expect((await get('/ajax/getproduct/?id=1', null)).statusCode).toBe(401)
  })
})

describe('POST /api/binds/', () => {
  it('answers the async tabs’ data for each product asked for', async () => {
    const response = await post('/api/binds/', [
      { id: 10, bindIds: ['stocks', 'analogs'] },
      { id: 11, bindIds: ['stocks'], contract: '2' },
    ])
    expect(response.statusCode, response.body).toBe(200)
    const answers = bindsResponseSchema.parse(response.json())
    expect(answers.map((a) => a.id)).toEqual([10, 11])
    const warehouses = await k().selectFrom('warehouses').select(['id', 'header']).orderBy('id').execute()
    const stocks = await k().selectFrom('stocks').select(['warehouse_id', 'quantity']).where('product_id', '=', 10).execute()
    expect(answers[0]?.data.stocks).toEqual(
      warehouses.map((w) => ({ wms_id: w.id, header: w.header, quantity: stocks.find((s) => s.warehouse_id === w.id)?.quantity ?? 0 })),
    )
    expect(answers[1]?.data.analogs).toBeUndefined()

    const self = await productRow(10)
    const analogs = answers[0]?.data.analogs ?? []
    expect(analogs.length).toBeGreaterThan(0)
    expect(analogs.length).toBeLessThanOrEqual(8)
    expect(analogs.some((a) => a.id === 10)).toBe(false)
    const rows = await k()
      .selectFrom('products')
      .select(['id', 'category_id', 'brand_id'])
      .where(
        'id',
        'in',
        analogs.map((a) => a.id),
      )
      .execute()
    expect(rows.every((r) => r.category_id === self.category_id)).toBe(true)
    // the same brand first
    const sameBrand = analogs.map((a) => rows.find((r) => r.id === a.id)?.brand_id === self.brand_id)
    expect(sameBrand).toEqual([...sameBrand].sort((a, b) => Number(b) - Number(a)))
  })

  it('answers 404 to an unknown product and 400 to malformed bodies', async () => {
    const unknown = await post('/api/binds/', [{ id: 999999, bindIds: ['stocks'] }])
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: PRODUCT_MESSAGES.notFound })
    for (const payload of [{}, [], [{ id: 1 }], [{ id: 1, bindIds: ['params'] }], [{ id: 'x', bindIds: ['stocks'] }], [{ id: 1, bindIds: [] }], 'x']) {
      const response = await post('/api/binds/', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
    }
    expect((await post('/api/binds/', [{ id: 1, bindIds: ['stocks'] }], null)).statusCode).toBe(401)
  })
})

describe('wish and need', () => {
  const inList = async (id: number) => {
    const filter = filterResponseSchema.parse((await post('/api/filter/', { catalog: '-1', perpage: 100, sorting: { field: 'price', sort: 'asc' } })).json())
    const fromCard = productResponseSchema.parse((await get(`/api/product/${id}/`)).json()).product
    const listed = filter.products.find((p) => p.id === id)
    if (listed) expect([listed.inwish, listed.need]).toEqual([fromCard.inwish, fromCard.need])
    return fromCard
  }

  it('sets and unsets the wish mark, idempotently', async () => {
    const id = (await k().selectFrom('products').select('id').orderBy('price').executeTakeFirstOrThrow()).id
    await post('/api/unsetWish/', { id })
    expect((await inList(id)).inwish).toBe(false)
    for (let i = 0; i < 2; i += 1) {
      const response = await post('/api/setWish/', { id })
      expect(wishResponseSchema.parse(response.json())).toEqual({ inwish: true })
    }
    expect((await inList(id)).inwish).toBe(true)
    expect(wishResponseSchema.parse((await post('/api/unsetWish/', { id: String(id) })).json())).toEqual({ inwish: false })
    expect((await inList(id)).inwish).toBe(false)
  })

  it('sets, changes and unsets the need, per user', async () => {
    const id = 5
    expect(needResponseSchema.parse((await post('/api/setNeed/', { id, need: 4 })).json())).toEqual({ need: 4 })
    expect((await inList(id)).need).toBe(4)
    expect((await post('/api/setNeed/', { id, need: '6' })).json()).toEqual({ need: 6 })
    expect((await post('/api/setNeed/', { id })).json()).toEqual({ need: 1 })
    const managerCard = productResponseSchema.parse((await get(`/api/product/${id}/`, managerCookie)).json()).product
    const managerNeed = await k()
      .selectFrom('needs')
      .select('need')
      .where('user_id', '=', await userIdIn(fixture, demoLogin('manager').email))
      .where('product_id', '=', id)
      .executeTakeFirst()
    expect(managerCard.need).toBe(managerNeed?.need ?? 0)
    expect((await post('/api/unsetNeed/', { id, need: 0 })).json()).toEqual({ need: 0 })
    expect((await inList(id)).need).toBe(0)
  })

  it('refuses unknown products, malformed bodies and missing sessions', async () => {
    for (const url of ['/api/setWish/', '/api/setNeed/']) {
      const response = await post(url, { id: 999999 })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: PRODUCT_MESSAGES.notFound })
    }
    for (const [url, payload] of [
      ['/api/setWish/', {}],
      ['/api/setWish/', { id: 'x' }],
      ['/api/unsetWish/', { id: -2 }],
      ['/api/setNeed/', { id: 1, need: 0 }],
      ['/api/setNeed/', { id: 1, need: 'много' }],
      ['/api/unsetNeed/', {}],
    ] as const) {
      const response = await post(url, payload)
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400)
      expect(response.json().message).toMatch(/[а-я]/i)
    }
    for (const url of ['/api/setWish/', '/api/unsetWish/', '/api/setNeed/', '/api/unsetNeed/']) {
      expect((await post(url, { id: 1 }, null)).statusCode).toBe(401)
    }
  })
})
