import { describe, expect, it } from 'vitest'
import { loginAs } from '../support/server-fixture'
import { stockedProduct } from '../support/server-requests'
import { signedInServer } from '../support/signed-in-server'

const server = signedInServer()

const get = (url: string, session: string, etag?: string) =>
  server.fixture.app.inject({ method: 'GET', url, headers: { cookie: session, ...(etag ? { 'if-none-match': etag } : {}) } })
const post = (url: string, payload: unknown) =>
  server.fixture.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: server.cookie } })

/** Each polled address, and a change that makes its answer differ. */
const POLLED = [
  {
    url: '/api/getActs/',
    change: async () => {
      const response = await post('/api/act/', { act: { contract_id: 1, contragent_id: 1, startdate: '01.08.2026', enddate: '31.10.2026' } })
      expect(response.statusCode, response.body).toBe(200)
    },
  },
  {
    url: '/api/order/?dateselect=all',
    change: () => server.fixture.db.kysely.updateTable('orders').set({ status: 'Отгружен, ТК «Деловые линии»' }).execute(),
  },
  {
    url: '/api/getBasketData/?contract=1',
    change: async () => {
      const { id } = await stockedProduct(server.fixture, 2)
      const response = await post('/api/processBasket/', { id, qnt: 1, wms: 1, type: 'add', contract: '1' })
      expect(response.statusCode, response.body).toBe(200)
    },
  },
]

describe('polled answers carry an ETag, and an unchanged one costs a 304', () => {
  for (const { url, change } of POLLED) {
    it(`${url}: 200 with an ETag, 304 without a body while unchanged, 200 with a new ETag after a change`, async () => {
      const first = await get(url, server.cookie)
      expect(first.statusCode, first.body).toBe(200)
      const etag = String(first.headers.etag)
      expect(etag).toMatch(/^"[\w-]+"$/)
      expect(first.headers['cache-control']).toBe('no-store')

      const unchanged = await get(url, server.cookie, etag)
      expect(unchanged.statusCode).toBe(304)
      expect(unchanged.body).toBe('')
      expect(unchanged.headers.etag).toBe(etag)
      // a list of validators, as a client may send, matches too
      expect((await get(url, server.cookie, `"other", ${etag}`)).statusCode).toBe(304)

      await change()
      const changed = await get(url, server.cookie, etag)
      expect(changed.statusCode).toBe(200)
      expect(changed.headers.etag).not.toBe(etag)
      expect(changed.json()).not.toEqual(first.json())
    })

    it(`${url}: another session's ETag never matches, in the same company or another`, async () => {
      const own = String((await get(url, server.cookie)).headers.etag)
      const sameUserAgain = await loginAs(server.fixture, 'mainAccount')
      const otherCompany = await loginAs(server.fixture, 'mainAccount', 1)
      for (const session of [sameUserAgain, otherCompany]) {
        const answer = await get(url, session, own)
        // the other company's dealer may be refused the first company's contract (403), never answered 304
        expect(answer.statusCode).toBe(session === otherCompany && url.includes('contract=1') ? 403 : 200)
        expect(answer.headers.etag).not.toBe(own)
      }
    })
  }

  it('a malformed If-None-Match is no match: the answer comes whole', async () => {
    for (const header of ['*garbage*', '""', 'W/', ',,,']) {
      const answer = await get('/api/getActs/', server.cookie, header)
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toHaveProperty('acts')
    }
  })
})
