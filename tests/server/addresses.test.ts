import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ADDRESS_MESSAGES, addressesResponseSchema, addressRemovedResponseSchema, addressSavedResponseSchema } from '../../src/contract/addresses'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { DELIVERY_MESSAGES, basketTableInitSchema } from '../../src/contract/delivery'
import { sectionClosedMessage } from '../../src/contract/menu'
import { orderDetailSchema } from '../../src/contract/order-actions'
import { suggestionsResponseSchema } from '../../src/contract/suggestions'
import { resolveDelivery } from '../../server/catalogue/delivery-options'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, userIdOf } from '../support/server-requests'

// the spec's required text, to the letter
const REQUIRED = 'Это поле необходимо заполнить.'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let otherCompanyCookie: string
let customerId: number

const k = () => fixture.db.kysely
const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)
const send = (method: 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, session: string | null = cookie) =>
  fixture.app.inject({ method, url, ...(payload ? { payload } : {}), headers: session ? { cookie: session } : {} })

const list = async (query = '', session = cookie) => {
  const response = await get(`/api/address/${query}`, session)
  expect(response.statusCode, response.body).toBe(200)
  return addressesResponseSchema.parse(response.json())
}
const create = async (full_address: string, postindex = '', session = cookie) => {
  const response = await post('/api/address/', { full_address, postindex }, session)
  expect(response.statusCode, response.body).toBe(200)
  return addressSavedResponseSchema.parse(response.json()).address
}
const setManagerMenus = (keys: string[]) =>
  k()
    .updateTable('users')
    .set({ disabled_menus: JSON.stringify(keys) })
    .where('email', '=', demoLogin('manager').email)
    .execute()

beforeAll(async () => {
  fixture = await startServer()
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  otherCompanyCookie = await loginAs(fixture, 'mainAccount', 1)
  const userId = await userIdOf(fixture, demoLogin('mainAccount').email)
  customerId = (await k().selectFrom('users').select('customer_id').where('id', '=', userId).executeTakeFirstOrThrow()).customer_id
})
afterAll(() => fixture?.close())
beforeEach(() => setManagerMenus([]))

describe('GET /api/address/', () => {
  it("lists the company's own addresses, newest first, the same for its manager", async () => {
    const own = await k().selectFrom('addresses').select('id').where('customer_id', '=', customerId).where('deleted', '=', 0).orderBy('id', 'desc').execute()
    const answer = await list()
    expect(answer.addresses.map((address) => address.id)).toEqual(own.map((row) => row.id))
    expect(answer.count).toBe(own.length)
    expect(answer.pagination).toEqual({ page: 1, perpage: 20, pages: 1 })
    expect((await list('', managerCookie)).addresses).toEqual(answer.addresses)
    const other = await list('', otherCompanyCookie)
    expect(other.addresses.some((address) => own.some((row) => row.id === address.id))).toBe(false)
  })

  it('pages: perpage 2 gives two a page, a page past the last is empty', async () => {
    const all = await list()
    const second = await list('?page=2&perpage=2')
    expect(second.addresses).toEqual(all.addresses.slice(2, 4))
    expect(second.pagination.pages).toBe(Math.ceil(all.count / 2))
    expect((await list('?page=99')).addresses).toEqual([])
  })

  it('401 signed out, 400 in Russian for a bad page', async () => {
    const anonymous = await get('/api/address/', null)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ message: AUTH_MESSAGES.noSession })
    const bad = await get('/api/address/?page=abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^Некорректный запрос/)
  })
})

