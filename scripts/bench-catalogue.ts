/**
 * npm run bench:catalogue — the catalogue filter on a big catalogue, over real HTTP on loopback.
 *
 * Seeds BENCH_PRODUCTS (default 50 000) products into a fresh database (a temporary SQLite file,
 * or a new PostgreSQL schema when DATABASE_URL is set), starts the app in-process on 127.0.0.1,
 * signs in as a demo main account and times BENCH_REQUESTS sequential requests per filter shape
 * after a warm-up. Prints p50, p95 and req/s per shape and p95 relative to GET /api/ping/.
 * Figures only; it never fails on a slow result.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { filterResponseSchema, type FilterRequest } from '../src/contract/catalogue'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { DEMO_LOGINS, DEMO_PASSWORD, seedDatabase } from '../server/db/seed'
import { createMailer } from '../server/mail/mailer'
import { formatTable } from '../server/cli/text-table'
import { createTestDb, type TestDb } from '../tests/support/test-db'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300)
const WARM_UP = Math.min(50, REQUESTS)
const TARGET_P95_MS = 30

interface Shape {
  name: string
  method: 'GET' | 'POST'
  path: string
  body?: FilterRequest
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

function request(port: number, shape: Omit<Shape, 'name'>, cookie?: string): Promise<{ status: number; body: string; cookies: string[] }> {
  const payload = shape.body === undefined ? undefined : JSON.stringify(shape.body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: shape.path,
        method: shape.method,
        agent,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cookies: res.headers['set-cookie'] ?? [] }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

async function measure(port: number, cookie: string, shape: Shape) {
  const first = await request(port, shape, cookie)
  if (first.status !== 200) throw new Error(`${shape.name}: HTTP ${first.status} ${first.body}`)
  const found = shape.path === '/api/filter/' ? filterResponseSchema.parse(JSON.parse(first.body)).count : undefined
  for (let i = 0; i < WARM_UP; i += 1) await request(port, shape, cookie)
  const times: number[] = []
  const started = performance.now()
  for (let i = 0; i < REQUESTS; i += 1) {
    const t = performance.now()
    const response = await request(port, shape, cookie)
    times.push(performance.now() - t)
    if (response.status !== 200) throw new Error(`${shape.name}: HTTP ${response.status}`)
  }
  const seconds = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  return { shape, found, p50: percentile(times, 50), p95: percentile(times, 95), perSecond: REQUESTS / seconds }
}

/** Filter shapes on the default catalogue, with values picked from the seeded data so each one matches products. */
async function filterShapes(db: TestDb): Promise<Shape[]> {
  const k = db.kysely
  const inCatalogue = (ids: number[]) => k.selectFrom('products').where('category_id', 'in', ids)
  const tree = await k.selectFrom('categories').select(['id', 'parent_id']).execute()
  const under = (id: number): number[] => [id, ...tree.filter((c) => c.parent_id === id).flatMap((c) => under(c.id))]
  const ids = under(27)
  const brand = await inCatalogue(ids)
    .select((eb) => ['brand_id', eb.fn.countAll<number>().as('n')])
    .groupBy('brand_id')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow()
  const prices = await inCatalogue(ids).select('price').orderBy('price').execute()
  const quartile = (q: number) => Math.round(prices[Math.floor(prices.length * q)]?.price ?? 0)
  const param = await inCatalogue(ids)
    .innerJoin('product_params', 'product_params.product_id', 'products.id')
    .select(['product_params.param_id', 'product_params.value'])
    .orderBy('product_params.param_id')
    .orderBy('product_params.value')
    .execute()
  const firstParam = param.filter((row) => row.param_id === param[0]?.param_id)
  const paramMid = firstParam[Math.floor(firstParam.length / 2)]?.value ?? 0
  const tag = await inCatalogue(ids)
    .innerJoin('product_tags', 'product_tags.product_id', 'products.id')
    .select('product_tags.tag_id')
    .executeTakeFirstOrThrow()
  const sample = await inCatalogue(ids).select('header').orderBy('id').executeTakeFirstOrThrow()
  const keyword = sample.header.split(' ')[0]?.toLowerCase() ?? ''
  const filter = (name: string, body: FilterRequest): Shape => ({ name, method: 'POST', path: '/api/filter/', body })
  return [
    filter('none', {}),
    filter('brand', { brand: [brand.brand_id] }),
    filter('price range', { byprice: true, minprice: quartile(0.25), maxprice: quartile(0.75) }),
    filter('parameter', { filter: [{ id: param[0]?.param_id ?? 1, minp: firstParam[0]?.value ?? 0, maxp: paramMid }] }),
    filter('tag', { tags: [tag.tag_id] }),
    filter(`keyword «${keyword}»`, { query: keyword, catalog: '-1', search_range: 'all' }),
    filter('(extra) available', { available: true }),
    filter('(extra) all catalogues', { catalog: '-1' }),
    filter('(extra) all + available', { catalog: '-1', available: true }),
    filter('(extra) price desc, page 10', { sorting: { field: 'price', sort: 'desc' }, page: 10 }),
  ]
}

