import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountResponseSchema } from '../../src/contract/account'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { PROFILE_TEXTS, passwordChangeResponseSchema } from '../../src/contract/profile'
import { ACCOUNT_NOT_FOUND } from '../../server/routes/account'
import { DEMO_PASSWORD, demoLogin, loginCookie, readTable, startServer, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
beforeAll(async () => {
  fixture = await startServer()
})
afterAll(() => fixture?.close())

const NEW_PASSWORD = 'новый-пароль-2026'

const accountIdOf = async (email: string) =>
  (await fixture.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id

const whoAmI = async (cookie: string) =>
  (await fixture.app.inject({ method: 'GET', url: '/api/session/', headers: { cookie } })).json<{ account: { email: string } | null }>().account

const putDetails = (id: number | string, payload: unknown, cookie?: string) =>
  fixture.app.inject({ method: 'PUT', url: `/api/account/${id}/`, payload: payload as object, headers: cookie ? { cookie } : {} })

const changePassword = (payload: unknown, cookie?: string) =>
  fixture.app.inject({ method: 'POST', url: '/api/profile/password/', payload: payload as object, headers: cookie ? { cookie } : {} })

const loginStatus = async (email: string, password: string) =>
  (await fixture.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password } })).statusCode

describe('PUT /api/account/{id}/: name and phone', () => {
  it('saves one’s own name and phone and answers the account; GET then reads them', async () => {
    const { email } = demoLogin('manager')
    const cookie = await loginCookie(fixture.app, email)
    const id = await accountIdOf(email)
    const response = await putDetails(id, { name: '  Пётр Сидоров ', phone: '+7 (912) 345-67-89' }, cookie)
    expect(response.statusCode, response.body).toBe(200)
    expect(accountResponseSchema.parse(response.json()).account).toMatchObject({ id, email, name: 'Пётр Сидоров', phone: '+7 (912) 345-67-89' })
    const read = await fixture.app.inject({ method: 'GET', url: `/api/account/${id}/`, headers: { cookie } })
    expect(read.json()).toMatchObject({ account: { name: 'Пётр Сидоров', phone: '+7 (912) 345-67-89' } })
  })

  it('is also reached by the generic resource: POST with method put', async () => {
    const { email } = demoLogin('mainAccount')
    const cookie = await loginCookie(fixture.app, email)
    const id = await accountIdOf(email)
    const response = await fixture.app.inject({
      method: 'POST',
      url: `/api/account/${id}/`,
      headers: { cookie },
      payload: { method: 'put', name: 'Иван Петров', phone: '+7 (343) 111-22-33' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ account: { id, name: 'Иван Петров', phone: '+7 (343) 111-22-33' } })
  })

  it('answers malformed details with 400 and the registration rule’s Russian message, changing nothing', async () => {
    const { email } = demoLogin('manager')
    const cookie = await loginCookie(fixture.app, email)
    const id = await accountIdOf(email)
    const before = await readTable(fixture.db, 'users')
    const cases: [unknown, RegExp][] = [
      [{ name: '', phone: '+7 (912) 345-67-89' }, /Это поле необходимо заполнить/],
      [{ name: 'Пётр', phone: '89123456789' }, /Телефон в формате \+7 \(xxx\) xxx-xx-xx/],
      [{ name: 'Пётр\u0000', phone: '+7 (912) 345-67-89' }, /недопустимые управляющие символы/],
      [{ name: 'x'.repeat(201), phone: '+7 (912) 345-67-89' }, /^Некорректный запрос/],
      [{ phone: '+7 (912) 345-67-89' }, /^Некорректный запрос/],
      [[], /^Некорректный запрос/],
    ]
    for (const [payload, message] of cases) {
      const response = await putDetails(id, payload, cookie)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json<{ message: string }>().message).toMatch(message)
    }
    expect((await putDetails('abc', { name: 'Пётр', phone: '+7 (912) 345-67-89' }, cookie)).statusCode).toBe(400)
    expect(await readTable(fixture.db, 'users')).toEqual(before)
  })

  it('edits only one’s own account: a colleague’s or another company’s id answers 404 and changes nothing', async () => {
    const cookie = await loginCookie(fixture.app, demoLogin('mainAccount').email)
    const before = await readTable(fixture.db, 'users')
    for (const email of [demoLogin('manager').email, demoLogin('mainAccount', 1).email]) {
      const response = await putDetails(await accountIdOf(email), { name: 'Чужой', phone: '+7 (912) 345-67-89' }, cookie)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: ACCOUNT_NOT_FOUND })
    }
    expect((await putDetails(99_999_999_999, { name: 'Чужой', phone: '+7 (912) 345-67-89' }, cookie)).statusCode).toBe(404)
    expect(await readTable(fixture.db, 'users')).toEqual(before)
  })

  it('answers 401 to the anonymous', async () => {
    const id = await accountIdOf(demoLogin('manager').email)
    const response = await putDetails(id, { name: 'Аноним', phone: '+7 (912) 345-67-89' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.noSession })
  })

  it('stays open to a manager whose every section is closed (the profile never closes)', async () => {
    const { email } = demoLogin('manager', 1)
    await fixture.db.kysely
      .updateTable('users')
      .set({ disabled_menus: JSON.stringify(['profile', 'orders', 'cart']) })
      .where('email', '=', email)
      .execute()
    const cookie = await loginCookie(fixture.app, email)
    const response = await putDetails(await accountIdOf(email), { name: 'Закрытый Менеджер', phone: '+7 (495) 000-00-01' }, cookie)
    expect(response.statusCode, response.body).toBe(200)
  })
})

