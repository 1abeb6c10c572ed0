import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { orderListSchema, type OrderList } from '../../src/contract/orders'
import { SEED_BASE_TIME } from '../../server/db/seed'
import { demoLogin, loginAs, startServer, type DemoRole, type ServerFixture } from '../support/server-fixture'

/**
 * GET /api/order/ scoping (spec §6, §7): every combination of the filters, for a main account and
 * a manager of one company and the main account of another, against the same filter worked out
 * here from the tables; the article filter; malformed queries.
 */

const DAY = 24 * 60 * 60_000
const MOSCOW_OFFSET = 3 * 60 * 60_000
/** articul of a product put into one order: LIKE's wildcards and letters of both cases */
const WILD_ARTICUL = 'TeST_50%Q'

interface StoredOrder {
  id: number
  customer_id: number
  contract_id: number
  state: number
  paid: number
  status: string
  comment: string
  created_at: string
  articuls: string[]
}

interface Account {
  role: DemoRole
  company: number
  cookie: string
  customerId: number
  contractIds: number[]
}

let fixture: ServerFixture
let stored: StoredOrder[]
let accounts: Record<'main' | 'manager' | 'otherMain', Account>
let wildOrderId: number
const k = () => fixture.db.kysely

const get = (query: string, cookie: string) => fixture.app.inject({ method: 'GET', url: `/api/order/${query}`, headers: { cookie } })

async function list(query: string, account: Account): Promise<OrderList> {
  const response = await get(query, account.cookie)
  expect(response.statusCode, query).toBe(200)
  return orderListSchema.parse(response.json())
}

async function signIn(role: DemoRole, company: number): Promise<Account> {
  const cookie = await loginAs(fixture, role, company)
  const { email } = demoLogin(role, company)
  const user = await k().selectFrom('users').select(['id', 'customer_id', 'type_id']).where('email', '=', email).executeTakeFirstOrThrow()
  const contracts =
    user.type_id === '1'
      ? await k().selectFrom('contracts').select('id').where('customer_id', '=', user.customer_id).execute()
      : await k().selectFrom('manager_contracts').select('contract_id as id').where('user_id', '=', user.id).execute()
  return { role, company, cookie, customerId: user.customer_id, contractIds: contracts.map((c) => c.id).sort((a, b) => a - b) }
}

async function readOrders(): Promise<StoredOrder[]> {
  const orders = await k().selectFrom('orders').select(['id', 'customer_id', 'contract_id', 'state', 'paid', 'status', 'comment', 'created_at']).execute()
  const lines = await k().selectFrom('order_lines').innerJoin('products', 'products.id', 'order_lines.product_id').select(['order_id', 'articul']).execute()
  return orders.map((order) => ({ ...order, articuls: lines.filter((line) => line.order_id === order.id).map((line) => line.articul) }))
}

interface Filter {
  contract: string
  dateselect: 'all' | 'week' | 'period'
  paid: '' | '0' | '1'
  state: string
  search_doc: string
  article: string
}

/** The filter of spec §7 over the stored rows: what the account may see, newest first. */
function expected(account: Account, filter: Filter): number[] {
  const now = fixture.clock.now().getTime()
  const contracts = filter.contract === '0' ? account.contractIds : [Number(filter.contract)]
  const [from, to] =
    filter.dateselect === 'week'
      ? [new Date(now - 7 * DAY).toISOString(), '9999']
      : filter.dateselect === 'period'
        ? [new Date(Date.UTC(2026, 9, 1) - MOSCOW_OFFSET).toISOString(), new Date(Date.UTC(2026, 9, 16) - MOSCOW_OFFSET).toISOString()]
        : ['', '9999']
  const search = filter.search_doc
  return stored
    .filter((order) => order.customer_id === account.customerId && contracts.includes(order.contract_id))
    .filter((order) => order.created_at >= from && order.created_at < to)
    .filter((order) => filter.paid === '' || order.paid === Number(filter.paid))
    .filter((order) => filter.state === '' || order.state === Number(filter.state))
    .filter((order) => search === '' || String(order.id) === search || order.status.includes(search) || order.comment.includes(search))
    .filter((order) => filter.article === '' || order.articuls.some((articul) => articul.toLowerCase().includes(filter.article.toLowerCase())))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
    .map((order) => order.id)
}

const PERIOD = { start_date: '01.10.2026', end_date: '15.10.2026' }
const queryOf = (filter: Filter) => `?${new URLSearchParams({ ...filter, ...(filter.dateselect === 'period' ? PERIOD : {}), perpage: '100' }).toString()}`

