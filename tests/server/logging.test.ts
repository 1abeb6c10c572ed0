import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { innWithControlDigits } from '../../src/contract/inn'
import { SESSION_COOKIE } from '../../server/auth/sessions'
import { cookieValue, demoLogin, DEMO_PASSWORD, solveCaptcha, startServer, type ServerFixture } from '../support/server-fixture'

/**
 * Issue 26: the request log is JSON lines from Fastify's pino, each request's lines carry its id,
 * which the answer's X-Request-Id names; no password, session id or captcha answer is ever in it.
 */
const lines: string[] = []
let fixture: ServerFixture

beforeAll(async () => {
  fixture = await startServer({ log: { logLevel: 'trace', logStream: { write: (line) => void lines.push(line) } } })
})
afterAll(() => fixture?.close())

const linesOf = (requestId: string) => lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string }).filter((line) => line.reqId === requestId)

describe('the request log', () => {
  it('never holds the password, the session id or the captcha answer, while each answer names its request', async () => {
    const email = demoLogin('mainAccount').email
    const login = await fixture.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password: DEMO_PASSWORD } })
    expect(login.statusCode).toBe(200)
    const sessionId = cookieValue(login, SESSION_COOKIE)!
    const session = await fixture.app.inject({
      method: 'GET',
      url: '/api/session/',
      headers: { cookie: `${SESSION_COOKIE}=${sessionId}`, authorization: `Bearer ${sessionId}` },
    })
    expect(session.statusCode).toBe(200)

    const captcha = await solveCaptcha(fixture)
    const registration = await fixture.app.inject({
      method: 'POST',
      url: '/registration/',
      headers: { cookie: captcha.cookie },
      payload: {
        company: 'ООО «Журнал»',
        inn: innWithControlDigits('7712345678'.slice(0, 9)),
        name: 'Орлов Пётр Ильич',
        email: 'log.check@example.com',
        phone: '+7 (903) 123-45-67',
        password: 'секретный-пароль-регистрации',
        captcha: captcha.answer,
      },
    })
    expect(registration.json()).toMatchObject({ state: 'success' })
    const reminder = await fixture.app.inject({ method: 'POST', url: '/reminder/', payload: { email } })
    expect(reminder.statusCode).toBe(200)
    const invitation = await fixture.app.inject({ method: 'GET', url: '/cabinet/invitation/?token=секрет-приглашения&x=1' })

    const log = lines.join('\n')
    expect(lines.length).toBeGreaterThan(10)
    for (const secret of [DEMO_PASSWORD, 'секретный-пароль-регистрации', sessionId, captcha.answer, encodeURIComponent('секрет-приглашения')]) {
      expect(log, secret).not.toContain(secret)
    }
    for (const answer of [login, session, captcha.response, registration, reminder, invitation]) {
      const requestId = String(answer.headers['x-request-id'])
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
      expect(linesOf(requestId).map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']))
    }
  })

  it('keeps a short safe X-Request-Id from the caller and replaces any other', async () => {
    const kept = await fixture.app.inject({ method: 'GET', url: '/api/ping/', headers: { 'x-request-id': 'proxy-42.a' } })
    expect(kept.headers['x-request-id']).toBe('proxy-42.a')
    expect(linesOf('proxy-42.a')).not.toEqual([])
    for (const unsafe of ['a b', 'x'.repeat(65), '<script>', 'id;drop', '']) {
      const replaced = await fixture.app.inject({ method: 'GET', url: '/api/ping/', headers: { 'x-request-id': unsafe } })
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('names the request on an answer Fastify refuses before any route (a broken address)', async () => {
    const response = await fixture.app.inject({ method: 'GET', url: '/api/%E0%A4%A/' })
    expect(response.statusCode).toBe(400)
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})
