import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { DEMO_PASSWORD, demoLogin, loginCookie, readTable, startServer, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
beforeAll(async () => {
  fixture = await startServer({ env: { SESSIONS_PER_USER: '10' }, accountRateLimits: { login: 3, reminder: 2 } })
})
afterAll(() => fixture?.close())

const MINUTE_MS = 60_000
const nextWindow = () => fixture.clock.advance(MINUTE_MS)

const post = (url: string, payload: object, remoteAddress: string) => fixture.app.inject({ method: 'POST', url, payload, remoteAddress })
const sessionOf = (cookie: string) => fixture.app.inject({ method: 'GET', url: '/api/order/', headers: { cookie } })

describe('sessions per user', () => {
  it('keeps the 10 newest: the 11th and 12th sign-ins end the first two, the others keep working', async () => {
    const { email } = demoLogin('mainAccount', 1)
    const cookies: string[] = []
    for (let i = 0; i < 12; i++) {
      // a minute apart, so the per-account limit stays out of the way and "oldest" is plain
      nextWindow()
      cookies.push(await loginCookie(fixture.app, email))
    }
    const statuses = await Promise.all(cookies.map(async (cookie) => (await sessionOf(cookie)).statusCode))
    expect(statuses).toEqual([401, 401, ...Array<number>(10).fill(200)])
    const user = await fixture.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    const rows = (await readTable(fixture.db, 'sessions')).map((row) => JSON.parse(row as string) as { user_id: number })
    expect(rows.filter((row) => row.user_id === user.id)).toHaveLength(10)
  })

  it('a sign-in leaves other users’ sessions alone', async () => {
    nextWindow()
    const other = await loginCookie(fixture.app, demoLogin('manager', 1).email)
    for (let i = 0; i < 11; i++) {
      nextWindow()
      await loginCookie(fixture.app, demoLogin('mainAccount', 1).email)
    }
    expect((await sessionOf(other)).statusCode).toBe(200)
  })
})

describe('per-account limits', () => {
  it('stops logins to one account spread over many addresses, in any letter case; another account is not held up', async () => {
    nextWindow()
    const { email } = demoLogin('mainAccount')
    const wrong = (address: string, login = email) => post('/api/login/', { email: login, password: 'wrong-password' }, address)
    expect((await wrong('10.1.0.1')).statusCode).toBe(401)
    expect((await wrong('10.1.0.2', email.toUpperCase())).statusCode).toBe(401)
    expect((await post('/api/login/', { email, password: DEMO_PASSWORD }, '10.1.0.3')).statusCode).toBe(200)
    const over = await post('/api/login/', { email: ` ${email.toUpperCase()}`, password: DEMO_PASSWORD }, '10.1.0.4')
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts })
    expect(over.cookies).toEqual([])
    expect((await post('/api/login/', { email: demoLogin('manager').email, password: DEMO_PASSWORD }, '10.1.0.4')).statusCode).toBe(200)
    nextWindow()
    expect((await post('/api/login/', { email, password: DEMO_PASSWORD }, '10.1.0.5')).statusCode).toBe(200)
  })

  it('counts an account that does not exist alike, so the limit tells nothing about it', async () => {
    nextWindow()
    const answers = []
    for (let i = 0; i < 4; i++) answers.push((await post('/api/login/', { email: 'nobody@example.com', password: 'x' }, `10.2.0.${i}`)).statusCode)
    expect(answers).toEqual([401, 401, 401, 429])
  })

  it('stops reminders for one e-mail spread over many addresses, before any password is reset or mail sent', async () => {
    nextWindow()
    const { email } = demoLogin('manager')
    for (let i = 0; i < 2; i++) expect((await post('/reminder/', { email }, `10.3.0.${i}`)).json()).toMatchObject({ result: 1 })
    const resets = await readTable(fixture.db, 'password_resets')
    const mails = await readTable(fixture.db, 'outbox')
    const over = await post('/reminder/', { email: email.toUpperCase() }, '10.3.0.9')
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({ result: 0, message: AUTH_MESSAGES.tooManyAttempts })
    expect(await readTable(fixture.db, 'password_resets')).toEqual(resets)
    expect(await readTable(fixture.db, 'outbox')).toEqual(mails)
    nextWindow()
    expect((await post('/reminder/', { email }, '10.3.0.9')).json()).toMatchObject({ result: 1 })
  })
})