describe('POST /api/profile/password/', () => {
  it('refuses a wrong current password with 400 «Неверный текущий пароль», changing nothing', async () => {
    const { email } = demoLogin('mainAccount', 1)
    const cookie = await loginCookie(fixture.app, email)
    const before = [await readTable(fixture.db, 'users'), await readTable(fixture.db, 'sessions')]
    const response = await changePassword({ currentPassword: 'not-the-password', newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }, cookie)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: PROFILE_TEXTS.wrongCurrentPassword })
    expect([await readTable(fixture.db, 'users'), await readTable(fixture.db, 'sessions')]).toEqual(before)
  })

  it('answers malformed bodies with 400 and the registration password rule', async () => {
    const cookie = await loginCookie(fixture.app, demoLogin('mainAccount', 1).email)
    const cases: [unknown, RegExp][] = [
      [{ currentPassword: DEMO_PASSWORD, newPassword: 'short', repeatPassword: 'short' }, /Пароль не короче 8 символов/],
      [{ currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, repeatPassword: `${NEW_PASSWORD}!` }, new RegExp(PROFILE_TEXTS.passwordsDiffer)],
      [{ currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, repeatPassword: DEMO_PASSWORD }, new RegExp(PROFILE_TEXTS.samePassword)],
      [{ currentPassword: '', newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }, /Это поле необходимо заполнить/],
      [{ newPassword: NEW_PASSWORD }, /^Некорректный запрос/],
      [[1, 2], /^Некорректный запрос/],
    ]
    for (const [payload, message] of cases) {
      const response = await changePassword(payload, cookie)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json<{ message: string }>().message).toMatch(message)
    }
  })

  it('answers 401 to the anonymous', async () => {
    const response = await changePassword({ currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD })
    expect(response.statusCode).toBe(401)
  })

  it('changes the password, ends the account’s other sessions and keeps the current one and other accounts’', async () => {
    const { email } = demoLogin('mainAccount')
    const current = await loginCookie(fixture.app, email)
    const otherDevice = await loginCookie(fixture.app, email)
    const colleague = await loginCookie(fixture.app, demoLogin('manager').email)

    const response = await changePassword({ currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }, current)
    expect(response.statusCode, response.body).toBe(200)
    expect(passwordChangeResponseSchema.parse(response.json()).endedSessions).toBeGreaterThanOrEqual(1)

    expect(await whoAmI(current)).toMatchObject({ email })
    expect(await whoAmI(otherDevice)).toBeNull()
    expect((await fixture.app.inject({ method: 'GET', url: '/api/initdata/', headers: { cookie: otherDevice } })).statusCode).toBe(401)
    expect(await whoAmI(colleague)).toMatchObject({ email: demoLogin('manager').email })
    const sessions = await fixture.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', await accountIdOf(email))
      .execute()
    expect(sessions).toHaveLength(1)

    expect(await loginStatus(email, DEMO_PASSWORD)).toBe(401)
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200)
  })

  it('changes a reminder’s temporary password: after signing in with it, and also while it is still pending', async () => {
    const { email } = demoLogin('manager', 1)
    await fixture.app.inject({ method: 'POST', url: '/reminder/', payload: { email } })
    const mail = await fixture.db.kysely.selectFrom('outbox').select('body').where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()
    const temporary = /Временный пароль: (\S+)/.exec(mail.body)?.[1] ?? ''
    expect(temporary).not.toBe('')

    // signed in with the old password, the pending temporary one counts as current too
    const withOld = await loginCookie(fixture.app, email)
    const pending = await changePassword({ currentPassword: temporary, newPassword: 'первый-новый-1', repeatPassword: 'первый-новый-1' }, withOld)
    expect(pending.statusCode, pending.body).toBe(200)
    expect(await readTable(fixture.db, 'password_resets')).toEqual([])
    expect(await loginStatus(email, temporary)).toBe(401)

    // a new reminder; signing in with its password adopts it, and the profile then replaces it
    await fixture.app.inject({ method: 'POST', url: '/reminder/', payload: { email } })
    const second = await fixture.db.kysely.selectFrom('outbox').select('body').where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()
    const secondTemporary = /Временный пароль: (\S+)/.exec(second.body)?.[1] ?? ''
    const withTemporary = await loginCookie(fixture.app, email, secondTemporary)
    const changed = await changePassword({ currentPassword: secondTemporary, newPassword: NEW_PASSWORD, repeatPassword: NEW_PASSWORD }, withTemporary)
    expect(changed.statusCode, changed.body).toBe(200)
    expect(await loginStatus(email, secondTemporary)).toBe(401)
    expect(await loginStatus(email, 'первый-новый-1')).toBe(401)
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200)
  })
})