describe('saving an address', () => {
  it('creates, reads, replaces and patches; the postal index is 6 digits or empty', async () => {
    const created = await create('г. Казань, ул. Баумана, д. 1', '420111')
    expect(created).toMatchObject({ full_address: 'г. Казань, ул. Баумана, д. 1', postindex: '420111' })
    expect((await list()).addresses[0]).toEqual(created)

    const read = await get(`/api/address/${created.id}/`)
    expect(addressSavedResponseSchema.parse(read.json()).address).toEqual(created)

    const replaced = await send('PUT', `/api/address/${created.id}/`, { full_address: '  г. Казань, ул. Баумана, д. 3  ' })
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.json()).toEqual({ address: { id: created.id, full_address: 'г. Казань, ул. Баумана, д. 3', postindex: '' } })

    const patched = await send('PATCH', `/api/address/${created.id}/`, { postindex: '420012' })
    expect(patched.json()).toEqual({ address: { id: created.id, full_address: 'г. Казань, ул. Баумана, д. 3', postindex: '420012' } })
    const row = await k().selectFrom('addresses').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ customer_id: customerId, full_address: 'г. Казань, ул. Баумана, д. 3', postindex: '420012', deleted: 0 })
    // a PATCH of the address alone keeps the index
    const renamed = await send('PATCH', `/api/address/${created.id}/`, { full_address: 'г. Казань, ул. Баумана, д. 5' })
    expect(renamed.json()).toEqual({ address: { id: created.id, full_address: 'г. Казань, ул. Баумана, д. 5', postindex: '420012' } })
  })

  it('goes through the generic POST with `method` too (spec §7)', async () => {
    const created = await create('г. Тула, ул. Советская, д. 5')
    const updated = await post(`/api/address/${created.id}/`, { method: 'update', postindex: '300041' })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toEqual({ address: { ...created, postindex: '300041' } })
    const put = await post(`/api/address/${created.id}/`, { method: 'put', full_address: 'г. Тула, ул. Советская, д. 7', postindex: '' })
    expect(put.json()).toEqual({ address: { id: created.id, full_address: 'г. Тула, ул. Советская, д. 7', postindex: '' } })
    const removed = await post(`/api/address/${created.id}/`, { method: 'del' })
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await list()).addresses.some((address) => address.id === created.id)).toBe(false)
  })

  it.each([
    [{ full_address: '   ', postindex: '' }, REQUIRED],
    [{ postindex: '123456' }, /^Некорректный запрос: поле «full_address»/],
    [{ full_address: 'г. Омск', postindex: '12345' }, ADDRESS_MESSAGES.badPostindex],
    [{ full_address: 'г. Омск', postindex: '64400a' }, ADDRESS_MESSAGES.badPostindex],
    [{ full_address: 'x'.repeat(501) }, ADDRESS_MESSAGES.fullAddressTooLong],
    [{ full_address: 'г. Омск\u0000' }, 'Текст содержит недопустимые управляющие символы'],
    [{ full_address: 42 }, /^Некорректный запрос: поле «full_address»/],
  ])('refuses %j with 400 and a Russian message', async (payload, message) => {
    const before = (await list()).count
    const response = await post('/api/address/', payload)
    expect(response.statusCode, response.body).toBe(400)
    if (typeof message === 'string') expect(response.json()).toEqual({ message })
    else expect(response.json().message).toMatch(message)
    expect((await list()).count).toBe(before)
  })

  it('400 for a malformed id, 404 for a missing one', async () => {
    const malformed = await get('/api/address/abc/')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toMatch(/^Некорректный запрос/)
    const missing = await send('PUT', '/api/address/999999/', { full_address: 'г. Омск' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: ADDRESS_MESSAGES.notFound })
  })
})

describe("another company's address", () => {
  it('is 404 to read, change and delete, and stays as it was', async () => {
    const theirs = await create('г. Пермь, ул. Ленина, д. 10', '614000', otherCompanyCookie)
    expect((await get(`/api/address/${theirs.id}/`)).statusCode).toBe(404)
    expect((await send('PUT', `/api/address/${theirs.id}/`, { full_address: 'захвачен' })).statusCode).toBe(404)
    expect((await send('PATCH', `/api/address/${theirs.id}/`, { postindex: '000000' })).statusCode).toBe(404)
    expect((await send('DELETE', `/api/address/${theirs.id}/`)).statusCode).toBe(404)
    expect((await post(`/api/address/${theirs.id}/`, { method: 'del' })).statusCode).toBe(404)
    const row = await k().selectFrom('addresses').selectAll().where('id', '=', theirs.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ full_address: 'г. Пермь, ул. Ленина, д. 10', postindex: '614000', deleted: 0 })
  })
})

describe('a manager with «Адреса доставки» closed', () => {
  it('gets 403 on every address call and the suggestions, and changes nothing', async () => {
    const mine = await create('г. Сочи, Курортный пр., д. 1')
    await setManagerMenus(['addresses'])
    const calls = [
      () => get('/api/address/', managerCookie),
      () => get(`/api/address/${mine.id}/`, managerCookie),
      () => post('/api/address/', { full_address: 'г. Сочи' }, managerCookie),
      () => send('PUT', `/api/address/${mine.id}/`, { full_address: 'г. Сочи' }, managerCookie),
      () => send('DELETE', `/api/address/${mine.id}/`, undefined, managerCookie),
      () => post(`/api/address/${mine.id}/`, { method: 'del' }, managerCookie),
      () => get('/api/suggest/address/?query=Соч', managerCookie),
    ]
    for (const call of calls) {
      const response = await call()
      expect(response.statusCode, response.body).toBe(403)
      expect(response.json()).toEqual({ message: sectionClosedMessage('addresses') })
    }
    expect(await k().selectFrom('addresses').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow()).toMatchObject({
      full_address: 'г. Сочи, Курортный пр., д. 1',
      deleted: 0,
    })
  })
})

