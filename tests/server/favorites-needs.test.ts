import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { CATALOGUE_MESSAGES } from '../../src/contract/catalogue'
import { MARKED_PER_PAGE, NEED_LIMITS, markedGoodsResponseSchema, type MarkedList } from '../../src/contract/favorites'
import { needRequestSchema } from '../../src/contract/product'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, userIdOf } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let otherCompanyCookie: string
let managerId: number
let otherId: number

const k = () => fixture.db.kysely
const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)

const listOf = async (list: MarkedList, query = '', session?: string) => {
  const response = await get(`/api/${list}/${query}`, session)
  expect(response.statusCode, response.body).toBe(200)
  return markedGoodsResponseSchema.parse(response.json())
}

/** Product ids in name order, as the lists sort them. */
const idsByName = async (count: number, skip = 0) =>
  (await k().selectFrom('products').select('id').orderBy('header').orderBy('id').limit(count).offset(skip).execute()).map((row) => row.id)

const wishRows = (user = managerId) => k().selectFrom('wishes').select('product_id').where('user_id', '=', user).orderBy('product_id').execute()
const needRows = (user = managerId) => k().selectFrom('needs').select(['product_id', 'need']).where('user_id', '=', user).orderBy('product_id').execute()

async function mark(path: string, body: object, session?: string) {
  const response = await post(path, body, session)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as unknown
}

beforeAll(async () => {
  fixture = await startServer({ products: 120 })
  // the manager of ООО «СтройМаркет»: contracts 1 and 2 of the company's three
  cookie = await loginAs(fixture, 'manager')
  otherCompanyCookie = await loginAs(fixture, 'mainAccount', 1)
  managerId = await userIdOf(fixture, demoLogin('manager').email)
  otherId = await userIdOf(fixture, demoLogin('mainAccount', 1).email)
})
afterAll(() => fixture?.close())
beforeEach(async () => {
  await k().deleteFrom('wishes').where('user_id', '=', managerId).execute()
  await k().deleteFrom('needs').where('user_id', '=', managerId).execute()
})

