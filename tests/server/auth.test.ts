import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountResponseSchema } from '../../src/contract/account'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { buildApp } from '../../server/app'
import { hashPassword, verifyPassword } from '../../server/auth/passwords'
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../server/auth/sessions'
import { createMailer } from '../../server/mail/mailer'
import { cookieValue, demoLogin, loginAs, loginCookie, startServer, DEMO_PASSWORD, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
beforeAll(async () => {
  fixture = await startServer()
})
afterAll(() => fixture?.close())

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  fixture.app.inject({ method: 'POST', url: '/api/login/', payload: payload as object, headers })
const session = (cookie?: string) => fixture.app.inject({ method: 'GET', url: '/api/session/', headers: cookie ? { cookie } : {} })
const setUser = (email: string, values: { approval?: 'pending' | 'approved' | 'rejected'; enabled?: string }) =>
  fixture.db.kysely.updateTable('users').set(values).where('email', '=', email).execute()

describe('passwords', () => {
  it('stores scrypt with its parameters and verifies timing-safely', async () => {
    const stored = await hashPassword('секрет-123')
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/)
    expect(await verifyPassword('секрет-123', stored)).toBe(true)
    expect(await verifyPassword('секрет-124', stored)).toBe(false)
    expect(await verifyPassword('x', 'garbage')).toBe(false)
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })
})

describe('login', () => {
  it('signs a demo main account in with an HttpOnly, SameSite=Lax session cookie', async () => {
    const { email } = demoLogin('mainAccount')
    const response = await login({ email, password: DEMO_PASSWORD })
    expect(response.statusCode).toBe(200)
    const { account } = accountResponseSchema.parse(response.json())
    expect(account.email).toBe(email)
    expect(account.type_id).toBe('1')
    expect(account.contracts.length).toBeGreaterThan(0)

    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!
    expect(cookie.value).toMatch(/^[0-9a-f]{32}$/)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie.secure).toBeFalsy()
    expect(cookie.maxAge).toBe(SESSION_TTL_MS / 1000)

    // only the hash of the id is stored
    const rows = await fixture.db.kysely.selectFrom('sessions').selectAll().execute()
    const hashed = createHash('sha256').update(cookie.value).digest('hex')
    expect(rows.some((row) => row.id === hashed)).toBe(true)
    expect(rows.some((row) => row.id === cookie.value)).toBe(false)
  })

  it('treats the e-mail case-insensitively and gives a new session id at every login', async () => {
    const { email } = demoLogin('manager')
    const first = await loginCookie(fixture.app, email.toUpperCase())
    const second = await loginCookie(fixture.app, `  ${email} `)
    expect(first).not.toBe(second)
    expect((await session(first)).statusCode).toBe(200)
    expect((await session(second)).statusCode).toBe(200)
  })

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await login({ email: demoLogin('mainAccount').email, password: 'не-тот' })
    const unknown = await login({ email: 'nobody@example.com', password: DEMO_PASSWORD })
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.wrongCredentials })
      expect(cookieValue(response, SESSION_COOKIE)).toBeUndefined()
    }
  })

  it('refuses pending, rejected and disabled users after a right password', async () => {
    const { email } = demoLogin('manager', 1)
    const cases = [
      [{ approval: 'pending' as const }, AUTH_MESSAGES.notApproved],
      [{ approval: 'rejected' as const }, AUTH_MESSAGES.rejected],
      [{ approval: 'approved' as const, enabled: '0' }, AUTH_MESSAGES.disabled],
    ] as const
    for (const [values, message] of cases) {
      await setUser(email, values)
      const response = await login({ email, password: DEMO_PASSWORD })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message })
    }
    await setUser(email, { approval: 'approved', enabled: '1' })
    expect((await login({ email, password: DEMO_PASSWORD })).statusCode).toBe(200)
  })

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const mailer = createMailer({ db: fixture.db, from: 'x', now: fixture.clock.now, log: { info: () => {}, error: () => {} } })
    const app = await buildApp({ db: fixture.db, config: { ...fixture.config, trustProxy: true }, mailer, now: fixture.clock.now })
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: demoLogin('mainAccount').email, password: DEMO_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true)
    } finally {
      await app.close()
    }
  })
})

