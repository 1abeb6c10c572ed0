import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import {
  DRAFT_DEFAULT_HEADER_PREFIX,
  addToDraftResponseSchema,
  defaultDraftHeader,
  draftRemovedResponseSchema,
  draftRepeatedResponseSchema,
  draftsResponseSchema,
  type AddToDraftRequest,
  type DraftsResponse,
} from '../../src/contract/drafts'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, stockedProduct, userIdOf } from '../support/server-requests'

// the spec's texts, to the letter
const REQUIRED = 'Это поле необходимо заполнить.'
const EMPTY_BASKET = 'Корзина пуста'
const NOT_FOUND = 'Черновик не найден'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let otherCompanyCookie: string
let userId: number
let managerId: number
/** the main demo account's drafts as the seed left them */
let seeded: DraftsResponse

const k = () => fixture.db.kysely
const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)
const saveDraft = (payload: AddToDraftRequest, session?: string) => post('/api/addToDraft/', payload, session)
const draftAction = (id: number, action: string, session?: string) => post('/api/drafts/', { id, action }, session)
const listPage = async (query: string, session?: string) => {
  const response = await get(`/api/drafts/${query}`, session)
  expect(response.statusCode, response.body).toBe(200)
  return draftsResponseSchema.parse(response.json())
}

const idOf = (email: string) => userIdOf(fixture, email)

beforeAll(async () => {
  fixture = await startServer({ products: 120 })
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  otherCompanyCookie = await loginAs(fixture, 'mainAccount', 1)
  userId = await idOf(demoLogin('mainAccount').email)
  managerId = await idOf(demoLogin('manager').email)
  seeded = await listPage('')
})
afterAll(() => fixture?.close())
// each test starts with no drafts and empty baskets for the company's two logins
beforeEach(async () => {
  await k().deleteFrom('drafts').where('user_id', 'in', [userId, managerId]).execute()
  await k().deleteFrom('basket_lines').where('user_id', 'in', [userId, managerId]).execute()
})

const stocked = (min: number, skip = 0) => stockedProduct(fixture, min, skip)

async function addLine(id: number, qnt: number, contract = '1', session = cookie) {
  const response = await post('/api/processBasket/', { id, qnt, wms: 1, type: 'add', contract }, session)
  expect(response.statusCode, response.body).toBe(200)
}

const basketRows = (user = userId) =>
  k().selectFrom('basket_lines').select(['product_id', 'warehouse_id', 'qnt', 'contract_id']).where('user_id', '=', user).orderBy('id').execute()