/** Every combination of the values given per field. */
function combinations(values: { [K in keyof Filter]: Filter[K][] }): Filter[] {
  return Object.entries(values).reduce<Partial<Filter>[]>(
    (partials, [field, options]) => partials.flatMap((partial) => (options as string[]).map((option) => ({ ...partial, [field]: option }))),
    [{}],
  ) as Filter[]
}

beforeAll(async () => {
  fixture = await startServer({ products: 60 })
  // a day after the seeded history, so the last week holds orders
  fixture.clock.advance(Date.parse(SEED_BASE_TIME) + DAY - fixture.clock.now().getTime())
  accounts = { main: await signIn('mainAccount', 0), manager: await signIn('manager', 0), otherMain: await signIn('mainAccount', 1) }
  const ofMain = k().selectFrom('orders').select('id').where('customer_id', '=', accounts.main.customerId)
  wildOrderId = (await ofMain.orderBy('id').executeTakeFirstOrThrow()).id
  const product = await k().selectFrom('products').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
  await k().updateTable('products').set({ articul: WILD_ARTICUL }).where('id', '=', product.id).execute()
  await k().deleteFrom('order_lines').where('product_id', '=', product.id).execute()
  await k().insertInto('order_lines').values({ order_id: wildOrderId, product_id: product.id, warehouse_id: 1, qnt: 1, price: 1 }).execute()
  stored = await readOrders()
})
afterAll(() => fixture?.close())

describe('GET /api/order/ scoping', () => {
  const names = ['main', 'manager', 'otherMain'] as const
  it.each(names)('shows the %s account exactly its own orders under every combination of filters', async (name) => {
    const account = accounts[name]
    const foreign = stored.filter((order) => order.customer_id !== account.customerId)
    const own = stored.filter((order) => order.customer_id === account.customerId && account.contractIds.includes(order.contract_id))
    const foreignOrder = foreign[Math.floor(foreign.length / 2)]
    const ownArticuls = new Set(own.flatMap((order) => order.articuls))
    const foreignOnly = foreign.flatMap((order) => order.articuls).find((articul) => !ownArticuls.has(articul))
    const ownArticul = own.flatMap((order) => order.articuls).find((articul) => /^[A-Z]{2,}-/.test(articul))
    if (!foreignOrder || !own[3] || !foreignOnly || !ownArticul) throw new Error('the seed has too few orders')
    const filters = combinations({
      contract: ['0', String(account.contractIds.at(-1))],
      dateselect: ['all', 'week', 'period'],
      paid: ['', '0', '1'],
      state: ['', '3', '1'],
      search_doc: ['', String(foreignOrder.id), String(own[3].id), 'Отгружен'],
      // another company's articul, and the brand code that starts many of this company's
      article: ['', foreignOnly.slice(-7), ownArticul.slice(0, 3).toLowerCase()],
    })
    const foreignIds = new Set(foreign.map((order) => order.id))
    let answered = 0
    for (const filter of filters) {
      const answer = await list(queryOf(filter), account)
      const ids = answer.orders.map((order) => order.id)
      expect(
        ids.filter((id) => foreignIds.has(id)),
        queryOf(filter),
      ).toEqual([])
      expect(ids, queryOf(filter)).toEqual(expected(account, filter))
      expect(answer.count, queryOf(filter)).toBe(ids.length)
      if (ids.length > 0) answered += 1
    }
    // many combinations find orders, not only empty lists
    expect(answered).toBeGreaterThan(filters.length / 8)
  })

  it('gives a manager only the orders of its contracts, and 403 for a contract it may not use', async () => {
    const { manager, main } = accounts
    const notGranted = main.contractIds.find((id) => !manager.contractIds.includes(id))
    if (notGranted === undefined) throw new Error('the demo manager is granted every contract')
    const all = await list('?dateselect=all&perpage=100', manager)
    expect(all.contracts.map((contract) => Number(contract.id))).toEqual(manager.contractIds)
    expect(new Set(all.orders.map((order) => Number(order.contract)))).toEqual(new Set(manager.contractIds))
    const hidden = stored.find((order) => order.contract_id === notGranted)
    if (!hidden) throw new Error('no order under the contract the manager may not use')
    expect((await list(`?dateselect=all&search_doc=${hidden.id}`, manager)).orders).toEqual([])
    const otherCompany = accounts.otherMain.contractIds[0] ?? 0
    const withHidden = `?contract=${notGranted}&dateselect=all&search_doc=${hidden.id}`
    const forbidden = [`?contract=${notGranted}`, withHidden, `?contract=${otherCompany}`, '?contract=999999']
    for (const query of forbidden) {
      const response = await get(query, manager.cookie)
      expect(response.statusCode, query).toBe(403)
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    }
    expect((await get(`?contract=${main.contractIds[0]}`, accounts.otherMain.cookie)).statusCode).toBe(403)
  })
})

