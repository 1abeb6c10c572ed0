import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { innWithControlDigits } from '../../src/contract/inn'
import { REQUIRED_MESSAGE } from '../../src/contract/common'
import { CAPTCHA_TTL_MS, REGISTRATION_MESSAGES, registrationResponseSchema } from '../../src/contract/registration'
import { CAPTCHA_ALPHABET, CAPTCHA_COOKIE, CAPTCHA_LENGTH } from '../../server/auth/captchas'
import { approveRegistration, listPendingRegistrations, rejectRegistration, runAdminCommand, USAGE } from '../../server/cli/admin'
import { createMailer } from '../../server/mail/mailer'
import { renderCaptchaSvg } from '../../server/routes/captcha-image'
import { demoLogin, loginCookie, readTable, solveCaptcha, startServer, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
beforeAll(async () => {
  fixture = await startServer()
})
afterAll(() => fixture?.close())

let registrations = 0
/** A valid form with a fresh e-mail and INN. */
function form(overrides: Record<string, unknown> = {}) {
  registrations += 1
  return {
    company: `ООО «Новый дилер ${registrations}»`,
    inn: innWithControlDigits(String(770_000_000 + registrations)),
    name: 'Орлов Пётр Ильич',
    email: `new.dealer${registrations}@example.com`,
    phone: '+7 (903) 123-45-67',
    password: 'надёжный-пароль',
    captcha: '',
    ...overrides,
  }
}

const register = (payload: object, cookie?: string) =>
  fixture.app.inject({ method: 'POST', url: '/registration/', payload, headers: cookie ? { cookie } : {} })

async function registerWithCaptcha(overrides: Record<string, unknown> = {}) {
  const captcha = await solveCaptcha(fixture)
  const payload = form({ captcha: captcha.answer.toUpperCase(), ...overrides })
  return { response: await register(payload, captcha.cookie), payload }
}

const adminDeps = () => ({
  db: fixture.db,
  now: fixture.clock.now,
  mailer: createMailer({ db: fixture.db, from: 'x', now: fixture.clock.now, log: { info: () => {}, error: () => {} } }),
})

describe('captcha picture', () => {
  it('is an uncached SVG with a captcha cookie; a new picture replaces the answer for the same cookie', async () => {
    const first = await solveCaptcha(fixture)
    expect(first.response.statusCode).toBe(200)
    expect(first.response.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(first.response.headers['cache-control']).toBe('no-store')
    expect(first.response.body).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    const cookie = first.response.cookies.find((c) => c.name === CAPTCHA_COOKIE)!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(first.answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET.toLowerCase()}]{${CAPTCHA_LENGTH}}$`))
    // the answer is drawn, never written into the picture
    expect(first.response.body.toLowerCase()).not.toContain(first.answer)
    expect(first.response.body).not.toContain('<text')

    const again = await solveCaptcha(fixture, first.cookie)
    expect(again.cookie).toBe(first.cookie)
    const rows = (await readTable(fixture.db, 'captchas')).map((row) => JSON.parse(row as string))
    expect(rows.filter((row) => row.id === first.cookie.split('=')[1])).toEqual([expect.objectContaining({ answer: again.answer, used: 0 })])
  })

  it('draws every character of the alphabet with strokes, turned and jittered', () => {
    const svg = renderCaptchaSvg(CAPTCHA_ALPHABET.slice(0, 5))
    expect(svg.match(/<path /g)!.length).toBe(5 + 5)
    for (let start = 0; start < CAPTCHA_ALPHABET.length; start += 5) {
      expect(() => renderCaptchaSvg(CAPTCHA_ALPHABET.slice(start, start + 5))).not.toThrow()
    }
    expect(renderCaptchaSvg('ABCDE')).not.toBe(renderCaptchaSvg('ABCDE'))
  })
})

describe('POST /registration/', () => {
  it('registers a customer pending approval in one go and mails the applicant', async () => {
    const before = (await readTable(fixture.db, 'users')).length
    const { response, payload } = await registerWithCaptcha({ email: 'Mixed.Case@Example.com' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ state: 'success', message: REGISTRATION_MESSAGES.success })

    const user = await fixture.db.kysely.selectFrom('users').selectAll().where('email', '=', 'mixed.case@example.com').executeTakeFirstOrThrow()
    expect(user).toMatchObject({ type_id: '1', approval: 'pending', phone: payload.phone, name: payload.name, enabled: '1' })
    expect(user.password_hash).toMatch(/^scrypt\$/)
    const customer = await fixture.db.kysely.selectFrom('customers').selectAll().where('id', '=', user.customer_id).executeTakeFirstOrThrow()
    expect(customer).toMatchObject({ company: payload.company, inn: payload.inn })
    const contragents = await fixture.db.kysely.selectFrom('contragents').selectAll().where('customer_id', '=', user.customer_id).execute()
    expect(contragents).toEqual([expect.objectContaining({ company: payload.company, inn: payload.inn, is_new: 1 })])
    expect((await readTable(fixture.db, 'users')).length).toBe(before + 1)

    const mail = await fixture.db.kysely.selectFrom('outbox').selectAll().where('recipient', '=', 'mixed.case@example.com').execute()
    expect(mail.map((m) => m.subject)).toEqual(['Заявка на регистрацию получена'])

    // pending: the password is right but the cabinet stays closed
    const login = await fixture.app.inject({ method: 'POST', url: '/api/login/', payload: { email: 'mixed.case@example.com', password: payload.password } })
    expect(login.statusCode).toBe(403)
    expect(login.json()).toEqual({ message: AUTH_MESSAGES.notApproved })
  })

  it('refuses a wrong, missing, expired or reused captcha', async () => {
    const wrong = await solveCaptcha(fixture)
    const wrongAnswer = wrong.answer === 'aaaaa' ? 'bbbbb' : 'aaaaa'
    expect((await register(form({ captcha: wrongAnswer }), wrong.cookie)).json()).toEqual({ state: 'error', message: REGISTRATION_MESSAGES.captchaWrong })
    // the wrong try used it up: the right answer no longer helps
    expect((await register(form({ captcha: wrong.answer }), wrong.cookie)).json()).toEqual({ state: 'error', message: REGISTRATION_MESSAGES.captchaWrong })

    expect((await register(form({ captcha: 'abcde' }))).json()).toEqual({ state: 'error', message: REGISTRATION_MESSAGES.captchaWrong })
    expect((await register(form({ captcha: 'abcde' }), `${CAPTCHA_COOKIE}=forged`)).json().message).toBe(REGISTRATION_MESSAGES.captchaWrong)

    const expired = await solveCaptcha(fixture)
    fixture.clock.advance(CAPTCHA_TTL_MS + 1)
    try {
      const response = await register(form({ captcha: expired.answer }), expired.cookie)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ state: 'error', message: REGISTRATION_MESSAGES.captchaExpired })
    } finally {
      fixture.clock.advance(-(CAPTCHA_TTL_MS + 1))
    }

    const used = await solveCaptcha(fixture)
    expect((await register(form({ captcha: used.answer }), used.cookie)).json().state).toBe('success')
    expect((await register(form({ captcha: used.answer }), used.cookie)).json()).toEqual({ state: 'error', message: REGISTRATION_MESSAGES.captchaWrong })
  })

  it('refuses an e-mail already registered, in any case', async () => {
    const taken = demoLogin('mainAccount').email.toUpperCase()
    const customersBefore = (await readTable(fixture.db, 'customers')).length
    const { response } = await registerWithCaptcha({ email: taken })
    expect(response.json()).toEqual({ state: 'error', message: REGISTRATION_MESSAGES.emailTaken })
    expect((await readTable(fixture.db, 'customers')).length).toBe(customersBefore)
  })

  it('answers invalid fields with 400 and the form message, leaving the captcha unused', async () => {
    const captcha = await solveCaptcha(fixture)
    const cases: [Record<string, unknown>, string][] = [
      [{ company: '  ' }, REQUIRED_MESSAGE],
      [{ inn: '12345' }, 'ИНН состоит из 10 или 12 цифр'],
      [{ inn: '7707083894' }, 'Неверный ИНН: не сходятся контрольные цифры'],
      [{ inn: '500100732258' }, 'Неверный ИНН: не сходятся контрольные цифры'],
      [{ email: 'not-an-email' }, 'Введите корректный e-mail'],
      [{ phone: '89031234567' }, 'Телефон в формате +7 (xxx) xxx-xx-xx'],
      [{ password: 'short' }, 'Пароль не короче 8 символов'],
      [{ captcha: '' }, REQUIRED_MESSAGE],
    ]
    for (const [overrides, message] of cases) {
      const response = await register(form({ captcha: captcha.answer, ...overrides }), captcha.cookie)
      expect(response.statusCode).toBe(400)
      expect(registrationResponseSchema.parse(response.json())).toEqual({ state: 'error', message })
    }
    const missing = await register({ company: 'ООО' }, captcha.cookie)
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ state: 'error', message: expect.stringMatching(/^Некорректный запрос/) })
    const notJson = await fixture.app.inject({ method: 'POST', url: '/registration/', payload: '{', headers: { 'content-type': 'application/json' } })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json()).toMatchObject({ state: 'error' })

    expect((await register(form({ captcha: captcha.answer }), captcha.cookie)).json().state).toBe('success')
  })
})

describe('approval by the administrator (admin CLI)', () => {
  it('lists pending registrations, approves one with a new supply contract, and the applicant can log in', async () => {
    const { payload } = await registerWithCaptcha()
    const pending = await listPendingRegistrations(fixture.db)
    expect(pending).toContainEqual(expect.objectContaining({ email: payload.email, company: payload.company, inn: payload.inn, phone: payload.phone }))

    const lines: string[] = []
    expect(await runAdminCommand(['pending'], adminDeps(), (text) => lines.push(text))).toBe(0)
    expect(lines.join('\n')).toContain(payload.email)

    const contract = await approveRegistration(adminDeps(), payload.email.toUpperCase())
    expect(contract).toMatch(new RegExp(`^Договор поставки № \\d+/${fixture.clock.now().getFullYear()}$`))
    const mail = await fixture.db.kysely.selectFrom('outbox').select('subject').where('recipient', '=', payload.email).execute()
    expect(mail.map((m) => m.subject)).toContain('Доступ в кабинет дилера открыт')

    const cookie = await loginCookie(fixture.app, payload.email, payload.password)
    const init = await fixture.app.inject({ method: 'GET', url: '/api/initdata/', headers: { cookie } })
    expect(init.json()).toMatchObject({
      selectedContract: expect.not.stringMatching(/^0$/),
      contracts: [expect.objectContaining({ header: contract, contragent: payload.company })],
    })

    // decided already: exit code 1 and a message
    lines.length = 0
    expect(await runAdminCommand(['approve', payload.email], adminDeps(), (text) => lines.push(text))).toBe(1)
    expect(lines).toEqual([`Заявка ${payload.email} уже рассмотрена: одобрена`])
  })

  it('rejects a registration; the applicant then gets the rejection message', async () => {
    const { payload } = await registerWithCaptcha()
    await rejectRegistration(adminDeps(), payload.email)
    const login = await fixture.app.inject({ method: 'POST', url: '/api/login/', payload: { email: payload.email, password: payload.password } })
    expect(login.json()).toEqual({ message: AUTH_MESSAGES.rejected })
    const mail = await fixture.db.kysely.selectFrom('outbox').select('subject').where('recipient', '=', payload.email).execute()
    expect(mail.map((m) => m.subject)).toContain('Заявка на регистрацию отклонена')
  })

  it('answers unknown e-mails with code 1 and bad usage with code 2', async () => {
    const lines: string[] = []
    const print = (text: string) => lines.push(text)
    expect(await runAdminCommand(['approve', 'nobody@example.com'], adminDeps(), print)).toBe(1)
    expect(lines.pop()).toBe('Пользователь с e-mail nobody@example.com не найден')
    expect(await runAdminCommand(['reject', demoLogin('manager').email], adminDeps(), print)).toBe(1)
    for (const args of [[], ['approve'], ['frobnicate'], ['pending', 'extra']]) {
      expect(await runAdminCommand(args, adminDeps(), print)).toBe(2)
      expect(lines.pop()).toBe(USAGE)
    }
  })
})