const draftCount = async (user = userId) =>
  Number(
    (
      await k()
        .selectFrom('drafts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user)
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Saves the current basket under contract 1 and answers the new draft's id. */
async function savedDraft(header: string, session = cookie): Promise<number> {
  const response = await saveDraft({ header, contract: '1' }, session)
  expect(response.statusCode, response.body).toBe(200)
  return addToDraftResponseSchema.parse(response.json()).draft.id
}

describe('defaultDraftHeader', () => {
  it('formats "Корзина от dd.mm.yyyy hh:mm" in Moscow time', () => {
    expect(defaultDraftHeader(new Date('2026-11-01T09:05:00Z'))).toBe('Корзина от 01.11.2026 12:05')
    expect(defaultDraftHeader(new Date('2026-03-04T05:06:00Z'))).toBe('Корзина от 04.03.2026 08:06')
    // past Moscow's midnight while UTC is still in the old year
    expect(defaultDraftHeader(new Date('2026-12-31T21:30:00Z'))).toBe('Корзина от 01.01.2027 00:30')
    expect(defaultDraftHeader(new Date('2026-06-15T20:59:59Z'))).toBe('Корзина от 15.06.2026 23:59')
    expect(DRAFT_DEFAULT_HEADER_PREFIX).toBe('Корзина от ')
  })
})

describe('POST /api/addToDraft/', () => {
  it('saves the basket under the default-style name and leaves the basket as it is', async () => {
    const a = await stocked(3)
    const b = await stocked(3, 1)
    await addLine(a.id, 2)
    await addLine(b.id, 3)
    const before = await basketRows()
    const header = defaultDraftHeader(fixture.clock.now())
    // '0' is the selected contract: contract 1 for the main demo account
    const response = await saveDraft({ header: `  ${header} `, contract: '0' })
    expect(response.statusCode, response.body).toBe(200)
    const { draft } = addToDraftResponseSchema.parse(response.json())
    expect(draft).toEqual({ id: draft.id, header, count: 2, contract: '1', created_at: fixture.clock.now().toISOString() })
    expect(await basketRows()).toEqual(before)
    const lines = await k().selectFrom('draft_lines').select(['product_id', 'warehouse_id', 'qnt']).where('draft_id', '=', draft.id).orderBy('id').execute()
    expect(lines).toEqual([
      { product_id: a.id, warehouse_id: 1, qnt: 2 },
      { product_id: b.id, warehouse_id: 1, qnt: 3 },
    ])
  })

  it('refuses an empty name with the spec’s required message and saves nothing', async () => {
    await addLine((await stocked(1)).id, 1)
    for (const payload of [{ header: '' }, { header: '   \t ' }, { header: null }, {}]) {
      const response = await saveDraft({ contract: '1', ...payload } as AddToDraftRequest)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json()).toEqual({ message: REQUIRED })
    }
    const tooLong = await saveDraft({ header: 'я'.repeat(201), contract: '1' })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().message).toMatch(/200/)
    expect(await draftCount()).toBe(0)
    expect((await saveDraft({ header: 'я'.repeat(200), contract: '1' })).statusCode).toBe(200)
  })

  it('refuses an empty basket, also when only another contract’s basket has lines', async () => {
    const empty = await saveDraft({ header: 'Пусто', contract: '1' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({ message: EMPTY_BASKET })
    await addLine((await stocked(1)).id, 1, '2')
    expect((await saveDraft({ header: 'Пусто', contract: '1' })).json()).toEqual({ message: EMPTY_BASKET })
    expect(await draftCount()).toBe(0)
  })

  it('refuses a contract the user may not use, and no session', async () => {
    await addLine((await stocked(1)).id, 1)
    const foreign = await saveDraft({ header: 'Чужой', contract: '4' })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    expect((await saveDraft({ header: 'Не мой', contract: '3' }, managerCookie)).statusCode).toBe(403)
    expect((await post('/api/addToDraft/', { header: 'x', contract: '1' }, null)).statusCode).toBe(401)
    expect(await draftCount()).toBe(0)
  })
})

describe('GET /api/drafts/', () => {
  it('the seed leaves the main demo account two drafts, one named the default way', () => {
    expect(seeded.count).toBe(2)
    expect(seeded.drafts.every((draft) => draft.count > 0 && draft.qnt >= draft.count && draft.contract === '1')).toBe(true)
    expect(seeded.drafts.some((draft) => draft.header.startsWith(DRAFT_DEFAULT_HEADER_PREFIX))).toBe(true)
  })

  it('lists the user’s own drafts newest first, 10 per page; a page past the last is empty', async () => {
    const a = await stocked(2)
    await addLine(a.id, 2)
    for (let n = 1; n <= 12; n++) {
      await savedDraft(`Черновик ${n}`)
      fixture.clock.advance(60_000)
    }
    const first = await listPage('')
    expect(first.count).toBe(12)
    expect(first.pagination).toEqual({ page: 1, perpage: 10, pages: 2 })
    expect(first.drafts.map((draft) => draft.header)).toEqual(Array.from({ length: 10 }, (_, i) => `Черновик ${12 - i}`))
    expect(first.drafts[0]).toMatchObject({ count: 1, qnt: 2, contract: '1' })
    const second = await listPage('?page=2')
    expect(second.drafts.map((draft) => draft.header)).toEqual(['Черновик 2', 'Черновик 1'])
    expect(second.pagination).toEqual({ page: 2, perpage: 10, pages: 2 })
    const past = await listPage('?page=3')
    expect(past).toEqual({ drafts: [], count: 12, pagination: { page: 3, perpage: 10, pages: 2 } })
    const fives = await listPage('?page=3&perpage=5')
    expect(fives.drafts.map((draft) => draft.header)).toEqual(['Черновик 2', 'Черновик 1'])
    expect(fives.pagination).toEqual({ page: 3, perpage: 5, pages: 3 })
  })

  it('shows a manager only its own drafts, and the main account only its own', async () => {
    await addLine((await stocked(1)).id, 1)
    await savedDraft('Основной')
    await addLine((await stocked(1, 1)).id, 1, '0', managerCookie)
    const managerSave = await saveDraft({ header: 'Менеджерский' }, managerCookie)
    expect(managerSave.statusCode, managerSave.body).toBe(200)
    expect((await listPage('')).drafts.map((draft) => draft.header)).toEqual(['Основной'])
    expect((await listPage('', managerCookie)).drafts.map((draft) => draft.header)).toEqual(['Менеджерский'])
    expect(await listPage('', otherCompanyCookie)).toEqual({ drafts: [], count: 0, pagination: { page: 1, perpage: 10, pages: 0 } })
  })
})

describe('POST /api/drafts/', () => {
  it('repeat adds the draft’s lines to the basket and reports the ones stock refuses', async () => {
    const a = await stocked(4, 2)
    const b = await stocked(4, 3)
    await addLine(a.id, 2)
    await addLine(b.id, 3)
    const id = await savedDraft('Повтор')
    await k().deleteFrom('basket_lines').where('user_id', '=', userId).execute()
    await k().updateTable('stocks').set({ quantity: 1 }).where('product_id', '=', b.id).where('warehouse_id', '=', 1).execute()
    try {
      const response = await draftAction(id, 'repeat')
      expect(response.statusCode, response.body).toBe(200)
      const answer = draftRepeatedResponseSchema.parse(response.json())
      const product = await k().selectFrom('products').select(['header', 'articul']).where('id', '=', b.id).executeTakeFirstOrThrow()
      expect(answer.count).toBe(1)
      expect(answer.refused).toEqual([{ id: b.id, wms: 1, header: product.header, articul: product.articul, requested: 3, available: 1 }])
      expect(answer.basket.count).toBe(1)
      expect(await basketRows()).toEqual([{ product_id: a.id, warehouse_id: 1, qnt: 2, contract_id: 1 }])
      const basket = await get('/api/getBasketData/?contract=1')
      expect(basket.json().sum).toBe(answer.basket.sum)
      // the draft stays, so it can be repeated again: a's line grows by the draft's quantity
      const again = draftRepeatedResponseSchema.parse((await draftAction(id, 'repeat')).json())
      expect(again.count).toBe(1)
      expect((await basketRows())[0]?.qnt).toBe(4)
    } finally {
      await k().updateTable('stocks').set({ quantity: b.stock }).where('product_id', '=', b.id).where('warehouse_id', '=', 1).execute()
    }
  })

  it('repeat refuses a draft whose contract the user may no longer use', async () => {
    const product = await stocked(1)
    const customerId = (await k().selectFrom('users').select('customer_id').where('id', '=', userId).executeTakeFirstOrThrow()).customer_id
    // contract 4 belongs to the other company
    const draft = await k()
      .insertInto('drafts')
      .values({ user_id: userId, customer_id: customerId, contract_id: 4, header: 'Старый договор', created_at: fixture.clock.now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
    await k().insertInto('draft_lines').values({ draft_id: draft.id, product_id: product.id, warehouse_id: 1, qnt: 1 }).execute()
    const response = await draftAction(draft.id, 'repeat')
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    expect(await basketRows()).toEqual([])
  })

  it('remove deletes the draft with its lines and answers how many are left', async () => {
    await addLine((await stocked(1)).id, 1)
    const keep = await savedDraft('Оставить')
    const drop = await savedDraft('Удалить')
    const response = await draftAction(drop, 'remove')
    expect(response.statusCode, response.body).toBe(200)
    expect(draftRemovedResponseSchema.parse(response.json())).toEqual({ count: 1 })
    expect(await k().selectFrom('draft_lines').select('id').where('draft_id', '=', drop).execute()).toEqual([])
    expect((await listPage('')).drafts.map((draft) => draft.id)).toEqual([keep])
    const again = await draftAction(drop, 'remove')
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ message: NOT_FOUND })
    expect((await draftAction(keep, 'remove')).json()).toEqual({ count: 0 })
  })

  it('answers 404 to someone else’s draft and an unknown one, for both actions', async () => {
    const product = await stocked(1)
    await addLine(product.id, 1)
    const id = await savedDraft('Мой')
    for (const session of [managerCookie, otherCompanyCookie]) {
      for (const action of ['remove', 'repeat']) {
        const response = await draftAction(id, action, session)
        expect(response.statusCode, `${action}`).toBe(404)
        expect(response.json()).toEqual({ message: NOT_FOUND })
      }
    }
    expect((await draftAction(999_999, 'repeat')).json()).toEqual({ message: NOT_FOUND })
    expect(await draftCount()).toBe(1)
    expect(await basketRows(managerId)).toEqual([])
    expect((await post('/api/drafts/', { id, action: 'remove' }, null)).statusCode).toBe(401)
  })
})

describe('malformed requests', () => {
  it('are 400 with a Russian message, never 500', async () => {
    await addLine((await stocked(1)).id, 1)
    const saves = [
      [],
      'Корзина',
      42,
      { header: 5 },
      { header: {} },
      { header: ['a'] },
      { header: 'x', contract: 'abc' },
      { header: 'x', contract: -1 },
      { header: 'x', contract: '1234567890' },
    ]
    const actions = [
      {},
      [],
      { id: 1 },
      { action: 'remove' },
      { id: 'x', action: 'remove' },
      { id: 0, action: 'remove' },
      { id: 1.5, action: 'repeat' },
      { id: 99_999_999_999, action: 'repeat' },
      { id: 1, action: 'delete' },
      { id: 1, action: null },
    ]
    for (const [url, bodies] of [
      ['/api/addToDraft/', saves],
      ['/api/drafts/', actions],
    ] as const) {
      for (const body of bodies) {
        const response = await fixture.app.inject({
          method: 'POST',
          url,
          headers: { cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
        expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400)
        expect(response.json().message).toMatch(/[а-я]/i)
      }
      const broken = await fixture.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: '{"id": ' })
      expect(broken.statusCode).toBe(400)
    }
    for (const query of ['?page=0', '?page=x', '?perpage=0', '?perpage=101', '?page=1.5', '?page=99999999999']) {
      const response = await get(`/api/drafts/${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message).toMatch(/[а-я]/i)
    }
    expect((await get('/api/drafts/', null)).statusCode).toBe(401)
    expect(await draftCount()).toBe(0)
  })
})
