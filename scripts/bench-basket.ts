/**
 * npm run bench:basket — the basket's cost over real HTTP on loopback, and the price-list upload.
 *
 * Seeds BENCH_PRODUCTS (default 6 000) products into a fresh database (a temporary SQLite file, or
 * a new PostgreSQL schema when DATABASE_URL is set), starts the app in-process on 127.0.0.1 and
 * signs in as a demo main account. Then:
 *  (a) BENCH_REQUESTS (default 500) sequential POST /api/processBasketUpdate/ on one line after a
 *      warm-up, p50/p95 against the cheapest authenticated route (GET /api/ping/) timed the same way;
 *  (b) a 5 000-row price list: parse + match in-process, and the whole upload over HTTP (CSV and XLSX).
 * Figures only; it never fails on a slow result.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import ExcelJS from 'exceljs'
import { sql } from 'kysely'
import { pricelistResponseSchema } from '../src/contract/pricelist'
import { buildApp } from '../server/app'
import { formatTable } from '../server/cli/text-table'
import { loadConfig } from '../server/config'
import { DEMO_LOGINS, DEMO_PASSWORD, seedDatabase } from '../server/db/seed'
import { createMailer } from '../server/mail/mailer'
import { loadArticulIndex } from '../server/pricelist/pricelist-answer'
import { matchRows } from '../server/pricelist/match-rows'
import { readFileTable } from '../server/pricelist/read-table'
import { multipartForm } from './bench-support/multipart'
import { createFreshDb, type FreshDb } from './bench-support/fresh-db'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 6_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500)
const WARM_UP = Math.min(50, REQUESTS)
const PRICELIST_ROWS = 5_000
const PRICELIST_RUNS = 5
const MATCH_TARGET_MS = 2_000

interface Reply {
  status: number
  body: string
  cookies: string[]
}

/** One keep-alive connection to the app, carrying the session cookie once signed in. */
class Client {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  cookie = ''

  constructor(private readonly port: number) {}

  send(method: 'GET' | 'POST', path: string, body?: { payload: Buffer | string; type: string }): Promise<Reply> {
    const headers = {
      ...(body ? { 'content-type': body.type, 'content-length': Buffer.byteLength(body.payload) } : {}),
      ...(this.cookie ? { cookie: this.cookie } : {}),
    }
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, path, method, agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cookies: res.headers['set-cookie'] ?? [] }))
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end(body?.payload)
    })
  }

  json = (path: string, value: unknown) => this.send('POST', path, { payload: JSON.stringify(value), type: 'application/json' })

  async signIn(email: string): Promise<void> {
    const reply = await this.json('/api/login/', { email, password: DEMO_PASSWORD })
    this.cookie = reply.cookies.map((cookie) => cookie.split(';')[0]).join('; ')
    if (reply.status !== 200 || !this.cookie) throw new Error(`login failed: ${reply.status} ${reply.body}`)
  }

  close = () => this.agent.destroy()
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

/** p50 and p95 in ms of `REQUESTS` sequential calls after a warm-up; every call must answer 200. */
async function timeSequential(name: string, call: (i: number) => Promise<Reply>) {
  for (let i = 0; i < WARM_UP; i++) await call(i)
  const times: number[] = []
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now()
    const reply = await call(i)
    times.push(performance.now() - started)
    if (reply.status !== 200) throw new Error(`${name}: HTTP ${reply.status} ${reply.body}`)
  }
  times.sort((a, b) => a - b)
  return { name, p50: percentile(times, 50), p95: percentile(times, 95) }
}

/** The median of a few runs in ms, with the last run's result. */
async function timeRuns<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const times: number[] = []
  let result: T | undefined
  for (let run = 0; run < PRICELIST_RUNS; run++) {
    const started = performance.now()
    result = await work()
    times.push(performance.now() - started)
  }
  return { ms: times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0, result: result as T }
}

/** A dealer's 5 000-row order: articuls in other case and spacing, a few unknown, quantities with a decimal comma. */
async function priceListRows(db: FreshDb): Promise<string[][]> {
  const products = await db.kysely.selectFrom('products').select('articul').orderBy('id').limit(PRICELIST_ROWS).execute()
  return Array.from({ length: PRICELIST_ROWS }, (_, i) => {
    const articul = products[i % products.length]?.articul ?? ''
    const written = i % 50 === 0 ? `НЕТ-${i}` : i % 3 === 0 ? articul.toLowerCase().replace(/-/g, ' ') : articul
    return [written, `Товар ${i + 1}`, `${(i % 7) + 1},0`]
  })
}