async function main() {
  const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'
  const db = await createTestDb()
  try {
    let t = performance.now()
    await seedDatabase(db, { products: PRODUCTS })
    // what autovacuum does after a bulk load (it is off on this test server); SQLite keeps no statistics unless asked
    if (db.dialect === 'postgres') await sql`vacuum analyze products, stocks, product_params, product_tags, pictures, categories, brands, wishes, needs, basket_lines`.execute(db.kysely)
    console.log(`${dialect}: seeded ${PRODUCTS} products in ${((performance.now() - t) / 1000).toFixed(1)} s`)

    const config = { ...loadConfig({}), clientDir: '/nonexistent', rateLimits: { login: 1e6, registration: 1e6, reminder: 1e6, captcha: 1e6 } }
    const now = () => new Date()
    const mailer = createMailer({ db, from: config.mailFrom, now, log: { info: () => {}, error: () => {} } })
    const app = await buildApp({ db, config, mailer, now })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as AddressInfo

    const login = DEMO_LOGINS[0]
    if (!login) throw new Error('no demo login')
    const signIn = await request(port, { method: 'POST', path: '/api/login/', body: { email: login.email, password: DEMO_PASSWORD } as never })
    const cookie = signIn.cookies.map((c) => c.split(';')[0]).join('; ')
    if (signIn.status !== 200 || !cookie) throw new Error(`login failed: ${signIn.status} ${signIn.body}`)

    const once = async (body: FilterRequest) => {
      const started = performance.now()
      const response = await request(port, { method: 'POST', path: '/api/filter/', body }, cookie)
      if (response.status !== 200) throw new Error(`HTTP ${response.status} ${response.body}`)
      return (performance.now() - started).toFixed(0)
    }
    const reloads = [`first request (copies the catalogue into memory): ${await once({})} ms`]

    t = performance.now()
    const ping = await measure(port, cookie, { name: 'GET /api/ping/ (baseline)', method: 'GET', path: '/api/ping/' })
    const results = [ping]
    for (const shape of await filterShapes(db)) results.push(await measure(port, cookie, shape))
    console.log(`${REQUESTS} sequential requests per shape after ${WARM_UP} warm-up, in ${((performance.now() - t) / 1000).toFixed(1)} s\n`)
    console.log(
      formatTable(
        ['shape', 'found', 'p50 ms', 'p95 ms', 'req/s', 'p95 / ping p95'],
        results.map((r) => [
          r.shape.name,
          r.found === undefined ? '' : String(r.found),
          r.p50.toFixed(2),
          r.p95.toFixed(2),
          r.perSecond.toFixed(0),
          (r.p95 / ping.p95).toFixed(1),
        ]),
      ),
    )
    await db.kysely.updateTable('stocks').set({ quantity: 0 }).where('product_id', '=', 1).where('warehouse_id', '=', 1).execute()
    reloads.push(`after a stock change, with «available» (rereads one warehouse's stock): ${await once({ available: true })} ms`)
    await db.kysely.updateTable('products').set({ price: 1 }).where('id', '=', 1).execute()
    reloads.push(`after a product change (copies the catalogue again): ${await once({})} ms`)
    console.log(`\n${reloads.join('\n')}`)
    const over = results.filter((r) => r.shape.path === '/api/filter/' && !r.shape.name.startsWith('(extra)') && r.p95 > TARGET_P95_MS)
    console.log(over.length === 0 ? `\nevery main shape is within p95 ≤ ${TARGET_P95_MS} ms` : `\nover ${TARGET_P95_MS} ms at p95: ${over.map((r) => r.shape.name).join(', ')}`)
    await app.close()
  } finally {
    agent.destroy()
    await db.dispose()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
