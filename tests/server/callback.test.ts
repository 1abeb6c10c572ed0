import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CALLBACK_MESSAGES, callbackResponseSchema } from '../../src/contract/callback'
import { REQUIRED_MESSAGE } from '../../src/contract/common'
import { runAdminCommand } from '../../server/cli/admin'
import { createMailer } from '../../server/mail/mailer'
import { demoLogin, loginAs, readTable, startServer, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
beforeAll(async () => {
  fixture = await startServer()
})
afterAll(() => fixture?.close())

const PHONE = '+7 (912) 345-67-89'

const requestCallback = (payload: unknown, cookie?: string) =>
  fixture.app.inject({ method: 'POST', url: '/api/callback/', payload: payload as object, headers: cookie ? { cookie } : {} })

const adminDeps = () => ({
  db: fixture.db,
  now: fixture.clock.now,
  mailer: createMailer({ db: fixture.db, from: 'x', now: fixture.clock.now, log: { info: () => {}, error: () => {} } }),
})

describe('POST /api/callback/ {data{phone, firstname}}', () => {
  it('keeps the request under the account and its company and answers status success; the admin lists it', async () => {
    const cookie = await loginAs(fixture, 'manager', 0)
    const response = await requestCallback({ data: { phone: PHONE, firstname: '  Ольга ' } }, cookie)
    expect(response.statusCode, response.body).toBe(200)
    expect(callbackResponseSchema.parse(response.json())).toEqual({ status: 'success' })
    const user = await fixture.db.kysely
      .selectFrom('users')
      .select(['id', 'customer_id'])
      .where('email', '=', demoLogin('manager', 0).email)
      .executeTakeFirstOrThrow()
    const rows = await fixture.db.kysely.selectFrom('callback_requests').selectAll().execute()
    expect(rows).toEqual([expect.objectContaining({ user_id: user.id, customer_id: user.customer_id, firstname: 'Ольга', phone: PHONE })])

    const lines: string[] = []
    expect(await runAdminCommand(['callbacks'], adminDeps(), (text) => lines.push(text))).toBe(0)
    expect(lines.join('\n')).toContain('Ольга')
    expect(lines.join('\n')).toContain(PHONE)
    expect(lines.join('\n')).toContain(demoLogin('manager', 0).company)
  })

  it.each([
    ['no data', {}],
    ['an empty name', { data: { phone: PHONE, firstname: '   ' } }],
    ['a phone outside the mask', { data: { phone: '89123456789', firstname: 'Ольга' } }],
    ['a control character', { data: { phone: PHONE, firstname: 'Оль\u0000га' } }],
    ['a number for a name', { data: { phone: PHONE, firstname: 5 } }],
  ])('refuses %s with 400 and a message in the answer’s shape, storing nothing', async (_, payload) => {
    const cookie = await loginAs(fixture, 'mainAccount', 1)
    const before = await readTable(fixture.db, 'callback_requests')
    const response = await requestCallback(payload, cookie)
    expect(response.statusCode, response.body).toBe(400)
    const answer = callbackResponseSchema.parse(response.json())
    expect(answer.status).not.toBe('success')
    expect(answer.message).toMatch(/^Некорректный запрос/)
    expect(await readTable(fixture.db, 'callback_requests')).toEqual(before)
  })

  it('names the empty name with the spec’s required message', async () => {
    const cookie = await loginAs(fixture, 'mainAccount', 1)
    const response = await requestCallback({ data: { phone: PHONE, firstname: '' } }, cookie)
    expect(response.json<{ message: string }>().message).toContain(REQUIRED_MESSAGE)
  })

  it('answers 401 without a session', async () => {
    expect((await requestCallback({ data: { phone: PHONE, firstname: 'Ольга' } })).statusCode).toBe(401)
  })

  it('limits each account to its hourly requests (429 with a Russian message), counted in the database; an hour later it takes them again', async () => {
    const cookie = await loginAs(fixture, 'mainAccount', 0)
    const other = await loginAs(fixture, 'manager', 1)
    const limit = fixture.config.callbacksPerHour
    for (let index = 0; index < limit; index += 1) expect((await requestCallback({ data: { phone: PHONE, firstname: 'Иван' } }, cookie)).statusCode).toBe(200)
    const refused = await requestCallback({ data: { phone: PHONE, firstname: 'Иван' } }, cookie)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ status: 'error', message: CALLBACK_MESSAGES.tooMany })
    // another account is not limited by this one's requests
    expect((await requestCallback({ data: { phone: PHONE, firstname: 'Пётр' } }, other)).statusCode).toBe(200)
    const rows = await fixture.db.kysely.selectFrom('rate_limits').select('key').where('key', 'like', 'callback:%').execute()
    expect(rows.length).toBeGreaterThanOrEqual(2)
    fixture.clock.advance(60 * 60_000 + 1)
    expect((await requestCallback({ data: { phone: PHONE, firstname: 'Иван' } }, cookie)).statusCode).toBe(200)
  })
})