describe('GET /api/order/ article filter', () => {
  const ids = async (article: string, account = accounts.main) =>
    (await list(`?dateselect=all&perpage=100&article=${encodeURIComponent(article)}`, account)).orders.map((order) => order.id)

  it('keeps the orders holding a line whose articul contains the text, in any letter case', async () => {
    expect(await ids('test_50%q')).toEqual([wildOrderId])
    expect(await ids(` ${WILD_ARTICUL} `)).toEqual([wildOrderId])
    const sample = stored.find((order) => order.customer_id === accounts.main.customerId && order.articuls.length > 1)?.articuls[1]
    if (!sample) throw new Error('no order with two lines')
    const part = sample.slice(2, 8)
    const lower = await ids(part.toLowerCase())
    expect(lower.length).toBeGreaterThan(0)
    expect(await ids(part.toUpperCase())).toEqual(lower)
    expect(lower).toEqual(expected(accounts.main, { contract: '0', dateselect: 'all', paid: '', state: '', search_doc: '', article: part }))
  })

  it('takes % and _ as themselves, not as wildcards', async () => {
    expect(await ids('%')).toEqual([wildOrderId])
    expect(await ids('_5')).toEqual([wildOrderId])
    expect(await ids('T_ST')).toEqual([])
    expect(await ids('TeST%Q')).toEqual([])
    expect(await ids('no such articul')).toEqual([])
  })

  it('finds nothing of another company by the articul of its orders', async () => {
    expect(await ids(WILD_ARTICUL, accounts.otherMain)).toEqual([])
  })
})

describe('GET /api/order/ pages and count', () => {
  it('counts right on a full page, a part-filled one and one past the end', async () => {
    const total = expected(accounts.main, { contract: '0', dateselect: 'all', paid: '', state: '', search_doc: '', article: '' })
    for (const [perpage, page] of [
      [total.length, 1],
      [total.length, 2],
      [total.length - 1, 2],
      [7, Math.ceil(total.length / 7)],
      [7, Math.ceil(total.length / 7) + 1],
      [10, 1000],
    ] as const) {
      const answer = await list(`?dateselect=all&perpage=${perpage}&page=${page}`, accounts.main)
      expect(answer.count, `${perpage}/${page}`).toBe(total.length)
      expect(answer.pagination).toEqual({ page, perpage, pages: Math.ceil(total.length / perpage) })
      expect(answer.orders.map((order) => order.id)).toEqual(total.slice((page - 1) * perpage, page * perpage))
    }
  })
})

describe('GET /api/order/ malformed queries', () => {
  it('answers 400 with a Russian message, never 500', async () => {
    const long = 'x'.repeat(101)
    const malformed = [
      `?article=${long}`,
      '?article=a&article=b',
      `?search_doc=${long}`,
      '?search_doc=1&search_doc=2',
      '?page=0',
      '?page=1.5',
      '?page=1e3',
      '?page=99999999999',
      '?perpage=-1',
      '?perpage=1000',
      '?state=abc',
      '?state=2147483648',
      '?paid=yes',
      '?paid=1&paid=0',
      '?contract=-1',
      '?contract=1.5',
      '?contract=1&contract=2',
      '?dateselect=ALL',
      '?dateselect=period&start_date=32.01.2026',
      '?dateselect=period&start_date=01.01.1999',
      '?dateselect=period&start_date=1.1.2026',
      '?dateselect=period&start_date=10.01.2026&end_date=09.01.2026',
      // a control character in a text (a NUL above all: PostgreSQL refuses one); tests/server/fuzz.test.ts tries them all
      '?dateselect=all&search_doc=%00',
      '?dateselect=all&article=a%00b',
    ]
    for (const query of malformed) {
      const response = await get(query, accounts.main.cookie)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message, query).toMatch(/[а-яё]/i)
    }
  })

  it('answers text that no order holds with an empty list, not an error', async () => {
    for (const text of ['\\', "'; drop table orders; --", '😀', '%_%']) {
      for (const field of ['article', 'search_doc']) {
        const response = await get(`?dateselect=all&${field}=${encodeURIComponent(text)}`, accounts.main.cookie)
        expect(response.statusCode, `${field}=${JSON.stringify(text)}`).toBe(200)
        expect(orderListSchema.parse(response.json()).count).toBe(0)
      }
    }
  })
})
