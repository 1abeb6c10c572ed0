import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { filterRequestSchema, type FilterRequest } from '../../src/contract/catalogue'
import { findSessionUser, SESSION_COOKIE } from '../../server/auth/sessions'
import { runFilter } from '../../server/catalogue/run-filter'
import { readVersions } from '../../server/catalogue/snapshot-load'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, userIdOf } from '../support/server-requests'

/**
 * POST /api/filter/ answers a request whose answer could only come out as one it kept with that
 * answer (server/catalogue/answer-cache.ts): it must be what a fresh search answers, for each
 * user, company, contract and price policy, and every request is still checked.
 */

let fixture: ServerFixture
const sessions: Record<'main' | 'manager' | 'otherCompany', string> = { main: '', manager: '', otherCompany: '' }

beforeAll(async () => {
  fixture = await startServer({ products: 80 })
  sessions.main = await loginAs(fixture, 'mainAccount')
  sessions.manager = await loginAs(fixture, 'manager')
  sessions.otherCompany = await loginAs(fixture, 'mainAccount', 1)
})
afterAll(() => fixture?.close())

const { post } = sessionRequests(
  () => fixture,
  () => sessions.main,
)

/** What a search made afresh for the session answers, as JSON.stringify writes it (no kept answer involved). */
async function freshAnswer(session: string, body: FilterRequest): Promise<string> {
  const user = await findSessionUser(fixture.db, session.slice(`${SESSION_COOKIE}=`.length), fixture.clock.now())
  if (!user) throw new Error('no session')
  return JSON.stringify(await runFilter(fixture.db, user, filterRequestSchema.parse(body)))
}

const SHAPES: FilterRequest[] = [{}, { catalog: '-1' }, { catalog: '-1', sorting: { field: 'price', sort: 'desc' } }, { catalog: '-1', available: true }]