describe('GET /api/favorites/ and /api/needs/', () => {
  it('lists only the user’s own marks, by name, 20 a page, with the page count', async () => {
    const ids = await idsByName(23)
    // out of order on purpose: the list sorts by name
    for (const id of [...ids].reverse()) await mark('/api/setWish/', { id })
    const first = await listOf('favorites')
    expect(first.goods.map((product) => product.id)).toEqual(ids.slice(0, 20))
    expect(first.count).toBe(23)
    expect(first.pagination).toEqual({ page: 1, perpage: MARKED_PER_PAGE.favorites, pages: 2 })
    expect(first.goods.every((product) => product.inwish)).toBe(true)
    const second = await listOf('favorites', '?page=2')
    expect(second.goods.map((product) => product.id)).toEqual(ids.slice(20))
    expect((await listOf('favorites', '?page=3')).goods).toEqual([])
    expect((await listOf('favorites', '?page=1&perpage=5')).pagination).toEqual({ page: 1, perpage: 5, pages: 5 })

    // the other company's dealer has its own (seeded) wishes, none of these
    const other = await listOf('favorites', '?perpage=100', otherCompanyCookie)
    const otherWishes = (await wishRows(otherId)).map((row) => row.product_id)
    expect(other.goods.map((product) => product.id).sort((a, b) => a - b)).toEqual(otherWishes)
    expect(other.count).toBe(otherWishes.length)
    // and the manager's needs list is empty
    const needs = await listOf('needs')
    expect(needs).toMatchObject({ goods: [], count: 0, pagination: { page: 1, perpage: MARKED_PER_PAGE.needs, pages: 0 } })
  })

  it('carries the need quantity, the contract’s prices and the stock at the warehouse and at each one', async () => {
    const [a, b] = await idsByName(2, 30)
    await mark('/api/setNeed/', { id: a, need: 7 })
    await mark('/api/setNeed/', { id: b, need: 50 })
    const contracts = await k().selectFrom('contracts').select(['id', 'price_factor']).where('id', 'in', [1, 2]).orderBy('id').execute()
    for (const contract of contracts) {
      for (const warehouse of [1, 2]) {
        const page = await listOf('needs', `?contract=${contract.id}&warehouse=${warehouse}`)
        expect(page.contract).toBe(String(contract.id))
        expect(page.warehouse).toBe(warehouse)
        expect(page.actualWms.map((wms) => wms.id)).toContain(warehouse)
        expect(page.goods.map((product) => [product.id, product.need])).toEqual([
          [a, 7],
          [b, 50],
        ])
        for (const product of page.goods) {
          const base = await k().selectFrom('products').select(['price', 'articul', 'header']).where('id', '=', product.id).executeTakeFirstOrThrow()
          expect(product).toMatchObject({ articul: base.articul, header: base.header, wms_id: warehouse, inwish: false })
          expect(product.price).toBeCloseTo(base.price * contract.price_factor, 2)
          const stocks = await k()
            .selectFrom('stocks')
            .select(['warehouse_id', 'quantity'])
            .where('product_id', '=', product.id)
            .orderBy('warehouse_id')
            .execute()
          expect(product.stocks).toEqual(stocks.map((row) => ({ wms_id: row.warehouse_id, quantity: Math.max(0, row.quantity) })))
          expect(product.quantity).toBe(Math.max(0, stocks.find((row) => row.warehouse_id === warehouse)?.quantity ?? 0))
        }
      }
    }
    // '0' (the default) is the manager's selected contract
    expect((await listOf('needs')).contract).toBe(String(contracts[0]!.id))
  })

  it('refuses a contract the user may not use (403), an unknown warehouse and bad paging (400), and a signed-out caller (401)', async () => {
    for (const list of ['favorites', 'needs'] as const) {
      const forbidden = await get(`/api/${list}/?contract=3`)
      expect(forbidden.statusCode).toBe(403)
      expect(forbidden.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
      const warehouse = await get(`/api/${list}/?warehouse=999`)
      expect(warehouse.statusCode).toBe(400)
      expect(warehouse.json()).toEqual({ message: CATALOGUE_MESSAGES.unknownWarehouse })
      for (const query of ['?page=0', '?page=x', '?perpage=101', '?perpage=-1', '?contract=abc', '?warehouse=0']) {
        const response = await get(`/api/${list}/${query}`)
        expect(response.statusCode, query).toBe(400)
        expect(response.json().message, query).toMatch(/^Некорректн/)
      }
      const signedOut = await get(`/api/${list}/`, null)
      expect(signedOut.statusCode).toBe(401)
      expect(signedOut.json()).toEqual({ message: AUTH_MESSAGES.noSession })
    }
  })
})

describe('removing and the need quantity', () => {
  it('unsetWish and unsetNeed take a product off the lists', async () => {
    const [a, b] = await idsByName(2, 40)
    await mark('/api/setWish/', { id: a })
    await mark('/api/setWish/', { id: b })
    await mark('/api/setNeed/', { id: a, need: 3 })
    expect(await mark('/api/unsetWish/', { id: a })).toEqual({ inwish: false })
    expect((await listOf('favorites')).goods.map((product) => product.id)).toEqual([b])
    expect(await mark('/api/unsetNeed/', { id: a })).toEqual({ need: 0 })
    expect((await listOf('needs')).count).toBe(0)
  })

  it('POST /ajax/deletefavorites/ {id} is the legacy unsetWish, as JSON or as a form, for the user’s own wish only', async () => {
    // a product the other company's dealer wished too (the seed gives it some wishes)
    const [shared] = await wishRows(otherId)
    const [b] = await idsByName(1, 50)
    const a = shared!.product_id
    await mark('/api/setWish/', { id: a })
    await mark('/api/setWish/', { id: b })
    const othersBefore = await wishRows(otherId)
    expect(await mark('/ajax/deletefavorites/', { id: a })).toEqual({ inwish: false })
    const form = await fixture.app.inject({
      method: 'POST',
      url: '/ajax/deletefavorites/',
      payload: `id=${b}`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.statusCode, form.body).toBe(200)
    expect(await wishRows()).toEqual([])
    expect(await wishRows(otherId)).toEqual(othersBefore)
    // removing what is not there is no error; a bad id is a 400
    expect(await mark('/ajax/deletefavorites/', { id: a })).toEqual({ inwish: false })
    for (const body of [{}, { id: 'x' }, { id: 0 }, { id: -1 }]) {
      const response = await post('/ajax/deletefavorites/', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().message).toMatch(/^Некорректн/)
    }
    expect((await post('/ajax/deletefavorites/', { id: a }, null)).statusCode).toBe(401)
  })

  it('setNeed saves a new quantity; 0, negative, fractional, huge or text is a 400 in Russian and changes nothing', async () => {
    const [a] = await idsByName(1, 60)
    await mark('/api/setNeed/', { id: a, need: 5 })
    expect(await mark('/api/setNeed/', { id: a, need: 12 })).toEqual({ need: 12 })
    expect((await listOf('needs')).goods.map((product) => product.need)).toEqual([12])
    for (const need of [0, -1, 2.5, NEED_LIMITS.max + 1, 1e20, 'много', '', null, true]) {
      const response = await post('/api/setNeed/', { id: a, need })
      expect(response.statusCode, JSON.stringify(need)).toBe(400)
      expect(response.json().message, JSON.stringify(need)).toMatch(/^Некорректный запрос: поле «need»: [А-Яа-яЁё]/)
    }
    expect(await needRows()).toEqual([{ product_id: a, need: 12 }])
    // the limits the needs page checks before saving are the server's
    expect(needRequestSchema.safeParse({ id: a, need: NEED_LIMITS.max }).success).toBe(true)
    expect(needRequestSchema.safeParse({ id: a, need: NEED_LIMITS.min - 1 }).success).toBe(false)
  })
})
