import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { countAttempt } from '../../server/auth/rate-limit'
import { DEMO_PASSWORD, demoLogin, readTable, snapshotAllTables, startServer, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
beforeAll(async () => {
  fixture = await startServer({ rateLimits: { login: 3, registration: 2, reminder: 2, captcha: 2 } })
})
afterAll(() => fixture?.close())

const MINUTE_MS = 60_000
const credentials = () => ({ email: demoLogin('mainAccount').email, password: DEMO_PASSWORD })
const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  fixture.app.inject({ method: 'POST', url, payload, headers: { host: 'cabinet.example', ...headers }, remoteAddress })

/** Moves the clock to the start of a fresh rate-limit window for every key. */
const nextWindow = () => fixture.clock.advance(MINUTE_MS)

describe('CSRF guard', () => {
  it('refuses a state-changing request from another site', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      { referer: 'not a url' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://cabinet.example:8080' },
    ]
    for (const headers of foreign) {
      nextWindow()
      const response = await post('/api/login/', credentials(), headers)
      expect(response.statusCode, JSON.stringify(headers)).toBe(403)
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.csrf })
    }
    const registration = await post('/registration/', {}, { origin: 'https://evil.example' })
    expect(registration.statusCode).toBe(403)
    expect(registration.json()).toMatchObject({ message: AUTH_MESSAGES.csrf })
  })

  it('lets same-origin requests and requests naming no source through; GETs are never checked', async () => {
    const own: Record<string, string>[] = [
      {},
      { origin: 'http://cabinet.example' },
      { origin: 'https://cabinet.example' },
      { referer: 'http://cabinet.example/login/' },
      { origin: 'http://cabinet.example', 'sec-fetch-site': 'same-origin' },
    ]
    for (const headers of own) {
      nextWindow()
      expect((await post('/api/login/', credentials(), headers)).statusCode, JSON.stringify(headers)).toBe(200)
    }
    const get = await fixture.app.inject({ method: 'GET', url: '/registration/captcha', headers: { origin: 'https://evil.example' } })
    expect(get.statusCode).toBe(200)
  })
})

describe('rate limits', () => {
  it('limits logins per IP and minute, counts right and wrong passwords alike, and forgets after the window', async () => {
    nextWindow()
    const wrong = { ...credentials(), password: 'wrong-password' }
    expect((await post('/api/login/', wrong)).statusCode).toBe(401)
    expect((await post('/api/login/', credentials())).statusCode).toBe(200)
    expect((await post('/api/login/', wrong)).statusCode).toBe(401)
    const over = await post('/api/login/', credentials())
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts })
    // another address has its own count
    expect((await post('/api/login/', credentials(), {}, '10.0.0.2')).statusCode).toBe(200)

    fixture.clock.advance(MINUTE_MS - 1)
    expect((await post('/api/login/', credentials())).statusCode).toBe(429)
    fixture.clock.advance(1)
    expect((await post('/api/login/', credentials())).statusCode).toBe(200)
  })

  it('does not count malformed requests: they never touch the database', async () => {
    nextWindow()
    const before = await snapshotAllTables(fixture.db)
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/login/', { email: '' })).statusCode).toBe(400)
      expect((await post('/registration/', { company: 1 })).statusCode).toBe(400)
      expect((await post('/reminder/', { email: '' })).statusCode).toBe(400)
    }
    expect(await snapshotAllTables(fixture.db)).toEqual(before)
  })

  it('limits registration and reminder, each in its own answer shape', async () => {
    nextWindow()
    const form = { company: 'ООО', inn: '7707083893', name: 'Имя', email: 'a@example.com', phone: '+7 (903) 123-45-67', password: '12345678', captcha: 'x' }
    for (let i = 0; i < 2; i++) expect((await post('/registration/', form)).json().state).toBe('error')
    const registration = await post('/registration/', form)
    expect(registration.statusCode).toBe(429)
    expect(registration.json()).toEqual({ state: 'error', message: AUTH_MESSAGES.tooManyAttempts })

    for (let i = 0; i < 2; i++) expect((await post('/reminder/', { email: 'nobody@example.com' })).statusCode).toBe(200)
    const reminder = await post('/reminder/', { email: 'nobody@example.com' })
    expect(reminder.statusCode).toBe(429)
    expect(reminder.json()).toEqual({ result: 0, message: AUTH_MESSAGES.tooManyAttempts })
  })

  it('limits captcha pictures, so a client without the cookie cannot fill the captchas table', async () => {
    nextWindow()
    const picture = () => fixture.app.inject({ method: 'GET', url: '/registration/captcha', remoteAddress: '10.0.0.7' })
    for (let i = 0; i < 2; i++) expect((await picture()).statusCode).toBe(200)
    const rows = (await readTable(fixture.db, 'captchas')).length
    const over = await picture()
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({ message: AUTH_MESSAGES.tooManyAttempts })
    expect(await readTable(fixture.db, 'captchas')).toHaveLength(rows)
  })

  it('counts concurrent attempts exactly (one upsert per attempt)', async () => {
    const now = fixture.clock.now()
    const counts = await Promise.all(Array.from({ length: 25 }, () => countAttempt(fixture.db, 'test:concurrent', now)))
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
    const rows = (await readTable(fixture.db, 'rate_limits')).map((row) => JSON.parse(row as string))
    expect(rows.find((row) => row.key === 'test:concurrent')).toMatchObject({ hits: 25, window_started_at: now.getTime() })
  })

  it('forgets the windows of addresses that have gone quiet', async () => {
    const start = fixture.clock.now()
    await countAttempt(fixture.db, 'test:quiet', start)
    const later = new Date(start.getTime() + 3 * 60_000)
    await countAttempt(fixture.db, 'test:active', later)
    const keys = (await readTable(fixture.db, 'rate_limits')).map((row) => JSON.parse(row as string).key)
    expect(keys).toContain('test:active')
    expect(keys).not.toContain('test:quiet')
  })
})