async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Заказ')
  sheet.addRow(['Артикул', 'Наименование', 'Количество'])
  for (const [articul, header, qnt] of rows) sheet.addRow([articul, header, Number((qnt ?? '').replace(',', '.'))])
  return Buffer.from(await book.xlsx.writeBuffer())
}

async function main() {
  const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'
  const db = await createFreshDb()
  const config = { ...loadConfig({}), clientDir: '/nonexistent', rateLimits: { login: 1e6, registration: 1e6, reminder: 1e6, captcha: 1e6 } }
  const now = () => new Date()
  const mailer = createMailer({ db, from: config.mailFrom, now, log: { info: () => {}, error: () => {} } })
  const app = await buildApp({ db, config, mailer, now })
  let client: Client | undefined
  try {
    const seeding = performance.now()
    await seedDatabase(db, { products: PRODUCTS })
    // what autovacuum does after a bulk load (it is off on this test server)
    if (db.dialect === 'postgres') await sql`vacuum analyze products, stocks, basket_lines`.execute(db.kysely)
    console.log(`${dialect}: seeded ${PRODUCTS} products in ${((performance.now() - seeding) / 1000).toFixed(1)} s`)

    await app.listen({ host: '127.0.0.1', port: 0 })
    client = new Client((app.server.address() as AddressInfo).port)
    const login = DEMO_LOGINS[0]
    if (!login) throw new Error('no demo login')
    await client.signIn(login.email)
    const api = client

    // (a) a product with stock for quantities 1 and 2 at warehouse 1, under contract 1
    const line = await db.kysely
      .selectFrom('stocks')
      .select('product_id')
      .where('warehouse_id', '=', 1)
      .where('quantity', '>=', 2)
      .orderBy('product_id')
      .executeTakeFirstOrThrow()
    const ping = await timeSequential('GET /api/ping/ (baseline)', () => api.send('GET', '/api/ping/'))
    const update = await timeSequential('POST /api/processBasketUpdate/', (i) =>
      api.json('/api/processBasketUpdate/', { id: line.product_id, qnt: (i % 2) + 1, wms: 1, contract: '1' }),
    )
    console.log(`\n(a) ${REQUESTS} sequential requests each after ${WARM_UP} warm-up, one keep-alive connection\n`)
    console.log(
      formatTable(
        ['route', 'p50 ms', 'p95 ms', 'p95 / ping p95'],
        [ping, update].map((r) => [r.name, r.p50.toFixed(2), r.p95.toFixed(2), (r.p95 / ping.p95).toFixed(1)]),
      ),
    )

    // (b) the same 5 000 rows as a UTF-8 CSV and as an XLSX
    const rows = await priceListRows(db)
    const csv = Buffer.from(['Артикул;Наименование;Кол-во', ...rows.map((row) => row.join(';'))].join('\r\n'))
    const xlsx = await xlsxOf(rows)
    const inProcess = (bytes: Buffer) => timeRuns(async () => matchRows(await readFileTable(bytes), await loadArticulIndex(db)))
    const overHttp = (bytes: Buffer, filename: string) =>
      timeRuns(async () => {
        const { payload, headers } = multipartForm({ contract: '1', file: { content: bytes, filename } })
        const reply = await api.send('POST', '/api/uploadsFromFile/', { payload, type: headers['content-type'] })
        if (reply.status !== 200) throw new Error(`upload: HTTP ${reply.status} ${reply.body}`)
        const answer = pricelistResponseSchema.parse(JSON.parse(reply.body))
        return { lines: answer.products, unmatched: answer.unmatched }
      })
    const measured = [
      ['CSV: parse + match (in-process)', await inProcess(csv)],
      ['XLSX: parse + match (in-process)', await inProcess(xlsx)],
      ['CSV: POST /api/uploadsFromFile/', await overHttp(csv, 'order.csv')],
      ['XLSX: POST /api/uploadsFromFile/', await overHttp(xlsx, 'order.xlsx')],
    ] as const
    console.log(`\n(b) a ${PRICELIST_ROWS}-row price list against ${PRODUCTS} products, median of ${PRICELIST_RUNS} runs\n`)
    console.log(
      formatTable(
        ['what', 'file KB', 'ms', 'products', 'unmatched', `under ${MATCH_TARGET_MS / 1000} s`],
        measured.map(([name, { ms, result }]) => [
          name,
          (name.startsWith('CSV') ? csv.length / 1024 : xlsx.length / 1024).toFixed(0),
          ms.toFixed(0),
          String(result.lines.length),
          String(result.unmatched.length),
          ms < MATCH_TARGET_MS ? 'yes' : 'NO',
        ]),
      ),
    )
  } finally {
    client?.close()
    await app.close()
    await db.dispose()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
