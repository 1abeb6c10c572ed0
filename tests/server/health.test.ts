import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { currentCatalogue } from '../../server/catalogue/snapshot'
import { openDatabase } from '../../server/db/connection'
import { HEALTH_MESSAGES } from '../../server/routes/health'
import { startServer, type ServerFixture } from '../support/server-fixture'

/** Issue 26: liveness and readiness, open without a session, on SQLite and PostgreSQL. */
let fixture: ServerFixture
beforeAll(async () => {
  fixture = await startServer()
})
afterAll(() => fixture?.close())

const get = (url: string) => fixture.app.inject({ method: 'GET', url })

describe('the health probes', () => {
  it('/healthz answers ok without a session', async () => {
    const response = await get('/healthz')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it('/readyz is 503 until the catalogue is in memory, then 200', async () => {
    const before = await get('/readyz')
    expect(before.statusCode).toBe(503)
    expect(before.json()).toEqual({ status: 'unavailable', reason: HEALTH_MESSAGES.catalogueNotLoaded })
    await currentCatalogue(fixture.db)
    const after = await get('/readyz/')
    expect(after.statusCode).toBe(200)
    expect(after.json()).toEqual({ status: 'ok' })
  })

  it('/readyz is 503 naming the database when it does not answer, while /healthz stays ok', async () => {
    // nothing listens on port 1: every connection is refused
    const gone = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' })
    const app = await buildApp({ ...fixture, db: gone, mailer: { send: async () => {} }, now: fixture.clock.now })
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toEqual({ status: 'unavailable', reason: HEALTH_MESSAGES.databaseDown })
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    } finally {
      await app.close()
      await gone.close()
    }
  })
})
