import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import {
  INVITATION_MESSAGES,
  MANAGER_MESSAGES,
  legacyAccountsSchema,
  managerChoicesSchema,
  managerResponseSchema,
  managersResponseSchema,
  type Manager,
} from '../../src/contract/managers'
import { sectionClosedMessage } from '../../src/contract/menu'
import { INVITATION_TTL_DAYS } from '../../server/managers/invitations'
import { demoLogin, loginAs, loginCookie, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, userIdOf } from '../support/server-requests'

// the spec's texts, to the letter
const NO_CONTRACT = 'Выберите договор'
const EMAIL_TAKEN = 'Этот Email уже занят'
const PASSWORD = 'новый-пароль-1'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let otherCompanyCookie: string
/** the main account's company's contracts, in id order */
let ownContracts: string[]
let otherCompanyContract: string

const k = () => fixture.db.kysely
const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)
const send = (method: 'PUT' | 'DELETE', url: string, payload?: unknown, session = cookie) =>
  fixture.app.inject({ method, url, payload: payload as object, headers: { cookie: session } })

let counter = 0
const freshEmail = () => `new-manager-${++counter}@stroymarket.example`

async function create(fields: Record<string, unknown> = {}): Promise<Manager> {
  const response = await post('/api/managers/', { email: freshEmail(), contractSelect: [ownContracts[0]], ...fields })
  expect(response.statusCode, response.body).toBe(200)
  return managerResponseSchema.parse(response.json()).manager
}

/** The token of the newest invitation mailed to the address, read from the outbox as the manager reads its mail. */
async function invitationToken(email: string): Promise<string> {
  const mail = await k().selectFrom('outbox').select(['body', 'subject']).where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow()
  expect(mail.subject).toBe('Приглашение в кабинет дилера')
  const token = /\/invitation\/\?token=([0-9a-f]{64})/.exec(mail.body)?.[1]
  if (!token) throw new Error(`no invitation link in ${mail.body}`)
  return token
}

async function signedInManager(fields: Record<string, unknown> = {}): Promise<{ manager: Manager; session: string }> {
  const manager = await create(fields)
  const token = await invitationToken(manager.email)
  const accepted = await post('/api/invitation/', { token, password: PASSWORD, password2: PASSWORD }, null)
  expect(accepted.statusCode, accepted.body).toBe(200)
  return { manager, session: await loginCookie(fixture.app, manager.email, PASSWORD) }
}

beforeAll(async () => {
  fixture = await startServer({ products: 40 })
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  otherCompanyCookie = await loginAs(fixture, 'mainAccount', 1)
  const main = await k().selectFrom('users').select('customer_id').where('email', '=', demoLogin('mainAccount').email).executeTakeFirstOrThrow()
  ownContracts = (await k().selectFrom('contracts').select('id').where('customer_id', '=', main.customer_id).orderBy('id').execute()).map((row) =>
    String(row.id),
  )
  const other = await k().selectFrom('contracts').select('id').where('customer_id', '!=', main.customer_id).executeTakeFirstOrThrow()
  otherCompanyContract = String(other.id)
})
afterAll(() => fixture?.close())

