import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { REMINDER_MESSAGES, reminderResponseSchema } from '../../src/contract/registration'
import { DEMO_PASSWORD, demoLogin, readTable, startServer, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
beforeAll(async () => {
  fixture = await startServer()
})
afterAll(() => fixture?.close())

const remind = (payload: unknown) => fixture.app.inject({ method: 'POST', url: '/reminder/', payload: payload as object })
const login = (email: string, password: string) => fixture.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password } })
const DAY_MS = 24 * 60 * 60 * 1000

/** The temporary password from the latest reminder mail to `email`. */
async function temporaryPasswordMailedTo(email: string): Promise<string> {
  const mails = await fixture.db.kysely.selectFrom('outbox').selectAll().where('recipient', '=', email).orderBy('id', 'desc').execute()
  const body = mails[0]?.body ?? ''
  expect(body).toContain(`Логин: ${email}`)
  const password = /Временный пароль: (\S+)/.exec(body)?.[1]
  if (!password) throw new Error(`no temporary password in: ${body}`)
  return password
}

describe('POST /reminder/', () => {
  it('answers an empty e-mail with 400 "Вы ничего не ввели"', async () => {
    for (const email of ['', '   ']) {
      const response = await remind({ email })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ result: 0, message: REMINDER_MESSAGES.empty })
    }
    const malformed = await remind({ mail: 'x' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ result: 0, message: expect.stringMatching(/^Некорректный запрос/) })
  })

  it('answers an unknown e-mail with result 0 and sends nothing', async () => {
    const outbox = (await readTable(fixture.db, 'outbox')).length
    const response = await remind({ email: 'nobody@example.com' })
    expect(response.statusCode).toBe(200)
    expect(reminderResponseSchema.parse(response.json())).toEqual({ result: 0, message: REMINDER_MESSAGES.unknown })
    expect((await readTable(fixture.db, 'outbox')).length).toBe(outbox)
    expect(await readTable(fixture.db, 'password_resets')).toEqual([])
  })

  it('mails a temporary password; the old one keeps working until the temporary one is used', async () => {
    const { email } = demoLogin('manager')
    const response = await remind({ email: email.toUpperCase() })
    expect(response.json()).toEqual({ result: 1, message: REMINDER_MESSAGES.sent })
    const temporary = await temporaryPasswordMailedTo(email)
    expect(temporary).toMatch(/^[A-Za-z0-9]{10}$/)
    const reset = await fixture.db.kysely.selectFrom('password_resets').selectAll().executeTakeFirstOrThrow()
    expect(reset.password_hash).toMatch(/^scrypt\$/)
    expect(Date.parse(reset.expires_at) - fixture.clock.now().getTime()).toBe(DAY_MS)

    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200)
    expect((await login(email, temporary)).statusCode).toBe(200)
    // the temporary password is now the password; the reset is spent
    expect(await readTable(fixture.db, 'password_resets')).toEqual([])
    expect((await login(email, DEMO_PASSWORD)).json()).toEqual({ message: AUTH_MESSAGES.wrongCredentials })
    expect((await login(email, temporary)).statusCode).toBe(200)
  })

  it('replaces an earlier temporary password, and a temporary password expires after a day', async () => {
    const { email } = demoLogin('mainAccount', 1)
    await remind({ email })
    const first = await temporaryPasswordMailedTo(email)
    await remind({ email })
    const second = await temporaryPasswordMailedTo(email)
    expect((await login(email, first)).statusCode).toBe(401)

    fixture.clock.advance(DAY_MS + 1)
    try {
      expect((await login(email, second)).statusCode).toBe(401)
      expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200)
    } finally {
      fixture.clock.advance(-(DAY_MS + 1))
    }
  })
})