describe('a kept filter answer', () => {
  it('is each user’s own: company, contract and price policy, asked in turns', async () => {
    const managerId = await userIdOf(fixture, demoLogin('manager').email)
    // the manager of the first company sees prices with a markup, its main account the contract's
    await fixture.db.kysely.updateTable('users').set({ price_policy: 'markup', price_markup: 10 }).where('id', '=', managerId).execute()
    const answers = new Map<string, Set<string>>()
    for (let round = 0; round < 2; round += 1) {
      for (const [name, session] of Object.entries(sessions)) {
        for (const shape of SHAPES) {
          const response = await post('/api/filter/', shape, session)
          expect(response.statusCode, response.body).toBe(200)
          expect(response.body).toBe(await freshAnswer(session, shape))
          const key = JSON.stringify(shape)
          answers.set(key, (answers.get(key) ?? new Set()).add(`${name}:${response.body}`))
        }
      }
    }
    // the three logins never got one another's answer
    for (const byLogin of answers.values()) expect(new Set([...byLogin].map((entry) => entry.slice(entry.indexOf(':') + 1))).size).toBe(3)
  })

  it('shows a login’s own wishes, not those of another login of its company on the same contract and prices', async () => {
    const managerId = await userIdOf(fixture, demoLogin('manager').email)
    await fixture.db.kysely.updateTable('users').set({ price_policy: 'contract', price_markup: 0 }).where('id', '=', managerId).execute()
    const shared = JSON.parse((await post('/api/filter/', {}, sessions.manager)).body) as { contract: string; products: { id: number }[] }
    const listed = shared.products[0]!.id
    await fixture.db.kysely.deleteFrom('wishes').where('product_id', '=', listed).execute()
    await fixture.db.kysely.insertInto('wishes').values({ user_id: managerId, product_id: listed }).execute()
    const body = { contract: shared.contract }
    for (let round = 0; round < 2; round += 1) {
      for (const session of [sessions.main, sessions.manager]) {
        const response = await post('/api/filter/', body, session)
        expect(response.body).toBe(await freshAnswer(session, body))
        const first = (response.json() as { products: { id: number; inwish: boolean }[] }).products[0]
        expect([first?.id, first?.inwish]).toEqual([listed, session === sessions.manager])
      }
    }
  })

  it('follows a change of the login’s price policy on the next request', async () => {
    const managerId = await userIdOf(fixture, demoLogin('manager').email)
    await fixture.db.kysely.updateTable('users').set({ price_policy: 'markup', price_markup: 10 }).where('id', '=', managerId).execute()
    const before = (await post('/api/filter/', {}, sessions.manager)).body
    await fixture.db.kysely.updateTable('users').set({ price_policy: 'rrc', price_markup: 0 }).where('id', '=', managerId).execute()
    const after = (await post('/api/filter/', {}, sessions.manager)).body
    expect(after).not.toBe(before)
    expect(after).toBe(await freshAnswer(sessions.manager, {}))
  })

  it('is still refused to a contract the user may not use, and to an ended session', async () => {
    const otherContract = JSON.parse((await post('/api/filter/', {}, sessions.otherCompany)).body).contract as string
    const refused = await post('/api/filter/', { contract: otherContract })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    const session = await loginAs(fixture, 'mainAccount')
    expect((await post('/api/filter/', {}, session)).statusCode).toBe(200)
    await post('/api/logout/', {}, session)
    expect((await post('/api/filter/', {}, session)).statusCode).toBe(401)
  })

  it('is still refused an unknown warehouse', async () => {
    expect((await post('/api/filter/', { warehouse: 1 })).statusCode).toBe(200)
    expect((await post('/api/filter/', { warehouse: 999 })).statusCode).toBe(400)
  })

  it('goes out compressed as asked, decoding to the same JSON, with Vary, again and again', async () => {
    const plain = await post('/api/filter/', { catalog: '-1' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    const decoders: Record<string, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync }
    const asked: [string, string | undefined][] = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['deflate', undefined],
      // weights: @fastify/compress negotiates
      ['br;q=0.5, gzip', 'gzip'],
    ]
    for (let round = 0; round < 2; round += 1) {
      for (const [acceptEncoding, expected] of asked) {
        const response = await fixture.app.inject({
          method: 'POST',
          url: '/api/filter/',
          payload: { catalog: '-1' },
          headers: { cookie: sessions.main, 'accept-encoding': acceptEncoding },
        })
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
        expect(response.headers['content-encoding'], acceptEncoding).toBe(expected)
        const body = response.rawPayload
        expect(expected ? decoders[expected]!(body).toString('utf8') : body.toString('utf8')).toBe(plain.body)
        if (expected) expect(response.headers.vary).toBe('accept-encoding')
        // the kept bytes go out whole; the plugin's stream goes chunked
        if (expected && !acceptEncoding.includes(';')) expect(Number(response.headers['content-length'])).toBe(body.length)
      }
    }
  })
})

describe('the version of pictures, wishes and needs', () => {
  it('moves with every change to them, and only then', async () => {
    const userId = await userIdOf(fixture, demoLogin('mainAccount').email)
    const marks = async () => (await readVersions(fixture.db.kysely)).marks
    const changes = [
      () => fixture.db.kysely.insertInto('wishes').values({ user_id: userId, product_id: 3 }).execute(),
      () => fixture.db.kysely.deleteFrom('wishes').where('user_id', '=', userId).where('product_id', '=', 3).execute(),
      () => fixture.db.kysely.insertInto('needs').values({ user_id: userId, product_id: 3, need: 2 }).execute(),
      () => fixture.db.kysely.updateTable('needs').set({ need: 5 }).where('user_id', '=', userId).where('product_id', '=', 3).execute(),
      () => fixture.db.kysely.deleteFrom('needs').where('user_id', '=', userId).where('product_id', '=', 3).execute(),
      () => fixture.db.kysely.updateTable('pictures').set({ sort: 9 }).where('product_id', '=', 3).execute(),
    ]
    for (const change of changes) {
      const before = await marks()
      await change()
      expect(await marks()).toBeGreaterThan(before)
    }
    const before = await marks()
    await fixture.db.kysely.updateTable('stocks').set({ quantity: 1 }).where('product_id', '=', 3).execute()
    expect(await marks()).toBe(before)
  })
})
