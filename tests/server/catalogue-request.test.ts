import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { filterRequestSchema, type FilterRequest } from '../../src/contract/catalogue'
import { filterResponseSchema } from '../../src/contract/filter-answer'
import { allowedContractsPriced } from '../../server/auth/contract-access'
import { preparedQuery } from '../../server/db/prepared-query'
import { findSessionAccount } from '../../server/auth/session-account'
import { SESSION_COOKIE, findSessionUser } from '../../server/auth/sessions'
import { filterAnswerJson } from '../../server/catalogue/filter-answer-json'
import { catalogueRequest, runFilter, searchCatalogue } from '../../server/catalogue/run-filter'
import { isIntact } from '../../server/catalogue/recycled-columns'
import { whenCurrent } from '../../server/catalogue/snapshot'
import { openDatabase, type Db } from '../../server/db/connection'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, userIdOf } from '../support/server-requests'

/**
 * What the catalogue request does to be cheap under load (one query for the session and the
 * contracts, one for the page's pictures and marks, stock kept per stock version, the shared parts
 * of the answer serialised once) must not change an answer nor let a change wait: every change,
 * by the app or by another connection, shows on the very next request.
 */

let fixture: ServerFixture
let cookie: string
let managerCookie: string
/** a second connection to the same database, as server/cli/admin.ts or another API process has */
let other: Db

beforeAll(async () => {
  fixture = await startServer({ products: 120 })
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  other = await secondConnection(fixture.db)
})
afterAll(async () => {
  await other?.close()
  await fixture?.close()
})

async function secondConnection(db: Db): Promise<Db> {
  const url = process.env.DATABASE_URL
  if (url) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)
    return openDatabase({ databaseUrl: url, pgSchema: rows[0]!.schema })
  }
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db.kysely)
  return openDatabase({ sqliteFile: rows[0]!.file })
}

const { post } = sessionRequests(
  () => fixture,
  () => cookie,
)
const filter = async (payload: FilterRequest, session = cookie) => {
  const response = await post('/api/filter/', payload, session)
  expect(response.statusCode, response.body).toBe(200)
  return filterResponseSchema.parse(response.json())
}
const sessionIdOf = (session: string) => session.split(';')[0]!.slice(`${SESSION_COOKIE}=`.length)

