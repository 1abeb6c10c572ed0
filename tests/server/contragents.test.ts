import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import {
  CONTRAGENT_MESSAGES,
  contragentRemovedResponseSchema,
  contragentResponseSchema,
  contragentsResponseSchema,
  type Contragent,
} from '../../src/contract/contragents'
import { INN_MESSAGES, innWithControlDigits } from '../../src/contract/inn'
import { sectionClosedMessage } from '../../src/contract/menu'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests } from '../support/server-requests'

// spec §8, to the letter
const DUPLICATE = 'Этот контрагент уже зарегистрирован'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let otherCompanyCookie: string
let customerId: number
/** the company's contragents as the seed left them */
let seeded: Contragent[]

const k = () => fixture.db.kysely
const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)
const send = (method: 'PUT' | 'DELETE', url: string, payload?: unknown, session = cookie) =>
  fixture.app.inject({ method, url, headers: { cookie: session }, ...(payload === undefined ? {} : { payload: payload as object }) })
const postForm = (url: string, form: string, session = cookie) =>
  fixture.app.inject({ method: 'POST', url, headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' }, payload: form })

const list = async (session = cookie) => {
  const response = await get('/api/contragent/', session)
  expect(response.statusCode, response.body).toBe(200)
  return contragentsResponseSchema.parse(response.json()).contragents
}

let innSeries = 0
/** a fresh valid 10-digit INN */
const freshInn = () => innWithControlDigits(String(540_000_000 + (innSeries += 1)))

async function add(form: { company?: string; inn?: string; kpp?: string } = {}, session = cookie): Promise<Contragent> {
  const response = await post('/api/contragent/', { company: 'ООО «Новый партнёр»', inn: freshInn(), ...form }, session)
  expect(response.statusCode, response.body).toBe(200)
  return contragentResponseSchema.parse(response.json()).contragent
}

beforeAll(async () => {
  fixture = await startServer()
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager', 1)
  otherCompanyCookie = await loginAs(fixture, 'mainAccount', 1)
  customerId = (await k().selectFrom('users').select('customer_id').where('email', '=', demoLogin('mainAccount').email).executeTakeFirstOrThrow()).customer_id
  seeded = await list()
})
afterAll(() => fixture?.close())
// each test starts from the seeded contragents: the ones a test added are removed
beforeEach(async () => {
  await k()
    .deleteFrom('contragents')
    .where(
      'id',
      'not in',
      seeded.map((each) => each.id),
    )
    .where('id', 'not in', k().selectFrom('contracts').select('contragent_id'))
    .where('customer_id', '=', customerId)
    .execute()
  await k().updateTable('contragents').set({ state: 'active', deleted_at: null }).where('customer_id', '=', customerId).execute()
})

describe('the list', () => {
  it("lists the company's contragents with INN, KPP, the new flag and the state", async () => {
    expect(seeded.length).toBe(2)
    expect(seeded[0]).toMatchObject({ company: 'ООО «СтройМаркет-Снаб»', is_new: false, state: 'active' })
    expect(seeded[0]?.kpp).toMatch(/^\d{4}01001$/)
    // an entrepreneur: 12 digits, no KPP
    expect(seeded[1]).toMatchObject({ company: 'ИП Кузнецов Андрей Викторович', kpp: '' })
    expect(seeded[1]?.inn).toHaveLength(12)
  })

  it("never shows another company's contragents", async () => {
    const other = await list(otherCompanyCookie)
    expect(other.map((each) => each.id)).not.toEqual(expect.arrayContaining(seeded.map((each) => each.id)))
    expect(other.length).toBe(2)
  })
})

describe('adding', () => {
  it('adds a new, active contragent that the list then shows', async () => {
    const inn = freshInn()
    const added = await add({ company: '  ООО «Альфа»  ', inn, kpp: '540101001' })
    expect(added).toMatchObject({ company: 'ООО «Альфа»', inn, kpp: '540101001', is_new: true, state: 'active' })
    expect((await list()).at(-1)).toEqual(added)
  })

  it('takes a 12-digit INN without a KPP', async () => {
    const inn = innWithControlDigits('5401234567')
    expect(await add({ company: 'ИП Петров', inn })).toMatchObject({ inn, kpp: '' })
  })

  it('refuses the same INN and KPP twice in the company with 409 «Этот контрагент уже зарегистрирован»', async () => {
    const inn = freshInn()
    await add({ inn, kpp: '540101001' })
    const again = await post('/api/contragent/', { company: 'Другое имя', inn, kpp: '540101001' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: DUPLICATE })
    // a seeded one too
    const seededAgain = await post('/api/contragent/', { company: 'Копия', inn: seeded[0]?.inn, kpp: seeded[0]?.kpp })
    expect(seededAgain.statusCode).toBe(409)
  })

  it('takes the same INN with another KPP (a branch), and in another company', async () => {
    const inn = freshInn()
    await add({ inn, kpp: '540101001' })
    await add({ inn, kpp: '540102001' })
    await add({ inn, kpp: '540101001' }, otherCompanyCookie)
  })

  it('answers a wrong INN, KPP or name with 400 and the form message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ inn: '12345' }, INN_MESSAGES.length],
      [{ inn: '7707083894' }, INN_MESSAGES.checksum],
      [{ inn: '500100732258' }, INN_MESSAGES.checksum],
      [{ kpp: '12' }, INN_MESSAGES.kpp],
      [{ kpp: '7736ab001' }, INN_MESSAGES.kpp],
      [{ company: '   ' }, CONTRAGENT_MESSAGES.companyRequired],
      [{ company: 'x'.repeat(201) }, CONTRAGENT_MESSAGES.companyTooLong],
    ]
    for (const [overrides, message] of cases) {
      const response = await post('/api/contragent/', { company: 'ООО «Бета»', inn: freshInn(), ...overrides })
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(response.json()).toEqual({ message })
    }
    for (const body of [null, [], { company: 'ООО', inn: 7707083893 }, { company: 'ООО\u0000', inn: freshInn() }]) {
      expect((await post('/api/contragent/', body)).statusCode, JSON.stringify(body)).toBe(400)
    }
  })
})

