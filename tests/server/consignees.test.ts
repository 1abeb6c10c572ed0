import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DELIVERY_MESSAGES, basketTableInitSchema } from '../../src/contract/delivery'
import {
  CONSIGNEE_FILE_MAX_BYTES,
  consigneeRemovedResponseSchema,
  consigneeResponseSchema,
  consigneesResponseSchema,
  type Consignee,
} from '../../src/contract/consignees'
import { sectionClosedMessage } from '../../src/contract/menu'
import { multipartForm, type FilePart } from '../../scripts/bench-support/multipart'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, stockedProduct } from '../support/server-requests'

// the spec's texts, to the letter
const UNSUPPORTED = 'Unsupported format'
const REQUIRED = 'Это поле необходимо заполнить.'
const NOT_FOUND = 'Грузополучатель не найден'

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 1)])
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(16, 2)])
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(16, 3)])

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let otherCompanyCookie: string

const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)
const send = (method: 'PUT' | 'DELETE', url: string, payload?: unknown, session = cookie) =>
  fixture.app.inject({ method, url, headers: { cookie: session }, ...(payload === undefined ? {} : { payload: payload as object }) })

const upload = (consignee: number | string, file: FilePart | null, session = cookie) => {
  const { payload, headers } = multipartForm({ consignee: String(consignee), ...(file ? { file } : {}) })
  return fixture.app.inject({ method: 'POST', url: '/api/consigneeUpload/', payload, headers: { ...headers, cookie: session } })
}

async function list(session = cookie): Promise<Consignee[]> {
  const response = await get('/api/consignee/', session)
  expect(response.statusCode, response.body).toBe(200)
  return consigneesResponseSchema.parse(response.json()).consignees
}

async function create(surname: string, name: string, session = cookie): Promise<Consignee> {
  const response = await post('/api/consignee/', { surname, name }, session)
  expect(response.statusCode, response.body).toBe(200)
  return consigneeResponseSchema.parse(response.json()).consignee
}

const setManagerMenus = (keys: readonly string[]) =>
  fixture.db.kysely
    .updateTable('users')
    .set({ disabled_menus: JSON.stringify(keys) })
    .where('email', '=', demoLogin('manager').email)
    .execute()

beforeAll(async () => {
  fixture = await startServer()
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  otherCompanyCookie = await loginAs(fixture, 'mainAccount', 1)
})
afterAll(() => fixture?.close())
beforeEach(() => setManagerMenus([]))

describe('the consignee list', () => {
  it("lists the company's seeded consignees, and the manager of the company sees the same", async () => {
    const own = await list()
    expect(own.map((c) => `${c.surname} ${c.name}`)).toEqual(expect.arrayContaining(['Иванов Сергей', 'Петрова Анна', 'Смирнов Дмитрий']))
    expect(await list(managerCookie)).toEqual(own)
    const other = await list(otherCompanyCookie)
    expect(other.some((c) => own.some((mine) => mine.id === c.id))).toBe(false)
  })

  it('answers 401 signed out', async () => {
    expect((await get('/api/consignee/', null)).statusCode).toBe(401)
  })
})

