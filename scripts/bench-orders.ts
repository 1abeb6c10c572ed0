/**
 * npm run bench:orders — the orders list (GET /api/order/) of a company with 100 000 orders, over real HTTP on loopback.
 *
 * Seeds the demo with BENCH_PRODUCTS (default 2 000) products, then BENCH_ORDERS (default 100 000)
 * orders of two years, with their lines, for the first demo company, into a temporary SQLite file;
 * then the same into a new PostgreSQL schema when DATABASE_URL is set or `--postgres[=URL]` is
 * given. Starts the app in-process on 127.0.0.1, signs in as the company's main account and times
 * sequential requests per filter shape (BENCH_REQUESTS, default 200, at most ~4 s a shape) after a
 * warm-up, against the cheapest signed-in route (GET /api/ping/).
 * `--without-order-indexes` undoes migration 0005 first, to see what its indexes buy.
 * On PostgreSQL the bench works in a schema of its own (scripts/bench-support/fresh-db.ts), dropped at the end.
 * «found» is «> N» where a search stopped counting (server/orders/order-list.ts, SEARCH_COUNT_LIMIT).
 * Figures only; it never fails on a slow result.
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { orderListSchema } from '../src/contract/orders'
import { formatTable } from '../server/cli/text-table'
import { orderIndexesMigration } from '../server/db/migration-order-indexes'
import { createRandom, type Random } from '../server/db/random'
import { DEMO_LOGINS, seedDatabase } from '../server/db/seed'
import type { SeedRow } from '../server/db/seed-support'
import { createFreshDb, type FreshDb } from './bench-support/fresh-db'
import { BenchClient, listenForBench, timeSequential, type Timing } from './bench-http'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000)
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200)
const TIMING = { requests: REQUESTS, warmUp: Math.min(20, REQUESTS), budgetMs: 4_000 }
const HISTORY_DAYS = 730
const DAY_MS = 24 * 60 * 60_000
const ORDERS_PER_BATCH = 2_000
/** six columns a line, within SQLite's 32 766 bound parameters a statement */
const LINES_PER_INSERT = 4_000
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test'
/** issue 24 §3: every filter's p95 on either database */
const GOAL_P95_MS = 10

const flag = (name: string) => process.argv.slice(2).find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))
const WITHOUT_INDEXES = flag('without-order-indexes') !== undefined

interface Company {
  customerId: number
  mainAccountId: number
  contractIds: number[]
}

async function firstCompany(db: FreshDb, email: string): Promise<Company> {
  const user = await db.kysely.selectFrom('users').select(['id', 'customer_id']).where('email', '=', email).executeTakeFirstOrThrow()
  const contracts = await db.kysely.selectFrom('contracts').select('id').where('customer_id', '=', user.customer_id).orderBy('id').execute()
  return { customerId: user.customer_id, mainAccountId: user.id, contractIds: contracts.map((contract) => contract.id) }
}

/** Older orders are shipped or cancelled; the last days' are still moving. */
function stateOf(random: Random, ageDays: number): number {
  if (ageDays < 3) return random.pick([1, 2, 10])
  if (ageDays < 30) return random.pick([2, 3, 4, 5, 10])
  return random.chance(0.1) ? 4 : 3
}

function statusOf(state: number, id: number): string {
  if (state === 10) return `Ожидает оплаты по счёту № ${4000 + id}`
  if (state === 4) return 'Отменён по просьбе клиента'
  return state === 3 ? 'Отгружен, ТК «ПЭК»' : 'Принят в обработку'
}

/** Orders `from` .. `from + size - 1` of the ORDERS (ids from `baseId`), oldest first, with one to eight lines each. */
function orderBatch(random: Random, company: Company, at: { baseId: number; from: number; size: number; firstLineId: number; nowMs: number }) {
  const orders: SeedRow<'orders'>[] = []
  const lines: SeedRow<'order_lines'>[] = []
  for (let index = at.from; index < at.from + at.size; index++) {
    const id = at.baseId + index
    const ageMs = (1 - index / ORDERS) * HISTORY_DAYS * DAY_MS
    const state = stateOf(random, ageMs / DAY_MS)
    const productIds = new Set(Array.from({ length: random.int(1, 8) }, () => random.int(1, PRODUCTS)))
    const orderLines = [...productIds].map((productId, line) => ({
      id: at.firstLineId + lines.length + line,
      order_id: id,
      product_id: productId,
      warehouse_id: random.int(1, 3),
      qnt: random.int(1, 20),
      price: random.int(100, 50_000),
    }))
    lines.push(...orderLines)
    orders.push({
      id,
      customer_id: company.customerId,
      user_id: company.mainAccountId,
      contract_id: random.pick(company.contractIds),
      state,
      status: statusOf(state, id),
      paid: state === 3 || random.chance(0.2) ? 1 : 0,
      sum: orderLines.reduce((sum, line) => sum + line.price * line.qnt, 0),
      comment: random.chance(0.2) ? 'Доставка до 14:00, за час позвонить' : '',
      created_at: new Date(at.nowMs - ageMs).toISOString(),
    })
  }
  return { orders, lines }
}