describe('the list and the form', () => {
  it('lists the company’s managers with their contracts, never the main account or another company’s', async () => {
    const response = await get('/api/managers/')
    expect(response.statusCode, response.body).toBe(200)
    const { managers } = managersResponseSchema.parse(response.json())
    expect(managers.map((manager) => manager.email)).toContain(demoLogin('manager').email)
    expect(managers.map((manager) => manager.email)).not.toContain(demoLogin('mainAccount').email)
    expect(managers.map((manager) => manager.email)).not.toContain(demoLogin('manager', 1).email)
    const seeded = managers.find((manager) => manager.email === demoLogin('manager').email)
    expect(seeded?.contractSelect.length).toBeGreaterThan(0)
    expect(seeded?.contracts.length).toBe(seeded?.contractSelect.length)
  })

  it('answers the form’s choices: contragents, contracts, the menu tree with children and the manager’s closed keys', async () => {
    const manager = await create({ disabledMenus: ['acts', 'favorites'] })
    const response = await post('/api/getManagerContragentsContracts', { manager_id: manager.id })
    expect(response.statusCode, response.body).toBe(200)
    const choices = managerChoicesSchema.parse(response.json())
    expect(choices.contracts.map((contract) => contract.id)).toEqual(ownContracts)
    expect(choices.contragents.length).toBeGreaterThan(0)
    expect(choices.menu.find((node) => node.key === 'orders')?.children.map((child) => child.key)).toEqual(['acts', 'purchased'])
    expect(choices.menu.map((node) => node.key)).not.toContain('profile')
    expect(choices.menu.map((node) => node.key)).not.toContain('managers')
    expect(choices.disabledMenus).toEqual(['acts', 'favorites'])
    expect(choices.contractSelect).toEqual([ownContracts[0]])
    const blank = managerChoicesSchema.parse((await post('/api/getManagerContragentsContracts/', {})).json())
    expect([blank.disabledMenus, blank.contractSelect]).toEqual([[], []])
  })

  it('creates a manager: type_id 2 by default, enabled, the chosen contracts and closed sections', async () => {
    const manager = await create({ contractSelect: ownContracts.slice(0, 2), disabledMenus: ['acts'] })
    expect(manager).toMatchObject({ type_id: '2', enabled: '1', contractSelect: ownContracts.slice(0, 2), disabledMenus: ['acts'] })
    const read = await get(`/api/manager/${manager.id}/`)
    expect(managerResponseSchema.parse(read.json()).manager).toEqual(manager)
  })

  it('refuses a manager without a contract with «Выберите договор», and saves nothing', async () => {
    const before = await k()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const response = await post('/api/managers/', { email: freshEmail(), contractSelect: [] })
    expect([response.statusCode, response.json().message]).toEqual([400, NO_CONTRACT])
    const after = await k()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
    expect(MANAGER_MESSAGES.noContract).toBe(NO_CONTRACT)
  })

  it('answers a taken e-mail with 409 «Этот Email уже занят», on create and on edit', async () => {
    const taken = await post('/api/managers/', { email: demoLogin('mainAccount', 1).email.toUpperCase(), contractSelect: [ownContracts[0]] })
    expect([taken.statusCode, taken.json().message]).toEqual([409, EMAIL_TAKEN])
    const manager = await create()
    const edit = await send('PUT', `/api/managers/${manager.id}/`, { email: demoLogin('manager').email, contractSelect: [ownContracts[0]] })
    expect([edit.statusCode, edit.json().message]).toEqual([409, EMAIL_TAKEN])
  })

  it('answers malformed bodies with 400 in Russian, never 500', async () => {
    for (const body of [
      {},
      { email: 'no-at-sign', contractSelect: ['1'] },
      { email: freshEmail(), contractSelect: 'x' },
      { email: freshEmail(), contractSelect: ['1'], disabledMenus: ['nope'] },
    ]) {
      const response = await post('/api/managers/', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().message).toMatch(/[а-яё]/i)
    }
    expect((await get('/api/managers/abc/')).statusCode).toBe(400)
  })

  it('edits through the generic resource (POST with method put) and deletes through method del', async () => {
    const manager = await create()
    const put = await post(`/api/managers/${manager.id}/`, {
      method: 'put',
      email: manager.email,
      contractSelect: ownContracts.slice(1, 3),
      disabledMenus: ['needs'],
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(managerResponseSchema.parse(put.json()).manager).toMatchObject({ contractSelect: ownContracts.slice(1, 3), disabledMenus: ['needs'] })
    const del = await post(`/api/manager/${manager.id}/`, { method: 'del' })
    expect(del.statusCode, del.body).toBe(200)
    expect((await get(`/api/managers/${manager.id}/`)).statusCode).toBe(404)
  })
})

describe('the server decides', () => {
  it('keeps managers and anonymous callers out: 403 for a manager, 401 signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/managers/'],
      ['POST', '/api/managers/'],
      ['POST', '/api/getManagerContragentsContracts/'],
      ['GET', '/ajax/accounts/'],
      ['POST', '/ajax/deactivateaccount/'],
    ] as const) {
      const asManager = await fixture.app.inject({ method, url, payload: {}, headers: { cookie: managerCookie } })
      expect([asManager.statusCode, asManager.json().message]).toEqual([403, sectionClosedMessage('managers')])
      const anonymous = await fixture.app.inject({ method, url, payload: {} })
      expect([anonymous.statusCode, anonymous.json().message]).toEqual([401, AUTH_MESSAGES.noSession])
    }
  })

  it('answers another company’s manager and contract ids with 404 and changes nothing', async () => {
    const manager = await create()
    for (const response of [
      await get(`/api/managers/${manager.id}/`, otherCompanyCookie),
      await send('PUT', `/api/manager/${manager.id}/`, { email: manager.email, contractSelect: [otherCompanyContract] }, otherCompanyCookie),
      await send('DELETE', `/api/managers/${manager.id}/`, undefined, otherCompanyCookie),
      await post('/ajax/deactivateaccount/', { id: manager.id }, otherCompanyCookie),
      await post('/ajax/deleteaccount/', { id: manager.id }, otherCompanyCookie),
      await post('/api/getManagerContragentsContracts/', { manager_id: manager.id }, otherCompanyCookie),
      await send('PUT', `/api/manager/${manager.id}/`, { email: manager.email, contractSelect: [otherCompanyContract] }),
      await post('/api/managers/', { email: freshEmail(), contractSelect: [otherCompanyContract] }),
    ])
      expect(response.statusCode, response.body).toBe(404)
    expect(managerResponseSchema.parse((await get(`/api/managers/${manager.id}/`)).json()).manager).toEqual(manager)
  })

  it('never disables, edits or deletes the main account through these calls', async () => {
    const mainId = await userIdOf(fixture, demoLogin('mainAccount').email)
    for (const response of [
      await post('/ajax/deactivateaccount/', { id: mainId }),
      await post('/ajax/deleteaccount/', { id: mainId }),
      await send('DELETE', `/api/managers/${mainId}/`),
      await send('PUT', `/api/managers/${mainId}/`, { email: 'x@example.com', contractSelect: [ownContracts[0]] }),
    ])
      expect(response.statusCode).toBe(403)
    const main = await k().selectFrom('users').select(['enabled', 'deleted_at']).where('id', '=', mainId).executeTakeFirstOrThrow()
    expect(main).toEqual({ enabled: '1', deleted_at: null })
  })

  it('applies new contracts and closed sections on the manager’s very next request', async () => {
    const { manager, session } = await signedInManager({ contractSelect: [ownContracts[0]] })
    const initData = async () => (await get('/api/initdata/', session)).json() as { contracts: { id: string }[]; account: { disabledMenus: string[] } }
    expect((await initData()).contracts.map((contract) => contract.id)).toEqual([ownContracts[0]])
    expect((await get('/api/getActs/', session)).statusCode).toBe(200)

    const put = await send('PUT', `/api/managers/${manager.id}/`, {
      email: manager.email,
      contractSelect: ownContracts.slice(1, 3),
      disabledMenus: ['orders'],
    })
    expect(put.statusCode, put.body).toBe(200)
    const after = await initData()
    expect(after.contracts.map((contract) => contract.id)).toEqual(ownContracts.slice(1, 3))
    expect(after.account.disabledMenus).toEqual(['orders', 'contragents', 'managers'])
    // a closed parent closes its children: the acts live under the orders
    const acts = await get('/api/getActs/', session)
    expect([acts.statusCode, acts.json().message]).toEqual([403, sectionClosedMessage('acts')])
  })

  it('ends a disabled manager’s sessions at once, and lets it back in when enabled again', async () => {
    const { manager, session } = await signedInManager()
    expect((await get('/api/session/', session)).statusCode).toBe(200)
    const off = await post('/ajax/deactivateaccount/', { id: String(manager.id) })
    expect(off.statusCode, off.body).toBe(200)
    expect((await get('/api/initdata/', session)).statusCode).toBe(401)
    expect(await k().selectFrom('sessions').select('id').where('user_id', '=', manager.id).execute()).toEqual([])
    const legacy = legacyAccountsSchema.parse((await get('/ajax/accounts/')).json())
    expect(legacy.accounts.find((account) => account.id === manager.id)?.enabled).toBe('0')
    const login = await post('/api/login/', { email: manager.email, password: PASSWORD }, null)
    expect([login.statusCode, login.json().message]).toEqual([403, AUTH_MESSAGES.disabled])
    expect((await post('/ajax/activateaccount/', { id: manager.id })).statusCode).toBe(200)
    await loginCookie(fixture.app, manager.email, PASSWORD)
  })

  it('deletes softly: sessions end, the orders keep their user, the e-mail is free again', async () => {
    const { manager, session } = await signedInManager()
    const contract = Number(ownContracts[0])
    const main = await k().selectFrom('users').select('customer_id').where('id', '=', manager.id).executeTakeFirstOrThrow()
    const order = await k()
      .insertInto('orders')
      .values({
        customer_id: main.customer_id,
        user_id: manager.id,
        contract_id: contract,
        state: 1,
        status: 'Новый',
        paid: 0,
        comment: '',
        sum: 100,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const deleted = await send('DELETE', `/api/managers/${manager.id}/`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect((await get('/api/initdata/', session)).statusCode).toBe(401)
    const row = await k().selectFrom('users').select(['name', 'deleted_at']).where('id', '=', manager.id).executeTakeFirstOrThrow()
    expect(row.name).toBe(manager.name)
    expect(row.deleted_at).not.toBeNull()
    const kept = await k().selectFrom('orders').select('user_id').where('id', '=', order.id).executeTakeFirstOrThrow()
    expect(kept.user_id).toBe(manager.id)
    const list = managersResponseSchema.parse((await get('/api/managers/')).json())
    expect(list.managers.map((each) => each.id)).not.toContain(manager.id)
    expect((await post('/ajax/deleteaccount/', { id: manager.id })).statusCode).toBe(404)
    await create({ email: manager.email })
  })
})

describe('the invitation', () => {
  it('mails a one-time link whose token is stored only hashed', async () => {
    const manager = await create()
    const token = await invitationToken(manager.email)
    const rows = await k().selectFrom('manager_invitations').selectAll().where('user_id', '=', manager.id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).not.toBe(token)
    const before = await post('/api/login/', { email: manager.email, password: PASSWORD }, null)
    expect(before.statusCode).toBe(401)
  })

  it('sets the password once; a used, unknown or expired token gets its own Russian message', async () => {
    const { manager } = await signedInManager()
    const token = await invitationToken(manager.email)
    const again = await post('/api/invitation/', { token, password: PASSWORD, password2: PASSWORD }, null)
    expect([again.statusCode, again.json().message]).toEqual([400, INVITATION_MESSAGES.used])
    const unknown = await post('/api/invitation/', { token: 'a'.repeat(64), password: PASSWORD, password2: PASSWORD }, null)
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, INVITATION_MESSAGES.invalid])

    const late = await create()
    const lateToken = await invitationToken(late.email)
    fixture.clock.advance(INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000 + 1000)
    const expired = await post('/api/invitation/', { token: lateToken, password: PASSWORD, password2: PASSWORD }, null)
    expect([expired.statusCode, expired.json().message]).toEqual([400, INVITATION_MESSAGES.expired])
  })

  it('refuses differing or short passwords', async () => {
    const manager = await create()
    const token = await invitationToken(manager.email)
    const differ = await post('/api/invitation/', { token, password: PASSWORD, password2: `${PASSWORD}x` }, null)
    expect([differ.statusCode, differ.json().message]).toEqual([400, INVITATION_MESSAGES.passwordsDiffer])
    const short = await post('/api/invitation/', { token, password: '123', password2: '123' }, null)
    expect([short.statusCode, short.json().message]).toEqual([400, INVITATION_MESSAGES.passwordTooShort])
  })
})