describe('create and edit', () => {
  it('creates one (trimmed), reads it back and edits it; the basket delivery selector lists it', async () => {
    const created = await create('  Орлова ', 'Мария')
    expect(created).toMatchObject({ surname: 'Орлова', name: 'Мария', file_name: null })
    const read = await get(`/api/consignee/${created.id}/`)
    expect(read.json()).toEqual({ consignee: created })
    const edited = await send('PUT', `/api/consignee/${created.id}/`, { surname: 'Орлова', name: 'Мария Ивановна' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toEqual({ consignee: { ...created, name: 'Мария Ивановна' } })
    const init = basketTableInitSchema.parse((await get('/api/getBasketTableInit/')).json())
    expect(init.consignees).toContainEqual({ id: created.id, surname: 'Орлова', name: 'Мария Ивановна' })
  })

  it('edits through the generic resource too (POST /api/consignee/{id}/ with method update)', async () => {
    const created = await create('Зайцев', 'Олег')
    const response = await post(`/api/consignee/${created.id}/`, { method: 'update', surname: 'Зайцев', name: 'Олег Петрович' })
    expect(response.statusCode, response.body).toBe(200)
    expect(consigneeResponseSchema.parse(response.json()).consignee.name).toBe('Олег Петрович')
  })

  it.each([
    [{ surname: '', name: 'Мария' }, REQUIRED],
    [{ surname: 'Орлова', name: '   ' }, REQUIRED],
    [{ surname: 'Орлова' }, REQUIRED],
    [{ surname: 'Орлова', name: 'a\u0000b' }, 'недопустимые управляющие символы'],
    [{ surname: 'x'.repeat(101), name: 'Мария' }, 'Не длиннее 100 символов'],
    [[], ''],
  ])('refuses %j with 400 and a Russian message', async (body, message) => {
    const response = await post('/api/consignee/', body)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json<{ message: string }>().message).toContain(message)
  })

  it.each(['abc', '0', '-1', '99999999999'])('refuses the malformed id %s with 400', async (id) => {
    expect((await get(`/api/consignee/${id}/`)).statusCode).toBe(400)
    expect((await send('DELETE', `/api/consignee/?id=${id}`)).statusCode).toBe(400)
  })

  it("answers 404 for another company's consignee, and changes nothing", async () => {
    const mine = await create('Соколов', 'Павел')
    expect((await get(`/api/consignee/${mine.id}/`, otherCompanyCookie)).json()).toEqual({ message: NOT_FOUND })
    for (const response of [
      await get(`/api/consignee/${mine.id}/`, otherCompanyCookie),
      await send('PUT', `/api/consignee/${mine.id}/`, { surname: 'Чужой', name: 'Чужой' }, otherCompanyCookie),
      await send('DELETE', `/api/consignee/?id=${mine.id}`, undefined, otherCompanyCookie),
      await upload(mine.id, { content: PNG, filename: 'a.png', type: 'image/png' }, otherCompanyCookie),
      await get(`/api/consignee/${mine.id}/file`, otherCompanyCookie),
    ])
      expect(response.statusCode, response.body).toBe(404)
    expect((await get(`/api/consignee/${mine.id}/`)).json()).toEqual({ consignee: mine })
  })
})

describe('the attached image', () => {
  it.each([
    ['scan.png', PNG, 'image/png'],
    ['photo.jpg', JPEG, 'image/jpeg'],
    ['anim.gif', GIF, 'image/gif'],
    ['pic.webp', WEBP, 'image/webp'],
  ])('accepts %s by its content and serves it back with its type', async (filename, content, mime) => {
    const consignee = await create('Фролов', 'Илья')
    // the type the browser names does not matter: the bytes do
    const response = await upload(consignee.id, { content, filename, type: 'application/octet-stream' })
    expect(response.statusCode, response.body).toBe(200)
    expect(consigneeResponseSchema.parse(response.json()).consignee).toEqual({ ...consignee, file_name: filename })
    const file = await get(`/api/consignee/${consignee.id}/file`)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe(mime)
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.rawPayload.equals(content)).toBe(true)
  })

  it('refuses a .png named file with text content: 415 «Unsupported format», nothing attached', async () => {
    const consignee = await create('Гусев', 'Антон')
    const response = await upload(consignee.id, { content: 'это не картинка, а текст', filename: 'scan.png', type: 'image/png' })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ message: UNSUPPORTED })
    expect((await get(`/api/consignee/${consignee.id}/`)).json()).toEqual({ consignee })
    expect((await get(`/api/consignee/${consignee.id}/file`)).statusCode).toBe(404)
  })

  it('refuses an SVG (text that draws) and an empty file as unsupported', async () => {
    const consignee = await create('Гусев', 'Антон')
    for (const content of ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', Buffer.alloc(0)]) {
      const response = await upload(consignee.id, { content, filename: 'x.svg', type: 'image/svg+xml' })
      expect(response.statusCode).toBe(415)
      expect(response.json()).toEqual({ message: UNSUPPORTED })
    }
  })

  it('refuses a file over 5 MB with 413 and a Russian message', async () => {
    const consignee = await create('Большов', 'Яков')
    const content = Buffer.concat([PNG, Buffer.alloc(CONSIGNEE_FILE_MAX_BYTES, 0)])
    const response = await upload(consignee.id, { content, filename: 'big.png', type: 'image/png' })
    expect(response.statusCode).toBe(413)
    expect(response.json<{ message: string }>().message).toMatch(/5 МБ/)
  })

  it('refuses a form without a file, without a consignee, or not multipart at all with 400', async () => {
    const consignee = await create('Пустов', 'Лев')
    expect((await upload(consignee.id, null)).statusCode).toBe(400)
    const noId = multipartForm({ file: { content: PNG, filename: 'a.png' } })
    expect((await fixture.app.inject({ method: 'POST', url: '/api/consigneeUpload/', ...noId, headers: { ...noId.headers, cookie } })).statusCode).toBe(400)
    expect((await upload('abc', { content: PNG, filename: 'a.png' })).statusCode).toBe(400)
    expect((await post('/api/consigneeUpload/', { consignee: consignee.id })).statusCode).toBe(400)
  })

  it('keeps a clean name: control characters are dropped', async () => {
    const consignee = await create('Чистов', 'Глеб')
    const response = await upload(consignee.id, { content: PNG, filename: 'ska\u0001n.png', type: 'image/png' })
    expect(response.statusCode, response.body).toBe(200)
    expect(consigneeResponseSchema.parse(response.json()).consignee.file_name).toBe('skan.png')
  })
})

