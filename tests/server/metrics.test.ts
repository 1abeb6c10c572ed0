import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currentCatalogue, whenCurrent } from '../../server/catalogue/snapshot'
import { startServer, type ServerFixture } from '../support/server-fixture'

/** Issue 26: GET /metrics in Prometheus' text format, answered only to this machine unless METRICS_TOKEN is set. */
const OUTSIDE = '203.0.113.5'
let fixture: ServerFixture
beforeAll(async () => {
  fixture = await startServer()
})
afterAll(() => fixture?.close())

const scrape = (app = fixture.app, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ method: 'GET', url: '/metrics', ...options })

/** The value of one series line, e.g. `cabinet_jobs{kind="act",state="queued"}`. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics on this machine', () => {
  it('times each answer by route pattern, method and status', async () => {
    await fixture.app.inject({ method: 'GET', url: '/healthz' })
    await fixture.app.inject({ method: 'GET', url: '/api/product/12345/' })
    const response = await scrape()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(valueOf(response.body, 'cabinet_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBeGreaterThanOrEqual(1)
    // the pattern, never the id: one series per route
    expect(valueOf(response.body, 'cabinet_http_request_duration_seconds_count{method="GET",route="/api/product/:id/",status="401"}')).toBeGreaterThanOrEqual(
      1,
    )
    // no series is labelled with the id (a value such as a byte count may hold the digits by chance)
    expect(response.body).not.toMatch(/\{[^}]*12345[^}]*\}/)
  })

  it('times the catalogue load and the changes taken into the copy', async () => {
    const countOf = async (kind: string) => valueOf((await scrape()).body, `cabinet_catalogue_update_seconds_count{kind="${kind}"}`) ?? 0
    const loadsBefore = await countOf('load')
    await currentCatalogue(fixture.db)
    expect(await countOf('load')).toBeGreaterThan(loadsBefore)
    const patchesBefore = await countOf('patch')
    const product = await fixture.db.kysely.selectFrom('products').select(['id', 'price']).orderBy('id').executeTakeFirstOrThrow()
    await fixture.db.kysely
      .updateTable('products')
      .set({ price: product.price + 1 })
      .where('id', '=', product.id)
      .execute()
    await whenCurrent(fixture.db)
    expect(await countOf('patch')).toBeGreaterThan(patchesBefore)
  })

  it('counts the export and act jobs queued and in work, read at the scrape', async () => {
    const contract = await fixture.db.kysely.selectFrom('contracts').selectAll().orderBy('id').executeTakeFirstOrThrow()
    const user = await fixture.db.kysely.selectFrom('users').select('id').where('customer_id', '=', contract.customer_id).executeTakeFirstOrThrow()
    const owner = { customer_id: contract.customer_id, user_id: user.id, contract_id: contract.id, created_at: new Date().toISOString() }
    // an act queued after the worker looked (it looks at start and on a request), and an export another process builds
    await fixture.db.kysely
      .insertInto('acts')
      .values({
        ...owner,
        contragent_id: contract.contragent_id,
        start_day: '2026-01-01',
        end_day: '2026-01-31',
        file: null,
        error: null,
        claimed_at: null,
        ready_at: null,
      })
      .execute()
    const lease = new Date(Date.now() + 3_600_000).toISOString()
    await fixture.db.kysely
      .insertInto('export_jobs')
      .values({ ...owner, brand_ids: '[]', state: 'working', claimed_by: 'другой процесс', lease_until: lease, file_path: null, error: null, ready_at: null })
      .execute()
    const text = (await scrape()).body
    expect(valueOf(text, 'cabinet_jobs{kind="act",state="queued"}')).toBe(1)
    expect(valueOf(text, 'cabinet_jobs{kind="act",state="working"}')).toBe(0)
    expect(valueOf(text, 'cabinet_jobs{kind="export",state="working"}')).toBe(1)
    expect(valueOf(text, 'cabinet_jobs{kind="export",state="queued"}')).toBe(0)
  })

  it('shows the PostgreSQL pool in use, and no pool on SQLite', async () => {
    const text = (await scrape()).body
    if (fixture.db.dialect === 'postgres') {
      expect(valueOf(text, 'cabinet_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1)
      expect(valueOf(text, 'cabinet_db_pool_connections{state="waiting"}')).toBe(0)
    } else {
      expect(text).not.toContain('cabinet_db_pool_connections{')
    }
  })
})

describe('GET /metrics from outside', () => {
  it('does not exist for another address, nor for a request a proxy forwarded that is not trusted', async () => {
    expect((await scrape(fixture.app, { remoteAddress: OUTSIDE })).statusCode).toBe(404)
    expect((await scrape(fixture.app, { headers: { 'x-forwarded-for': OUTSIDE } })).statusCode).toBe(404)
  })

  it('with METRICS_TOKEN answers only the bearer of the token, from anywhere', async () => {
    const withToken = await startServer({ env: { METRICS_TOKEN: 'scrape-secret' } })
    try {
      const token = withToken.config.metricsToken!
      expect((await scrape(withToken.app)).statusCode).toBe(404)
      expect((await scrape(withToken.app, { headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404)
      const answer = await scrape(withToken.app, { remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${token}` } })
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toContain('cabinet_http_request_duration_seconds')
    } finally {
      await withToken.close()
    }
  })
})
