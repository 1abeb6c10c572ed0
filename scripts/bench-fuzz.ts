/**
 * npm run bench:fuzz — malformed requests against every route that takes input (issue 26).
 *
 * `--requests N` (default 10,000) malformed requests, spread evenly over the routes of
 * scripts/bench-support/fuzz-targets.ts (the fuzz test's own targets and arbitraries): the write
 * routes' bodies (mutated, any JSON, broken JSON, forms, other types, one over 1 MB, another
 * company's rows), the multipart uploads, spoiled and other companies' ids in the write routes'
 * addresses, and the GET routes' query strings and path ids. About one request in six goes the other way round
 * as to the session (a signed-in route signed out, a public one signed in). `--db
 * sqlite|postgres|both` (default both; PostgreSQL at DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/test, in a schema of its own), `--seed N` to replay a run.
 * The app runs in this process on a fresh demo database and is reached by `app.inject`.
 *
 * Prints per route the requests, the statuses and the 5xx count; then the totals, the goal
 * (0 × 5xx) with PASS or MISS, and whether every table is unchanged by the write routes and the
 * uploads (the tables read before and after, as the test does). Exits non-zero on any 5xx or a
 * changed table.
 */
import { availableParallelism, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { formatTable } from '../server/cli/text-table'
import { DEMO_PASSWORD, seedDatabase } from '../server/db/seed'
import { COMPANIES } from '../server/db/seed-customers-data'
import { benchApp } from './bench-http'
import { benchOption } from './bench-support/options'
import { createFreshDb } from './bench-support/fresh-db'
import * as fuzz from './bench-support/fuzz-targets'
import { snapshotAllTables } from './bench-support/table-snapshot'

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
/** one request in this many goes with the other session state than its route expects */
const FLIP_SESSION_EVERY = 6

const option = benchOption
const REQUESTS = Number(option('requests', '10000'))
const DATABASES = option('db', 'both')
const SEED = Number(option('seed', String(Date.now() % 2_147_483_647)))

/** One malformed request, ready to send. */
interface Shot {
  method: 'GET' | fuzz.WriteMethod
  url: string
  contentType?: string
  payload?: string | Buffer
  signedIn: boolean
}

interface Route {
  name: string
  /** true for the routes whose tables must stay as they were */
  changesState: boolean
  shots: (count: number) => Shot[]
}

const flipped = (index: number, signedIn: boolean) => (index % FLIP_SESSION_EVERY === FLIP_SESSION_EVERY - 1 ? !signedIn : signedIn)
const sample = <T>(arbitrary: fc.Arbitrary<T>, count: number, salt: number) => (count > 0 ? fc.sample(arbitrary, { numRuns: count, seed: SEED + salt }) : [])

/** Bodies naming another company's rows, sent as they are (JSON). */
const asJson = (body: Record<string, unknown>): fuzz.Body => ({ kind: 'other company', contentType: 'application/json', payload: JSON.stringify(body) })

const ROUTES: Route[] = [
  ...fuzz.TARGETS.map((target, salt): Route => ({
    name: `${target.method ?? 'POST'} ${fuzz.addressOf(target)}`,
    changesState: true,
    shots: (count) => {
      const fixed = [...(target.foreign ?? []).map(asJson), fuzz.oversizedBody(target)]
      return [...sample(fuzz.bodiesFor(target), count - fixed.length, salt), ...fixed].map((body, index) => ({
        method: target.method ?? 'POST',
        url: fuzz.addressOf(target),
        contentType: body.contentType,
        payload: body.payload,
        signedIn: flipped(index, target.signedIn),
      }))
    },
  })),
  ...fuzz.UPLOAD_TARGETS.map((target, salt): Route => ({
    name: `POST ${target.url} (multipart)`,
    changesState: true,
    shots: (count) =>
      sample(fuzz.uploadsFor(target), count, fuzz.TARGETS.length + salt).map((upload, index) => ({
        method: 'POST',
        url: target.url,
        contentType: upload.contentType,
        payload: upload.payload,
        signedIn: flipped(index, true),
      })),
  })),
  ...fuzz.ID_ROUTES.map((target, salt): Route => ({
    name: `${target.method} ${target.url} (spoiled id)`,
    changesState: true,
    shots: (count) =>
      sample(fuzz.spoiledIdAddresses(target, target.foreign), count, fuzz.TARGETS.length + fuzz.UPLOAD_TARGETS.length + salt).map((address, index) => ({
        method: target.method,
        url: address.url,
        ...(target.payload === undefined ? {} : { contentType: 'application/json', payload: target.payload }),
        signedIn: flipped(index, true),
      })),
  })),
  ...fuzz.QUERY_TARGETS.map((target, salt): Route => ({
    name: `GET ${target.path}`,
    changesState: false,
    shots: (count) =>
      sample(fuzz.addressesFor(target), count, fuzz.TARGETS.length + fuzz.UPLOAD_TARGETS.length + fuzz.ID_ROUTES.length + salt).map((address, index) => ({
        method: 'GET',
        url: address.url,
        signedIn: flipped(index, target.signedIn),
      })),
  })),
]

interface Tally {
  requests: number
  statuses: Map<number, number>
  serverErrors: number
  /** 4xx answers in JSON whose message has no Russian in it */
  notRussian: number
  firstServerError?: string
}

async function signIn(app: FastifyInstance): Promise<string> {
  const email = COMPANIES[0]!.mainAccount.email
  const response = await app.inject({ method: 'POST', url: '/api/login/', payload: { email, password: DEMO_PASSWORD } })
  const cookie = response.cookies.map((each) => `${each.name}=${each.value}`).join('; ')
  if (response.statusCode !== 200 || !cookie) throw new Error(`login of ${email} failed: HTTP ${response.statusCode}`)
  return cookie
}

async function fire(app: FastifyInstance, cookie: string, shots: readonly Shot[], tally: Tally): Promise<void> {
  for (const shot of shots) {
    const headers: Record<string, string> = { ...(shot.contentType ? { 'content-type': shot.contentType } : {}), ...(shot.signedIn ? { cookie } : {}) }
    const response = await app.inject({ method: shot.method, url: shot.url, headers, ...(shot.payload === undefined ? {} : { payload: shot.payload }) })
    const status = response.statusCode
    tally.requests += 1
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1)
    if (status >= 500) {
      tally.serverErrors += 1
      tally.firstServerError ??= `${shot.method} ${shot.url} ${shot.contentType ?? ''} ${String(shot.payload ?? '').slice(0, 160)} → ${status} ${response.body.slice(0, 160)}`
    } else if (status >= 400 && String(response.headers['content-type']).startsWith('application/json')) {
      const message: unknown = response.json<{ message?: unknown }>().message
      if (typeof message !== 'string' || !fuzz.RUSSIAN.test(message)) tally.notRussian += 1
    }
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

const statusText = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')

/** Runs the routes on one database; answers whether it met the goal. */
async function bench(label: string, databaseUrl: string | undefined): Promise<boolean> {
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl
  else delete process.env.DATABASE_URL
  const db = await createFreshDb()
  try {
    await seedDatabase(db, { products: 60, now: new Date() })
    const app = await benchApp(db)
    try {
      const cookie = await signIn(app)
      const perRoute = Math.floor(REQUESTS / ROUTES.length)
      const extra = REQUESTS - perRoute * ROUTES.length
      const plans = ROUTES.map((route, index) => ({ route, shots: route.shots(Math.max(1, perRoute + (index < extra ? 1 : 0))) }))
      const tallies = plans.map((): Tally => ({ requests: 0, statuses: new Map(), serverErrors: 0, notRussian: 0 }))

      const loadBefore = load()
      const started = performance.now()
      const before = await snapshotAllTables(db)
      for (const [index, plan] of plans.entries()) if (plan.route.changesState) await fire(app, cookie, plan.shots, tallies[index]!)
      const after = await snapshotAllTables(db)
      for (const [index, plan] of plans.entries()) if (!plan.route.changesState) await fire(app, cookie, plan.shots, tallies[index]!)
      const seconds = (performance.now() - started) / 1000
      const loadAfter = load()

      const changed = Object.keys(before).filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]))
      const total = tallies.reduce((sum, tally) => sum + tally.requests, 0)
      const serverErrors = tallies.reduce((sum, tally) => sum + tally.serverErrors, 0)
      const notRussian = tallies.reduce((sum, tally) => sum + tally.notRussian, 0)
      const allStatuses = new Map<number, number>()
      for (const tally of tallies) for (const [status, count] of tally.statuses) allStatuses.set(status, (allStatuses.get(status) ?? 0) + count)

      console.log(`\n${label}: ${total} malformed requests over ${ROUTES.length} routes (seed ${SEED})`)
      console.log(
        formatTable(
          ['route', 'requests', 'statuses', '5xx'],
          [
            ...plans.map(({ route }, index) => [
              route.name,
              String(tallies[index]!.requests),
              statusText(tallies[index]!.statuses),
              String(tallies[index]!.serverErrors),
            ]),
            ['total', String(total), statusText(allStatuses), String(serverErrors)],
          ],
        ),
      )
      for (const tally of tallies) if (tally.firstServerError) console.log(`5xx: ${tally.firstServerError}`)
      console.log(`4xx answers whose message is not Russian: ${notRussian}`)
      console.log(`tables after the write routes and the uploads: ${changed.length === 0 ? 'every table unchanged' : `CHANGED: ${changed.join(', ')}`}`)
      const met = serverErrors === 0 && changed.length === 0
      console.log(`goal: 0 × 5xx, no table changed — ${met ? 'PASS' : 'MISS'} (${serverErrors} × 5xx)`)
      console.log(`time: ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)} requests/s)`)
      console.log(`load average (1, 5, 15 min) before: ${loadBefore}, after: ${loadAfter}; cores: ${availableParallelism()}`)
      return met
    } finally {
      await app.close()
    }
  } finally {
    await db.dispose()
  }
}

const results: boolean[] = []
if (DATABASES === 'sqlite' || DATABASES === 'both') results.push(await bench('SQLite', undefined))
if (DATABASES === 'postgres' || DATABASES === 'both') results.push(await bench('PostgreSQL', PG_URL))
if (results.length === 0) throw new Error(`--db is sqlite, postgres or both, not «${DATABASES}»`)
if (results.some((met) => !met)) process.exitCode = 1
