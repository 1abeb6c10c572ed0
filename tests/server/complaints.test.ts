import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { COMPLAINT_MESSAGES, complaintResponseSchema, complaintsResponseSchema, COMPLAINTS_PER_PAGE } from '../../src/contract/complaints'
import { sectionClosedMessage } from '../../src/contract/menu'
import { adminCommand } from '../support/admin-command'
import { demoLogin, loginAs, readTable, startServer, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
let productIds: number[]
beforeAll(async () => {
  fixture = await startServer()
  productIds = (await fixture.db.kysely.selectFrom('products').select('id').orderBy('id').limit(3).execute()).map((row) => row.id)
})
afterAll(() => fixture?.close())

const k = () => fixture.db.kysely
const closeComplaintsFor = (keys: string[]) =>
  k()
    .updateTable('users')
    .set({ disabled_menus: JSON.stringify(keys) })
    .where('email', '=', demoLogin('manager', 0).email)
    .execute()
beforeEach(() => closeComplaintsFor([]))

const send = (payload: unknown, cookie: string) =>
  fixture.app.inject({ method: 'POST', url: '/api/complaints/', payload: payload as object, headers: { cookie } })
const list = (cookie: string, query = '') => fixture.app.inject({ method: 'GET', url: `/api/complaints/${query}`, headers: { cookie } })

const admin = adminCommand(() => fixture)

describe('POST /api/complaints/ and GET /api/complaints/', () => {
  it('stores a complaint with its entries and comment under the company, state «Новая»; the company lists it with its products', async () => {
    const cookie = await loginAs(fixture, 'mainAccount', 0)
    const [first, second] = productIds as [number, number]
    const response = await send(
      {
        entries: [
          { product_id: first, quantity: '3' },
          { product_id: second, quantity: 12 },
        ],
        comment: ' Брак упаковки ',
      },
      cookie,
    )
    expect(response.statusCode, response.body).toBe(200)
    const { complaint } = complaintResponseSchema.parse(response.json())
    expect(complaint).toMatchObject({ state: 'new', comment: 'Брак упаковки' })
    expect(complaint.entries.map((entry) => [entry.product_id, entry.quantity])).toEqual([
      [first, 3],
      [second, 12],
    ])
    expect(complaint.entries[0]!.header).not.toBe('')

    const listed = complaintsResponseSchema.parse((await list(cookie)).json())
    expect(listed.complaints[0]).toEqual(complaint)
    expect(listed.pagination).toMatchObject({ page: 1, perpage: COMPLAINTS_PER_PAGE })

    // the company's manager sees the company's complaints too
    const colleague = complaintsResponseSchema.parse((await list(await loginAs(fixture, 'manager', 0))).json())
    expect(colleague.complaints.map((each) => each.id)).toContain(complaint.id)
  })

  it.each([
    ['quantity «01»', { entries: [{ product_id: 'P', quantity: '01' }] }, COMPLAINT_MESSAGES.badQuantity],
    ['quantity «0»', { entries: [{ product_id: 'P', quantity: '0' }] }, COMPLAINT_MESSAGES.badQuantity],
    ['quantity «-1»', { entries: [{ product_id: 'P', quantity: '-1' }] }, COMPLAINT_MESSAGES.badQuantity],
    ['quantity «1.5»', { entries: [{ product_id: 'P', quantity: '1.5' }] }, COMPLAINT_MESSAGES.badQuantity],
    ['quantity 1.5 as a number', { entries: [{ product_id: 'P', quantity: 1.5 }] }, COMPLAINT_MESSAGES.badQuantity],
    ['quantity 0 as a number', { entries: [{ product_id: 'P', quantity: 0 }] }, COMPLAINT_MESSAGES.badQuantity],
    ['an empty quantity', { entries: [{ product_id: 'P', quantity: '' }] }, COMPLAINT_MESSAGES.badQuantity],
    ['an unknown product', { entries: [{ product_id: 999_999, quantity: '1' }] }, COMPLAINT_MESSAGES.unknownProduct],
    ['no entries', { entries: [], comment: 'Брак' }, COMPLAINT_MESSAGES.noEntries],
    [
      'the same product twice',
      {
        entries: [
          { product_id: 'P', quantity: '1' },
          { product_id: 'P', quantity: '2' },
        ],
      },
      COMPLAINT_MESSAGES.repeatedProduct,
    ],
    ['a comment too long', { entries: [{ product_id: 'P', quantity: '1' }], comment: 'я'.repeat(2001) }, COMPLAINT_MESSAGES.commentTooLong],
    ['a control character in the comment', { entries: [{ product_id: 'P', quantity: '1' }], comment: 'Бр\u0000ак' }, 'управляющие'],
    ['nothing', {}, 'Некорректный запрос'],
  ])('refuses %s with 400 and a Russian message, storing nothing', async (_, payload, message) => {
    const cookie = await loginAs(fixture, 'mainAccount', 1)
    const withProduct = JSON.parse(JSON.stringify(payload).replaceAll('"P"', String(productIds[0]))) as object
    const before = [await readTable(fixture.db, 'complaints'), await readTable(fixture.db, 'complaint_entries')]
    const response = await send(withProduct, cookie)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json<{ message: string }>().message).toContain(message)
    expect([await readTable(fixture.db, 'complaints'), await readTable(fixture.db, 'complaint_entries')]).toEqual(before)
  })

  it('a company never reads nor writes another company’s complaints', async () => {
    const own = await loginAs(fixture, 'mainAccount', 0)
    const other = await loginAs(fixture, 'mainAccount', 1)
    const otherCustomer = await k().selectFrom('users').select('customer_id').where('email', '=', demoLogin('mainAccount', 1).email).executeTakeFirstOrThrow()
    const created = complaintResponseSchema.parse(
      (
        await send({ entries: [{ product_id: productIds[0], quantity: '1' }], comment: 'Только для своих', customer_id: otherCustomer.customer_id }, own)
      ).json(),
    ).complaint
    const stored = await k().selectFrom('complaints').select('customer_id').where('id', '=', created.id).executeTakeFirstOrThrow()
    expect(stored.customer_id).not.toBe(otherCustomer.customer_id)
    const seen = complaintsResponseSchema.parse((await list(other, '?perpage=100')).json())
    expect(seen.complaints.map((each) => each.id)).not.toContain(created.id)
    expect(JSON.stringify(seen)).not.toContain('Только для своих')
  })

  it('pages the list, newest first', async () => {
    const cookie = await loginAs(fixture, 'manager', 1)
    for (let index = 0; index < 3; index += 1) await send({ entries: [{ product_id: productIds[index % 3], quantity: String(index + 1) }] }, cookie)
    const page = complaintsResponseSchema.parse((await list(cookie, '?page=2&perpage=2')).json())
    expect(page.count).toBeGreaterThanOrEqual(3)
    expect(page.pagination).toEqual({ page: 2, perpage: 2, pages: Math.ceil(page.count / 2) })
    const all = complaintsResponseSchema.parse((await list(cookie, '?perpage=100')).json()).complaints.map((each) => each.id)
    expect(all).toEqual([...all].sort((a, b) => b - a))
    expect((await list(cookie, '?page=0')).statusCode).toBe(400)
  })

  it('a manager whose complaints section is closed gets 403 on both calls, storing nothing; without a session 401', async () => {
    await closeComplaintsFor(['complaints'])
    const cookie = await loginAs(fixture, 'manager', 0)
    const before = await readTable(fixture.db, 'complaints')
    const sent = await send({ entries: [{ product_id: productIds[0], quantity: '1' }] }, cookie)
    expect(sent.statusCode).toBe(403)
    expect(sent.json()).toEqual({ message: sectionClosedMessage('complaints') })
    expect((await list(cookie)).statusCode).toBe(403)
    expect(await readTable(fixture.db, 'complaints')).toEqual(before)
    expect((await fixture.app.inject({ method: 'GET', url: '/api/complaints/' })).statusCode).toBe(401)
  })

  it('npm run admin -- complaints lists them; complaint-state changes one, which the company then reads', async () => {
    const cookie = await loginAs(fixture, 'mainAccount', 0)
    const { complaint } = complaintResponseSchema.parse(
      (await send({ entries: [{ product_id: productIds[1], quantity: '7' }], comment: 'Для администратора' }, cookie)).json(),
    )
    const listed = await admin('complaints')
    expect(listed.code).toBe(0)
    expect(listed.text).toContain('Для администратора')
    expect(listed.text).toContain(demoLogin('mainAccount', 0).company)
    expect(await admin('complaint-state', String(complaint.id), 'accepted')).toEqual({ code: 0, text: `Рекламация ${complaint.id}: Принята` })
    const seen = complaintsResponseSchema.parse((await list(cookie)).json()).complaints.find((each) => each.id === complaint.id)
    expect(seen?.state).toBe('accepted')
    expect((await admin('complaint-state', String(complaint.id), 'toString')).code).toBe(1)
    expect((await admin('complaint-state', '999999', 'rejected')).code).toBe(1)
    expect((await admin('complaint-state', String(complaint.id))).code).toBe(2)
  })
})