/** An order of the main account placed to the address, written straight into the database. */
async function orderTo(addressId: number): Promise<number> {
  const user = await k().selectFrom('users').select(['id']).where('email', '=', demoLogin('mainAccount').email).executeTakeFirstOrThrow()
  const order = await k()
    .insertInto('orders')
    .values({
      customer_id: customerId,
      user_id: user.id,
      contract_id: 1,
      state: 1,
      status: 'Новый',
      paid: 0,
      sum: 100,
      comment: '',
      created_at: new Date().toISOString(),
      delivery_method: '2',
      address_id: addressId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return order.id
}

const orderAddress = async (orderId: number) => {
  const detail = await get(`/api/order/${orderId}/`)
  expect(detail.statusCode, detail.body).toBe(200)
  return orderDetailSchema.parse(detail.json()).delivery.address
}

describe('changing an address orders were placed to', () => {
  it('keeps the old one for the orders and saves the change as a new address', async () => {
    const address = await create('г. Липецк, ул. Ленина, д. 1', '398000')
    const orderId = await orderTo(address.id)
    const changed = await send('PUT', `/api/address/${address.id}/`, { full_address: 'г. Липецк, ул. Ленина, д. 2', postindex: '398000' })
    expect(changed.statusCode, changed.body).toBe(200)
    const saved = addressSavedResponseSchema.parse(changed.json()).address
    expect(saved).toMatchObject({ full_address: 'г. Липецк, ул. Ленина, д. 2', postindex: '398000' })
    expect(saved.id).not.toBe(address.id)
    const listed = (await list()).addresses
    expect(listed).toContainEqual(saved)
    expect(listed.some((each) => each.id === address.id)).toBe(false)
    expect(await orderAddress(orderId)).toBe('г. Липецк, ул. Ленина, д. 1')
    // an unused address changes in place
    const fresh = await create('г. Липецк, ул. Мира, д. 3')
    const inPlace = await send('PATCH', `/api/address/${fresh.id}/`, { postindex: '398001' })
    expect(inPlace.json()).toEqual({ address: { ...fresh, postindex: '398001' } })
  })
})

describe('deleting an address', () => {
  it('answers the count left; the basket no longer offers it, orders placed to it keep it in their detail', async () => {
    const address = await create('г. Владимир, ул. Большая Московская, д. 1', '600000')
    const basketAddresses = async () => basketTableInitSchema.parse((await get('/api/getBasketTableInit/')).json()).addresses
    expect(await basketAddresses()).toContainEqual(address)

    const orderId = await orderTo(address.id)

    const before = (await list()).count
    const removed = await send('DELETE', `/api/address/${address.id}/`)
    expect(removed.statusCode, removed.body).toBe(200)
    expect(addressRemovedResponseSchema.parse(removed.json())).toEqual({ count: before - 1 })

    expect((await list()).addresses.some((each) => each.id === address.id)).toBe(false)
    expect(await basketAddresses()).not.toContainEqual(address)
    expect((await get(`/api/address/${address.id}/`)).statusCode).toBe(404)
    expect((await send('DELETE', `/api/address/${address.id}/`)).statusCode).toBe(404)

    const kept = await k().selectFrom('orders').select('address_id').where('id', '=', orderId).executeTakeFirstOrThrow()
    expect(kept.address_id).toBe(address.id)
    expect(await orderAddress(orderId)).toBe('г. Владимир, ул. Большая Московская, д. 1')

    // nor can a new order go to it
    const delivery = { method: '2', company: null, type: 'door' as const, region: '1' }
    await expect(resolveDelivery(fixture.db, customerId, { delivery, address_id: address.id, consignee_id: null })).rejects.toThrow(
      DELIVERY_MESSAGES.badAddress,
    )
  })
})

describe('suggestions without a service (the offline fallback)', () => {
  const suggest = async (url: string, session = cookie) => {
    const response = await get(url, session)
    expect(response.statusCode, response.body).toBe(200)
    return suggestionsResponseSchema.parse(response.json())
  }

  it("answers from the company's own addresses first, then the bundled cities with their indexes", async () => {
    const own = await create('г. Казань, ул. Пушкина, д. 12', '420015')
    const answer = await suggest(`/api/suggest/address/?query=${encodeURIComponent('казан')}`)
    expect(answer[0]).toEqual({ value: own.full_address, postindex: '420015' })
    expect(answer).toContainEqual({ value: 'г. Казань', postindex: '420000' })
    // another company does not see this company's addresses
    expect(await suggest(`/api/suggest/address/?query=${encodeURIComponent('Пушкина')}`, otherCompanyCookie)).toEqual([])
    expect(await suggest(`/api/suggest/address/?query=${encodeURIComponent('санкт')}`)).toEqual([{ value: 'г. Санкт-Петербург', postindex: '190000' }])
  })

  it("answers names from the company's consignees", async () => {
    const surnames = await suggest(`/api/suggest/name/?query=${encodeURIComponent('Иван')}&part=surname`)
    expect(surnames).toEqual([{ value: 'Иванов' }])
    expect(await suggest(`/api/suggest/name/?query=${encodeURIComponent('Анн')}&part=name`)).toEqual([{ value: 'Анна' }])
    expect(await suggest(`/api/suggest/name/?query=${encodeURIComponent('Иван')}&part=surname`, otherCompanyCookie)).toEqual([])
  })

  it('400 in Russian for a query shorter than 3 characters or a wrong part', async () => {
    const short = await get('/api/suggest/address/?query=ab')
    expect(short.statusCode).toBe(400)
    expect(short.json()).toEqual({ message: 'Введите не менее 3 символов' })
    const part = await get('/api/suggest/name/?query=abc&part=patronymic')
    expect(part.statusCode).toBe(400)
    expect((await get('/api/suggest/address/?query=abc', null)).statusCode).toBe(401)
  })
})

describe('suggestions through a DaData-compatible service', () => {
  let service: FastifyInstance
  let withService: ServerFixture
  let serviceCookie: string
  const received: { url: string; authorization: string | undefined; body: unknown }[] = []
  let failing = false

  beforeAll(async () => {
    service = Fastify()
    service.post('/rs/suggest/:kind', async (request, reply) => {
      received.push({ url: request.url, authorization: request.headers.authorization, body: request.body })
      if (failing) return reply.code(503).send({ message: 'down' })
      if (request.url.endsWith('/fio')) return { suggestions: [{ value: 'Андреев', data: { surname: 'Андреев' } }] }
      return {
        suggestions: [
          { value: 'г Казань, ул Баумана', data: { postal_code: '420111', city: 'Казань' } },
          { value: 'г Казань', data: { postal_code: null } },
        ],
      }
    })
    const address = await service.listen({ host: '127.0.0.1', port: 0 })
    withService = await startServer({ suggestions: { token: 'test-token', url: `${address}/rs`, timeoutMs: 2_000 } })
    serviceCookie = await loginAs(withService, 'mainAccount')
  })
  afterAll(async () => {
    await withService?.close()
    await service?.close()
  })
  beforeEach(() => {
    received.length = 0
    failing = false
  })

  const ask = (url: string) => withService.app.inject({ method: 'GET', url, headers: { cookie: serviceCookie } })

  it('POSTs suggest/address with the token and maps data.postal_code to postindex', async () => {
    const response = await ask(`/api/suggest/address/?query=${encodeURIComponent('Казань Баум')}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual([{ value: 'г Казань, ул Баумана', postindex: '420111' }, { value: 'г Казань' }])
    expect(received).toEqual([{ url: '/rs/suggest/address', authorization: 'Token test-token', body: { query: 'Казань Баум', count: 7 } }])
  })

  it('POSTs suggest/fio with the part asked', async () => {
    const response = await ask(`/api/suggest/name/?query=${encodeURIComponent('Андр')}&part=surname`)
    expect(response.json()).toEqual([{ value: 'Андреев' }])
    expect(received).toEqual([{ url: '/rs/suggest/fio', authorization: 'Token test-token', body: { query: 'Андр', count: 7, parts: ['SURNAME'] } }])
  })

  it('falls back to the offline answer when the service fails', async () => {
    failing = true
    const response = await ask(`/api/suggest/address/?query=${encodeURIComponent('Екатеринб')}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toContainEqual({ value: 'г. Екатеринбург', postindex: '620000' })
    expect(received).toHaveLength(1)
  })
})