describe('one contragent', () => {
  it('reads and edits it; an edit into a duplicate is 409', async () => {
    const added = await add()
    const read = await get(`/api/contragent/${added.id}/`)
    expect(contragentResponseSchema.parse(read.json()).contragent).toEqual(added)

    const inn = freshInn()
    const edited = await send('PUT', `/api/contragent/${added.id}/`, { company: 'ООО «Гамма»', inn, kpp: '' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(contragentResponseSchema.parse(edited.json()).contragent).toMatchObject({ id: added.id, company: 'ООО «Гамма»', inn, kpp: '' })
    // the same values again are no duplicate of itself
    expect((await send('PUT', `/api/contragent/${added.id}/`, { company: 'ООО «Гамма»', inn })).statusCode).toBe(200)

    const duplicate = await send('PUT', `/api/contragent/${added.id}/`, { company: 'x', inn: seeded[0]?.inn, kpp: seeded[0]?.kpp })
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toEqual({ message: DUPLICATE })
  })

  it('is edited and deleted through the generic resource call too (POST with method)', async () => {
    const added = await add()
    const put = await post(`/api/contragent/${added.id}/`, { method: 'put', company: 'ООО «Дельта»', inn: added.inn })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json()).toMatchObject({ contragent: { company: 'ООО «Дельта»' } })
    const del = await post(`/api/contragent/${added.id}/`, { method: 'del' })
    expect(del.statusCode, del.body).toBe(200)
    expect((await list()).map((each) => each.id)).not.toContain(added.id)
  })
})

describe('activate and deactivate (the legacy /ajax/ calls)', () => {
  it('switches the state, from a form-encoded or a JSON body', async () => {
    const added = await add()
    const off = await postForm('/ajax/deactivateagent/', `id=${added.id}`)
    expect(off.statusCode, off.body).toBe(200)
    expect(contragentResponseSchema.parse(off.json()).contragent.state).toBe('inactive')
    expect((await list()).find((each) => each.id === added.id)?.state).toBe('inactive')

    const on = await post('/ajax/activateagent/', { id: added.id })
    expect(on.statusCode, on.body).toBe(200)
    expect(contragentResponseSchema.parse(on.json()).contragent.state).toBe('active')
  })

  it('answers a missing or malformed id with 400, an unknown one with 404', async () => {
    for (const body of [{}, { id: 'abc' }, { id: -1 }]) expect((await post('/ajax/activateagent/', body)).statusCode, JSON.stringify(body)).toBe(400)
    expect((await postForm('/ajax/deactivateagent/', 'id=')).statusCode).toBe(400)
    const unknown = await post('/ajax/deactivateagent/', { id: 999_999 })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: CONTRAGENT_MESSAGES.notFound })
  })
})