describe('session and logout', () => {
  // asking who is signed in is not an error: nobody is { account: null }, a 200
  const signedOut = async (cookie?: string) => {
    const response = await session(cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ account: null })
  }

  it('answers no account without a session, with a forged one and after expiry', async () => {
    const cookie = await loginAs(fixture, 'mainAccount')
    expect(accountResponseSchema.parse((await session(cookie)).json()).account.email).toBe(demoLogin('mainAccount').email)
    for (const bad of [undefined, `${SESSION_COOKIE}=forged`, `${SESSION_COOKIE}=${'0'.repeat(32)}`]) await signedOut(bad)
    // a call that needs a session still answers 401
    const orders = await fixture.app.inject({ method: 'GET', url: '/api/order/' })
    expect(orders.statusCode).toBe(401)
    expect(orders.json()).toEqual({ message: AUTH_MESSAGES.noSession })
    fixture.clock.advance(SESSION_TTL_MS + 1)
    try {
      await signedOut(cookie)
    } finally {
      fixture.clock.advance(-(SESSION_TTL_MS + 1))
    }
  })

  it('ends a session for a user disabled meanwhile', async () => {
    const { email } = demoLogin('manager')
    const cookie = await loginCookie(fixture.app, email)
    await setUser(email, { enabled: '0' })
    try {
      await signedOut(cookie)
    } finally {
      await setUser(email, { enabled: '1' })
    }
  })

  it('logs out: deletes the session row and clears the cookie', async () => {
    const cookie = await loginAs(fixture, 'mainAccount')
    const before = await fixture.db.kysely.selectFrom('sessions').select('id').execute()
    const response = await fixture.app.inject({ method: 'POST', url: '/api/logout/', payload: {}, headers: { cookie } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ok: true })
    const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE)
    expect(cleared?.value).toBe('')
    const after = await fixture.db.kysely.selectFrom('sessions').select('id').execute()
    expect(after.length).toBe(before.length - 1)
    await signedOut(cookie)
    // without a session (or with no body at all) logging out is still fine
    expect((await fixture.app.inject({ method: 'POST', url: '/api/logout/' })).json()).toEqual({ ok: true })
  })
})

describe('GET /api/account/:id/', () => {
  const accountId = async (cookie: string) => accountResponseSchema.parse((await session(cookie)).json()).account.id
  const getAccount = (cookie: string, id: string | number) => fixture.app.inject({ method: 'GET', url: `/api/account/${id}/`, headers: { cookie } })

  it('answers one own account; a main account may read its managers, nobody else', async () => {
    const main = await loginAs(fixture, 'mainAccount')
    const manager = await loginAs(fixture, 'manager')
    const foreign = await loginAs(fixture, 'mainAccount', 1)
    const [mainId, managerId] = [await accountId(main), await accountId(manager)]

    expect(accountResponseSchema.parse((await getAccount(main, mainId)).json()).account.id).toBe(mainId)
    expect(accountResponseSchema.parse((await getAccount(main, managerId)).json()).account.id).toBe(managerId)
    expect((await getAccount(manager, managerId)).statusCode).toBe(200)
    for (const [cookie, id] of [
      [manager, mainId],
      [foreign, mainId],
      [foreign, managerId],
      [main, 2 ** 40],
      [main, 999_999],
    ] as const) {
      const response = await getAccount(cookie, id)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    }
    const bad = await getAccount(main, 'abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^Некорректный запрос/)
    expect((await fixture.app.inject({ method: 'GET', url: `/api/account/${mainId}/` })).statusCode).toBe(401)
  })
})

describe('errors', () => {
  it('answers an unknown API method with a Russian 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await fixture.app.inject({ method, url: '/api/noSuchMethod/', payload: method === 'POST' ? {} : undefined })
      expect(response.statusCode).toBe(404)
      expect(response.json().message).toBe(`Неизвестный метод API: ${method} /api/noSuchMethod/`)
    }
  })

  it('answers an undecodable address with a Russian 400', async () => {
    const response = await fixture.app.inject({ method: 'GET', url: '/api/account/%E0%A4%A/' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: 'Некорректный запрос: неверный адрес' })
  })

  it('answers a real bug with 500 and a Russian message, not its details', async () => {
    const mailer = createMailer({ db: fixture.db, from: 'x', now: fixture.clock.now, log: { info: () => {}, error: () => {} } })
    const app = await buildApp({ db: fixture.db, config: fixture.config, mailer, now: fixture.clock.now })
    app.get('/api/boom/', async () => {
      throw new Error('secret detail')
    })
    try {
      const response = await app.inject({ method: 'GET', url: '/api/boom/' })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ message: 'Внутренняя ошибка сервера. Повторите попытку позже.' })
    } finally {
      await app.close()
    }
  })

  it('answers malformed bodies with 4xx and a Russian message', async () => {
    const cases = [
      { payload: '{"email":', type: 'application/json', status: 400 },
      { payload: '', type: 'application/json', status: 400 },
      { payload: '<xml/>', type: 'application/xml', status: 415 },
      { payload: JSON.stringify({ email: 'x'.repeat(1_100_000), password: 'p' }), type: 'application/json', status: 413 },
      { payload: JSON.stringify({ email: 5 }), type: 'application/json', status: 400 },
      { payload: '{"__proto__":{"x":1}}', type: 'application/json', status: 400 },
    ]
    for (const { payload, type, status } of cases) {
      const response = await fixture.app.inject({ method: 'POST', url: '/api/login/', payload, headers: { 'content-type': type } })
      expect(response.statusCode, payload.slice(0, 40)).toBe(status)
      expect(response.json().message).toMatch(/[А-Яа-яЁё]/)
    }
  })
})