describe('delete', () => {
  it('removes it from the list and the delivery selector, and keeps the orders placed with it', async () => {
    const consignee = await create('Уходов', 'Захар')
    const before = (await list()).length
    const { id: customerId } = await fixture.db.kysely
      .selectFrom('consignees')
      .select('customer_id as id')
      .where('id', '=', consignee.id)
      .executeTakeFirstOrThrow()
    const order = await fixture.db.kysely.selectFrom('orders').select(['id']).where('customer_id', '=', customerId).limit(1).executeTakeFirstOrThrow()
    await fixture.db.kysely.updateTable('orders').set({ consignee_id: consignee.id }).where('id', '=', order.id).execute()

    const response = await send('DELETE', `/api/consignee/?id=${consignee.id}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(consigneeRemovedResponseSchema.parse(response.json())).toEqual({ count: before - 1 })
    expect((await list()).some((c) => c.id === consignee.id)).toBe(false)
    const init = basketTableInitSchema.parse((await get('/api/getBasketTableInit/')).json())
    expect(init.consignees.some((c) => c.id === consignee.id)).toBe(false)
    expect((await get(`/api/consignee/${consignee.id}/`)).statusCode).toBe(404)
    expect((await send('DELETE', `/api/consignee/?id=${consignee.id}`)).statusCode).toBe(404)
    const kept = await fixture.db.kysely.selectFrom('orders').select('consignee_id').where('id', '=', order.id).executeTakeFirstOrThrow()
    expect(kept.consignee_id).toBe(consignee.id)
  })

  it('a removed consignee cannot take a new order', async () => {
    const consignee = await create('Ушедший', 'Борис')
    expect((await send('DELETE', `/api/consignee/?id=${consignee.id}`)).statusCode).toBe(200)
    const { id } = await stockedProduct(fixture, 5)
    expect((await post('/api/processBasket/', { id, qnt: 1, wms: 1, type: 'add', contract: '1' })).statusCode).toBe(200)
    const delivery = { method: '3', company: '1', type: 'terminal', region: '1' }
    const response = await post('/api/placeOrder/', { contract: '1', delivery, address_id: 1, consignee_id: consignee.id })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toEqual({ message: DELIVERY_MESSAGES.badConsignee })
    expect((await post('/api/clearBasket/', { contract: '1' })).statusCode).toBe(200)
  })

  it('needs the id: 400 without it', async () => {
    expect((await send('DELETE', '/api/consignee/')).statusCode).toBe(400)
  })
})

describe('a closed section', () => {
  it('refuses the manager every consignee call with 403 while «consignees» is closed', async () => {
    const consignee = await create('Закрытов', 'Ян')
    await setManagerMenus(['consignees'])
    const responses = [
      await get('/api/consignee/', managerCookie),
      await post('/api/consignee/', { surname: 'А', name: 'Б' }, managerCookie),
      await get(`/api/consignee/${consignee.id}/`, managerCookie),
      await send('PUT', `/api/consignee/${consignee.id}/`, { surname: 'А', name: 'Б' }, managerCookie),
      await send('DELETE', `/api/consignee/?id=${consignee.id}`, undefined, managerCookie),
      await upload(consignee.id, { content: PNG, filename: 'a.png' }, managerCookie),
      await get(`/api/consignee/${consignee.id}/file`, managerCookie),
    ]
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(403)
      expect(response.json()).toEqual({ message: sectionClosedMessage('consignees') })
    }
    expect((await get(`/api/consignee/${consignee.id}/`)).json()).toEqual({ consignee })
  })
})