describe('the filter answer', () => {
  it('is byte for byte what JSON.stringify writes, first and repeated', async () => {
    const user = (await findSessionUser(fixture.db, sessionIdOf(cookie), fixture.clock.now()))!
    const shapes: FilterRequest[] = [
      {},
      { catalog: '-1' },
      { catalog: '-1', available: true, page: 2 },
      { brand: [1, 2] },
      { query: 'кран', catalog: '-1', search_range: 'all' },
    ]
    for (const shape of [...shapes, ...shapes]) {
      const answer = await runFilter(fixture.db, user, filterRequestSchema.parse(shape))
      expect(filterAnswerJson(answer).toString('utf8')).toBe(JSON.stringify(answer))
    }
  })

  it('goes out as JSON, compressed when asked, and errors keep their usual shape', async () => {
    const plain = await post('/api/filter/', {})
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(filterResponseSchema.safeParse(plain.json()).success).toBe(true)
    const compressed = await fixture.app.inject({ method: 'POST', url: '/api/filter/', payload: {}, headers: { cookie, 'accept-encoding': 'br' } })
    expect(compressed.headers['content-encoding']).toBe('br')
    const refused = await post('/api/filter/', { contract: '999' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
  })

  it('shows a stock change made by another connection on the next request', async () => {
    const [first] = (await filter({ catalog: '-1' })).products
    if (!first) throw new Error('no product listed')
    const stock = first.stocks.find((row) => row.wms_id === 1)?.quantity ?? 0
    await other.kysely
      .updateTable('stocks')
      .set({ quantity: stock + 7 })
      .where('product_id', '=', first.id)
      .where('warehouse_id', '=', 1)
      .execute()
    const [after] = (await filter({ catalog: '-1' })).products
    expect(after?.quantity).toBe(stock + 7)
    expect(after?.stocks.find((row) => row.wms_id === 1)?.quantity).toBe(stock + 7)
  })

  it('shows the first picture by gallery order, and wishes and needs, as they are now', async () => {
    const [first] = (await filter({ catalog: '-1' })).products
    if (!first) throw new Error('no product listed')
    const userId = await userIdOf(fixture, demoLogin('mainAccount').email)
    const pictures = await fixture.db.kysely
      .selectFrom('pictures')
      .select(['id', 'sort'])
      .where('product_id', '=', first.id)
      .orderBy('sort')
      .orderBy('id')
      .execute()
    expect(first.picture).toBe(pictures[0]?.id ?? null)
    const last = pictures.at(-1)
    if (last && pictures.length > 1) {
      await other.kysely.updateTable('pictures').set({ sort: -1 }).where('id', '=', last.id).execute()
      expect((await filter({ catalog: '-1' })).products[0]?.picture).toBe(last.id)
    }
    await other.kysely.deleteFrom('wishes').where('user_id', '=', userId).where('product_id', '=', first.id).execute()
    await other.kysely.deleteFrom('needs').where('user_id', '=', userId).where('product_id', '=', first.id).execute()
    const unmarked = (await filter({ catalog: '-1' })).products[0]
    expect([unmarked?.inwish, unmarked?.need]).toEqual([false, 0])
    await other.kysely.insertInto('wishes').values({ user_id: userId, product_id: first.id }).execute()
    await other.kysely.insertInto('needs').values({ user_id: userId, product_id: first.id, need: 4 }).execute()
    const marked = (await filter({ catalog: '-1' })).products[0]
    expect([marked?.inwish, marked?.need]).toEqual([true, 4])
  })
})

describe('a request whose copy was written over while it awaited', () => {
  it('starts again on the served copy: the new prices, never a mix of old and new columns', async () => {
    const user = (await findSessionUser(fixture.db, sessionIdOf(cookie), fixture.clock.now()))!
    const payload = filterRequestSchema.parse({ catalog: '-1', available: true, perpage: 50 })
    const held = await catalogueRequest(fixture.db, user, payload)
    const changed = held.snapshot.ids[0]!
    // two price changes, each taken into the served copy: the second is written into the buffers
    // of the held copy, as a request that awaited across both would find them
    for (const price of [1234.5, 2345.5]) {
      await fixture.db.kysely.updateTable('products').set({ price }).where('id', '=', changed).execute()
      await whenCurrent(fixture.db)
    }
    expect(isIntact(held.snapshot)).toBe(false)

    const search = await searchCatalogue(fixture.db, user, payload, held)
    expect(search.snapshot.version).toBeGreaterThan(held.snapshot.version)
    expect(isIntact(search.snapshot)).toBe(true)
    expect(search.products).toEqual((await searchCatalogue(fixture.db, user, payload)).products)
    expect(search.snapshot.price[search.snapshot.ids.indexOf(changed)]).toBe(2345.5)
  })
})

describe('the session and contracts read in one query', () => {
  it('finds what findSessionUser and allowedContractsPriced find', async () => {
    for (const session of [cookie, managerCookie]) {
      const now = fixture.clock.now()
      const user = (await findSessionUser(fixture.db, sessionIdOf(session), now))!
      const account = await findSessionAccount(fixture.db, sessionIdOf(session), now)
      expect(account?.user).toEqual(user)
      expect(account?.contracts).toEqual(await allowedContractsPriced(fixture.db, { ...user }))
      expect(account?.contracts.length).toBeGreaterThan(0)
    }
    expect(await findSessionAccount(fixture.db, '0'.repeat(32), fixture.clock.now())).toBeUndefined()
  })

  it('takes a grant withdrawn by another connection on the next request, and a new one', async () => {
    const managerId = await userIdOf(fixture, demoLogin('manager').email)
    const granted = await fixture.db.kysely
      .selectFrom('manager_contracts')
      .select('contract_id')
      .where('user_id', '=', managerId)
      .orderBy('contract_id')
      .execute()
    const contract = String(granted[0]!.contract_id)
    expect((await filter({ contract }, managerCookie)).contract).toBe(contract)
    await other.kysely.deleteFrom('manager_contracts').where('user_id', '=', managerId).where('contract_id', '=', Number(contract)).execute()
    try {
      const refused = await post('/api/filter/', { contract }, managerCookie)
      expect(refused.statusCode).toBe(403)
      const brand = await post('/api/getProductsByBrandId/', { id: 0, contract }, managerCookie)
      expect(brand.statusCode).toBe(403)
    } finally {
      await other.kysely
        .insertInto('manager_contracts')
        .values({ user_id: managerId, contract_id: Number(contract) })
        .execute()
    }
    expect((await filter({ contract }, managerCookie)).contract).toBe(contract)
  })

  it('ends the session of a user disabled by another connection, and a logged-out one, on the next request', async () => {
    const { email } = demoLogin('manager')
    const session = await loginAs(fixture, 'manager')
    await filter({}, session)
    await other.kysely.updateTable('users').set({ enabled: '0' }).where('email', '=', email).execute()
    try {
      const refused = await post('/api/filter/', {}, session)
      expect(refused.statusCode).toBe(401)
      expect(refused.json()).toEqual({ message: AUTH_MESSAGES.noSession })
    } finally {
      await other.kysely.updateTable('users').set({ enabled: '1' }).where('email', '=', email).execute()
    }
    await filter({}, session)
    await post('/api/logout/', {}, session)
    expect((await post('/api/filter/', {}, session)).statusCode).toBe(401)
  })
})

describe('preparedQuery', () => {
  const productsIn = preparedQuery((kysely, $: { ids: number[]; above: number }) =>
    kysely.selectFrom('products').select('id').where('id', 'in', $.ids).where('id', '>', $.above).orderBy('id'),
  )

  it('binds each run’s arguments, lists of any length', async () => {
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id)
    expect(ids(await productsIn(fixture.db, { ids: [3, 1, 2], above: 1 }))).toEqual([2, 3])
    expect(ids(await productsIn(fixture.db, { ids: [5, 4, 6], above: 0 }))).toEqual([4, 5, 6])
    expect(ids(await productsIn(fixture.db, { ids: [9], above: 0 }))).toEqual([9])
    expect(ids(await productsIn(fixture.db, { ids: [7, 8, 10, 11], above: 8 }))).toEqual([10, 11])
    const long = Array.from({ length: 110 }, (_, i) => i + 1)
    expect(ids(await productsIn(fixture.db, { ids: long, above: 100 }))).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110])
  })
})