describe('deleting', () => {
  it('hides a deleted contragent from the list and every call but keeps its row (history keeps the name)', async () => {
    const added = await add({ company: 'ООО «Удаляемый»' })
    const response = await send('DELETE', `/api/contragent/${added.id}/`)
    expect(response.statusCode, response.body).toBe(200)
    expect(contragentRemovedResponseSchema.parse(response.json())).toEqual({ count: seeded.length })
    expect((await list()).map((each) => each.id)).not.toContain(added.id)
    expect((await get(`/api/contragent/${added.id}/`)).statusCode).toBe(404)
    expect((await post('/ajax/activateagent/', { id: added.id })).statusCode).toBe(404)
    expect((await send('DELETE', `/api/contragent/${added.id}/`)).statusCode).toBe(404)
    const row = await k().selectFrom('contragents').selectAll().where('id', '=', added.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ company: 'ООО «Удаляемый»', deleted_at: expect.any(String) })
  })

  it('lets the same INN be added again after a delete', async () => {
    const added = await add()
    await send('DELETE', `/api/contragent/${added.id}/`)
    expect(await add({ inn: added.inn })).toMatchObject({ inn: added.inn })
  })

  it('refuses a contragent with contracts (409), leaving its contracts, orders and acts as they were', async () => {
    const [withContracts] = seeded
    const response = await send('DELETE', `/api/contragent/${withContracts?.id}/`)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: CONTRAGENT_MESSAGES.hasContracts })
    expect((await list()).map((each) => each.id)).toContain(withContracts?.id)
  })
})

describe('who may', () => {
  it('anonymous: 401', async () => {
    const anonymous = [
      await get('/api/contragent/', null),
      await post('/api/contragent/', {}, null),
      await fixture.app.inject({ method: 'DELETE', url: `/api/contragent/${seeded[0]?.id}/` }),
      await post('/ajax/activateagent/', { id: seeded[0]?.id }, null),
    ]
    for (const response of anonymous) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.noSession })
    }
  })

  it('a manager whose menus leave the section open: 403 naming the section (main account only), and nothing changes', async () => {
    const [first] = await list(otherCompanyCookie)
    const calls = [
      await get('/api/contragent/', managerCookie),
      await post('/api/contragent/', { company: 'ООО', inn: freshInn() }, managerCookie),
      await get(`/api/contragent/${first?.id}/`, managerCookie),
      await send('PUT', `/api/contragent/${first?.id}/`, { company: 'ООО', inn: freshInn() }, managerCookie),
      await send('DELETE', `/api/contragent/${first?.id}/`, undefined, managerCookie),
      await post('/ajax/deactivateagent/', { id: first?.id }, managerCookie),
    ]
    for (const response of calls) {
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: sectionClosedMessage('contragents') })
    }
    expect((await list(otherCompanyCookie))[0]).toEqual(first)
  })

  it('a manager whose menus close «Контрагенты»: 403 naming the section', async () => {
    const closed = await loginAs(fixture, 'manager')
    const response = await get('/api/contragent/', closed)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: sectionClosedMessage('contragents') })
  })

  it("another company's main account: 404 for every id of this company, and nothing changes", async () => {
    const [mine] = seeded
    const calls = [
      await get(`/api/contragent/${mine?.id}/`, otherCompanyCookie),
      await send('PUT', `/api/contragent/${mine?.id}/`, { company: 'Чужой', inn: freshInn() }, otherCompanyCookie),
      await send('DELETE', `/api/contragent/${mine?.id}/`, undefined, otherCompanyCookie),
      await post('/ajax/deactivateagent/', { id: mine?.id }, otherCompanyCookie),
      await postForm('/ajax/activateagent/', `id=${mine?.id}`, otherCompanyCookie),
    ]
    for (const response of calls) {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: CONTRAGENT_MESSAGES.notFound })
    }
    expect(await list()).toEqual(seeded)
  })
})