/** ORDERS orders for the company, spread evenly over the last HISTORY_DAYS, after the demo's own. */
async function seedOrders(db: FreshDb, company: Company): Promise<void> {
  const random = createRandom(100_000)
  const nowMs = Date.now()
  await db.kysely.transaction().execute(async (trx) => {
    const last = async (table: 'orders' | 'order_lines') =>
      Number(
        (
          await trx
            .selectFrom(table)
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirstOrThrow()
        ).id ?? 0,
      )
    const baseId = (await last('orders')) + 1
    let firstLineId = (await last('order_lines')) + 1
    for (let from = 0; from < ORDERS; from += ORDERS_PER_BATCH) {
      const batch = orderBatch(random, company, { baseId, from, size: Math.min(ORDERS_PER_BATCH, ORDERS - from), firstLineId, nowMs })
      await trx.insertInto('orders').values(batch.orders).execute()
      for (let start = 0; start < batch.lines.length; start += LINES_PER_INSERT) {
        await trx
          .insertInto('order_lines')
          .values(batch.lines.slice(start, start + LINES_PER_INSERT))
          .execute()
      }
      firstLineId += batch.lines.length
    }
  })
  if (db.dialect === 'postgres') {
    for (const table of ['orders', 'order_lines']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(db.kysely)
    }
    // what autovacuum does after a bulk load (it is off on this test server)
    await sql`vacuum analyze orders, order_lines, products, order_search, order_counts`.execute(db.kysely)
  }
}

/** The query strings to time, with values picked from the seeded rows so each one finds orders. */
async function shapes(db: FreshDb, company: Company): Promise<[string, string][]> {
  const ofCompany = db.kysely.selectFrom('orders').where('customer_id', '=', company.customerId)
  const count = Number((await ofCompany.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const middle = await ofCompany
    .select('id')
    .orderBy('id')
    .offset(Math.floor(count / 2))
    .limit(1)
    .executeTakeFirstOrThrow()
  const product = await db.kysely
    .selectFrom('products')
    .select('articul')
    .where('id', '=', Math.ceil(PRODUCTS / 2))
    .executeTakeFirstOrThrow()
  const article = product.articul.slice(-6).toLowerCase()
  const deepPage = Math.ceil(count / 10)
  const contract = company.contractIds.at(-1) ?? 0
  return [
    ['default (last week)', ''],
    ['all, page 1', '?dateselect=all'],
    [`all, page ${deepPage} (the last)`, `?dateselect=all&page=${deepPage}`],
    [`all, contract ${contract}`, `?dateselect=all&contract=${contract}`],
    ['all, state 1 (new)', '?dateselect=all&state=1'],
    ['all, not paid', '?dateselect=all&paid=0'],
    ['last month, paid', '?dateselect=month&paid=1'],
    [`all, search_doc ${middle.id}`, `?dateselect=all&search_doc=${middle.id}`],
    [`all, article «${article}»`, `?dateselect=all&article=${encodeURIComponent(article)}`],
    [`last week, article «${article}»`, `?article=${encodeURIComponent(article)}`],
    ['all, article «0» (most products)', '?dateselect=all&article=0'],
  ]
}

async function run(dialect: string): Promise<void> {
  const db = await createFreshDb()
  let client: BenchClient | undefined
  let close = async () => {}
  try {
    const seeding = performance.now()
    await seedDatabase(db, { products: PRODUCTS })
    const login = DEMO_LOGINS[0]
    if (!login) throw new Error('no demo login')
    const company = await firstCompany(db, login.email)
    await seedOrders(db, company)
    if (WITHOUT_INDEXES) await orderIndexesMigration().down?.(db.kysely)
    const seconds = ((performance.now() - seeding) / 1000).toFixed(1)
    const indexes = WITHOUT_INDEXES ? ', without the 0005 indexes' : ''
    console.log(`\n${dialect}: seeded ${PRODUCTS} products and ${ORDERS} orders in ${seconds} s${indexes}`)

    const { app, port } = await listenForBench(db)
    close = () => app.close()
    const api = new BenchClient(port)
    client = api
    await api.signIn(login.email)
    const ping = await timeSequential('GET /api/ping/ (baseline)', () => api.send('GET', '/api/ping/'), TIMING)
    const rows: [Timing, string][] = []
    for (const [name, query] of await shapes(db, company)) {
      const answer = orderListSchema.parse(JSON.parse((await api.send('GET', `/api/order/${query}`)).body))
      const found = answer.count_is_floor ? `> ${answer.count}` : String(answer.count)
      rows.push([await timeSequential(name, () => api.send('GET', `/api/order/${query}`), TIMING), found])
    }
    console.log(`GET /api/order/, sequential requests on one keep-alive connection, each shape after ${TIMING.warmUp} warm-up\n`)
    console.log(
      formatTable(
        ['filter', 'found', 'requests', 'p50 ms', 'p95 ms', 'goal p95', 'p50 / ping p50', 'p95 / ping p95'],
        [[ping, ''] as const, ...rows].map(([timing, found], index) => [
          timing.name,
          found,
          String(timing.samples),
          timing.p50.toFixed(2),
          timing.p95.toFixed(2),
          index === 0 ? '' : `≤ ${GOAL_P95_MS} ${timing.p95 <= GOAL_P95_MS ? 'met' : 'MISSED'}`,
          (timing.p50 / ping.p50).toFixed(1),
          (timing.p95 / ping.p95).toFixed(1),
        ]),
      ),
    )
  } finally {
    client?.close()
    await close()
    await db.dispose()
  }
}

async function main() {
  const postgres = flag('postgres')
  const pgUrl = process.env.DATABASE_URL || (postgres ? postgres.slice('--postgres='.length) || DEFAULT_PG_URL : undefined)
  delete process.env.DATABASE_URL
  await run('SQLite')
  if (!pgUrl) return
  process.env.DATABASE_URL = pgUrl
  await run('PostgreSQL')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
