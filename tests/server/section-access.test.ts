import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAIN_ACCOUNT_ONLY_KEYS, MENU_KEYS, sectionClosedMessage } from '../../src/contract/menu'
import { BASKET_FILLING_CALLS, SECTION_CALLS, SHARED_CALLS, type CallPattern } from '../../server/auth/section-access'
import { callKey, registeredCalls } from '../support/route-table'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
let managerCookie: string
let mainCookie: string

const setDisabledMenus = (keys: readonly string[]) =>
  fixture.db.kysely
    .updateTable('users')
    .set({ disabled_menus: JSON.stringify(keys) })
    .where('email', '=', demoLogin('manager').email)
    .execute()

/** A request to a call pattern with placeholder ids; POSTs and PUTs carry an empty JSON body. */
function send(call: CallPattern, cookie: string | null) {
  const [method, pattern] = call.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string]
  const url = pattern.replace(/:id/g, '1')
  const headers = cookie ? { cookie } : {}
  return method === 'POST' || method === 'PUT' ? fixture.app.inject({ method, url, headers, payload: {} }) : fixture.app.inject({ method, url, headers })
}

const sections = Object.entries(SECTION_CALLS).filter(([, calls]) => calls.length > 0)

beforeAll(async () => {
  fixture = await startServer()
  await fixture.app.ready()
  managerCookie = await loginAs(fixture, 'manager')
  mainCookie = await loginAs(fixture, 'mainAccount')
})

afterAll(() => fixture.close())

beforeEach(() => setDisabledMenus([]))

describe('the section table', () => {
  it('names every route exactly once: a section call or a shared one', () => {
    const registered = registeredCalls(fixture.app)
    const listed = [...Object.values(SECTION_CALLS).flat(), ...SHARED_CALLS].map((call) => callKey(...(call.split(' ') as [string, string])))
    expect(new Set(listed).size).toBe(listed.length)
    expect([...registered].sort()).toEqual([...listed].sort())
  })

  it('keys its sections by menu keys, and never the profile', () => {
    for (const key of Object.keys(SECTION_CALLS)) expect(MENU_KEYS).toContain(key)
    expect(Object.keys(SECTION_CALLS)).not.toContain('profile')
  })
})

describe.each(sections)('a manager with «%s» closed', (key, calls) => {
  it.each(calls)('is refused %s with 403 and the section named', async (call) => {
    await setDisabledMenus([key])
    const response = await send(call, managerCookie)
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json()).toMatchObject({ message: sectionClosedMessage(key) })
  })

  it('still gets past the section check on every other section and on the shared calls', async () => {
    await setDisabledMenus([key])
    const others = [
      ...sections
        .filter(([other]) => other !== key && !(key === 'orders' && ['acts', 'purchased'].includes(other)) && !MAIN_ACCOUNT_ONLY_KEYS.includes(other))
        .flatMap(([, c]) => c),
      ...SHARED_CALLS.filter((call) => call !== 'POST /api/logout/'),
    ].filter((call) => key !== 'cart' || !(call in BASKET_FILLING_CALLS)) // a closed basket closes the calls that fill it
    for (const call of others) {
      const response = await send(call, managerCookie)
      const refused = response.statusCode === 403 && /^Раздел «/.test(String(response.json<{ message?: string }>().message))
      expect(refused, `${call}: ${response.body}`).toBe(false)
    }
  })

  it.each(calls)('signed out, %s answers 401 (the session check comes first)', async (call) => {
    await setDisabledMenus([key])
    expect((await send(call, null)).statusCode).toBe(401)
  })
})

describe('the main account’s own sections (issue 22)', () => {
  it.each(MAIN_ACCOUNT_ONLY_KEYS)('«%s» is closed to a manager whose list leaves it open, and open to the main account', async (key) => {
    await setDisabledMenus([])
    for (const call of SECTION_CALLS[key] ?? []) {
      const response = await send(call, managerCookie)
      expect(response.statusCode, call).toBe(403)
      expect(response.json()).toMatchObject({ message: sectionClosedMessage(key) })
      const refusedMain = await send(call, mainCookie)
      expect(refusedMain.statusCode === 403 && /^Раздел «/.test(String(refusedMain.json<{ message?: string }>().message)), call).toBe(false)
    }
  })
})

describe('child sections (spec §6)', () => {
  it('a closed parent closes its children: «Заказы» closes the acts and purchased-goods calls', async () => {
    await setDisabledMenus(['orders'])
    for (const child of ['acts', 'purchased']) {
      for (const call of SECTION_CALLS[child] ?? []) {
        const response = await send(call, managerCookie)
        expect(response.statusCode, call).toBe(403)
        expect(response.json()).toMatchObject({ message: sectionClosedMessage(child) })
      }
    }
  })

  it('a closed child leaves its parent open', async () => {
    await setDisabledMenus(['acts'])
    expect((await send('GET /api/order/', managerCookie)).statusCode).toBe(200)
    expect((await send('GET /api/getActs/', managerCookie)).statusCode).toBe(403)
  })
})

describe('what a closed list never closes', () => {
  it('the profile and the session stay open even when listed', async () => {
    await setDisabledMenus(['profile', ...MENU_KEYS])
    const response = await send('GET /api/session/', managerCookie)
    expect(response.statusCode).toBe(200)
  })

  it("another login's list does not close anything for the main account", async () => {
    await setDisabledMenus(MENU_KEYS)
    expect((await send('GET /api/order/', mainCookie)).statusCode).toBe(200)
    expect((await send('GET /api/getActs/', mainCookie)).statusCode).not.toBe(403)
  })

  it('reads a damaged list as empty', async () => {
    await fixture.db.kysely.updateTable('users').set({ disabled_menus: '{not json' }).where('email', '=', demoLogin('manager').email).execute()
    expect((await send('GET /api/order/', managerCookie)).statusCode).toBe(200)
  })
})
