import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actResponseSchema } from '../../src/contract/acts'
import { filterResponseSchema, type FilterResponse } from '../../src/contract/filter-answer'
import { SESSION_COOKIE } from '../../server/auth/sessions'
import { ConfigError } from '../../server/config'
import { checkProcessesFit, PROCESSES_MESSAGES, processesWanted } from '../../server/ops/processes'
import { seedDatabase } from '../../server/db/seed'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'
import { DEMO_PASSWORD, demoLogin } from '../support/server-fixture'
import { startServerProcess, type ServerProcess } from '../../scripts/bench-support/server-process'

/**
 * Issue 26, N processes on one PostgreSQL: two real server processes (tsx server/main.ts, each on a
 * port of its own) on one database, a schema of this file's own. What one process does, the other
 * sees: a price change, a session, the act queue, the rate limits. And `--processes 2` starts two
 * workers on one port that both answer. PostgreSQL only (DATABASE_URL); SQLite refuses N > 1.
 */

/** The spec's bound for a price change to show (issue 26): a wait limit, never a timing assertion. */
const SHOWS_WITHIN_MS = 2_000
const LIMIT = 4

const onPostgres = !!process.env.DATABASE_URL

describe('the process count', () => {
  it('comes from --processes N, --processes=N or else PROCESSES; a wrong one is refused in Russian', () => {
    expect(processesWanted(['--processes', '3'], { processes: 1 })).toBe(3)
    expect(processesWanted(['--processes=2'], { processes: 1 })).toBe(2)
    expect(processesWanted([], { processes: 4 })).toBe(4)
    for (const args of [['--processes'], ['--processes', '0'], ['--processes=1.5'], ['--processes', 'два'], ['--processes=65']]) {
      expect(() => processesWanted(args, { processes: 1 })).toThrow(new ConfigError(PROCESSES_MESSAGES.badCount))
    }
  })

  it('more than one on SQLite is refused with a Russian message (two processes writing one file get «database is locked»)', () => {
    expect(() => checkProcessesFit(2, { databaseUrl: undefined })).toThrow(new ConfigError(PROCESSES_MESSAGES.sqlite(2)))
    expect(() => checkProcessesFit(1, { databaseUrl: undefined })).not.toThrow()
    expect(() => checkProcessesFit(2, { databaseUrl: 'postgres://localhost/cabinet' })).not.toThrow()
  })
})

describe.skipIf(!onPostgres)('two processes on one PostgreSQL database', { timeout: 60_000 }, () => {
  let db: FreshDb
  let a: ServerProcess
  let b: ServerProcess
  /** the main account signed in once through each process, and the manager through B: the logins stay under the per-account limit */
  let cookieA: string
  let cookieB: string
  let managerB: string

  beforeAll(async () => {
    db = await createFreshDb()
    await seedDatabase(db, { products: 200 })
    const env = { ...db.serverEnv, RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_LOGIN_ACCOUNT: String(LIMIT), RATE_LIMIT_CAPTCHA: String(LIMIT) }
    ;[a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)])
    ;[cookieA, cookieB, managerB] = [await signIn(a), await signIn(b), await signIn(b, 'manager')]
  }, 120_000)

  afterAll(async () => {
    a?.kill()
    b?.kill()
    await Promise.all([a?.exited, b?.exited])
    await db?.dispose()
  })

  async function signIn(server: ServerProcess, role: 'mainAccount' | 'manager' = 'mainAccount') {
    const answer = await server.call('POST', '/api/login/', { body: { email: demoLogin(role).email, password: DEMO_PASSWORD } })
    expect(answer.status, answer.body).toBe(200)
    const cookie = answer.cookies.map((line) => line.split(';')[0]!).find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))
    if (!cookie) throw new Error('the sign-in set no session cookie')
    return cookie
  }

  const everyCatalogue = async (server: ServerProcess, cookie: string): Promise<FilterResponse> => {
    const answer = await server.call('POST', '/api/filter/', { body: { catalog: '-1' }, cookie })
    expect(answer.status, answer.body).toBe(200)
    return filterResponseSchema.parse(JSON.parse(answer.body))
  }

  /** Asks `server` until its answer shows the change (a request answers from the copy it has while the change is taken in), at most SHOWS_WITHIN_MS. */
  async function untilShown(server: ServerProcess, cookie: string, shows: (answer: FilterResponse) => boolean) {
    const started = performance.now()
    let answer = await everyCatalogue(server, cookie)
    while (!shows(answer) && performance.now() - started < SHOWS_WITHIN_MS) answer = await everyCatalogue(server, cookie)
    return answer
  }

  it('a price change shows through the other process within 2 s', async () => {
    // both processes hold a copy of the catalogue before the change
    const before = await everyCatalogue(a, cookieA)
    expect((await everyCatalogue(b, cookieB)).prices.max).toBe(before.prices.max)
    const price = Math.ceil(before.prices.max * 2) + 1
    // what the supplier's import does: a write to the products table, which logs the change
    await db.kysely.updateTable('products').set({ price }).where('id', '=', 1).execute()
    const changed = performance.now()
    const shown = (answer: FilterResponse) => answer.prices.max > before.prices.max
    const after = await untilShown(b, cookieB, shown)
    console.log(`a price change showed through the other process after ${(performance.now() - changed).toFixed(0)} ms`)
    expect(after.prices.max, `not shown within ${SHOWS_WITHIN_MS} ms`).toBeGreaterThan(before.prices.max)
    expect((await untilShown(a, cookieA, shown)).prices.max).toBe(after.prices.max)
  })

  it("a manager's price policy set through one process prices the manager's catalogue on the other at once", async () => {
    const [main, manager] = [cookieA, managerB]
    const contractPrices = await everyCatalogue(b, manager)
    const managerId = await db.kysely.selectFrom('users').select('id').where('email', '=', demoLogin('manager').email).executeTakeFirstOrThrow()
    const set = await a.call('POST', `/api/pricepolitics/${managerId.id}/`, { body: { type: 'markup', markup: '50' }, cookie: main })
    expect(set.status, set.body).toBe(200)
    const marked = await everyCatalogue(b, manager)
    expect(marked.prices.max).toBeCloseTo(contractPrices.prices.max * 1.5, 0)
    await a.call('POST', `/api/pricepolitics/${managerId.id}/`, { body: { type: 'contract' }, cookie: main })
  })

  it('a session made on one process works on the other, and signing out on the other ends it on both', async () => {
    const cookie = await signIn(a)
    const accountOn = async (server: ServerProcess) => JSON.parse((await server.call('GET', '/api/session/', { cookie })).body) as { account: unknown }
    expect((await accountOn(b)).account).not.toBeNull()
    expect((await b.call('POST', '/api/logout/', { body: {}, cookie })).status).toBe(200)
    expect((await accountOn(a)).account).toBeNull()
    expect((await accountOn(b)).account).toBeNull()
  })

  it('each act requested through either process is built exactly once', async () => {
    // every claim of an act (queued → working) is counted: a build follows a claim
    await sql`create table act_claims (act_id integer not null)`.execute(db.kysely)
    await sql`create function count_act_claim() returns trigger language plpgsql as $$
      begin insert into act_claims values (new.id); return null; end $$`.execute(db.kysely)
    await sql`create trigger act_claim after update of state on acts for each row
      when (new.state = 'working' and old.state <> 'working') execute function count_act_claim()`.execute(db.kysely)
    const requested = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const [server, cookie] = i % 2 === 0 ? [a, cookieA] : [b, cookieB]
        const body = { act: { contract_id: 1, contragent_id: 1, startdate: `0${(i % 9) + 1}.01.2026`, enddate: '31.03.2026' } }
        const answer = await server.call('POST', '/api/act/', { body, cookie })
        expect(answer.status, answer.body).toBe(200)
        return actResponseSchema.parse(JSON.parse(answer.body)).act.id
      }),
    )
    const ids = requested.map(Number)
    const states = () => db.kysely.selectFrom('acts').select(['id', 'state']).where('id', 'in', ids).execute()
    // a wait limit only: each process's worker claims from the one queue
    for (let waited = 0; (await states()).some((act) => act.state !== 'ready') && waited < 30_000; waited += 50)
      await new Promise((next) => setTimeout(next, 50))
    expect((await states()).map((act) => act.state)).toEqual(ids.map(() => 'ready'))
    const { rows } = await sql<{ act_id: number; claims: number }>`select act_id, count(*)::int as claims from act_claims group by act_id`.execute(db.kysely)
    expect(rows.filter((row) => ids.includes(row.act_id)).map((row) => row.claims)).toEqual(ids.map(() => 1))
    expect(rows.every((row) => row.claims === 1)).toBe(true)
  })

  it('the rate limits count the attempts of both processes together', async () => {
    const login = { email: 'nobody@processes.example', password: 'не тот' }
    const logins = []
    for (let i = 0; i <= LIMIT; i += 1) logins.push((await (i % 2 === 0 ? a : b).call('POST', '/api/login/', { body: login })).status)
    expect(logins).toEqual([...Array.from({ length: LIMIT }, () => 401), 429])
    const captchas = []
    for (let i = 0; i <= LIMIT; i += 1) captchas.push((await (i % 2 === 0 ? b : a).call('GET', `/registration/captcha?t=${i}`)).status)
    expect(captchas).toEqual([...Array.from({ length: LIMIT }, () => 200), 429])
  })

  it('--processes 2 runs two workers on one port that both answer, and SIGTERM stops them all with code 0', async () => {
    const group = await startServerProcess({ ...db.serverEnv, LOG_LEVEL: 'info' }, ['--processes', '2'])
    try {
      // the primary hands the connections to its workers in turn; each worker's request log names its pid
      const answeredBy = new Set<number>()
      let calls = 0
      for (; calls < 20 && answeredBy.size < 2; calls += 1) {
        expect((await group.call('GET', '/healthz')).status).toBe(200)
        for (const match of group.output().matchAll(/"pid":(\d+)[^\n]*"url":"\/healthz"/g)) answeredBy.add(Number(match[1]))
      }
      expect(answeredBy.size).toBe(2)
      expect(answeredBy.has(group.child.pid!)).toBe(false)
      // a scrape reaches one worker and answers the requests of both
      const metrics = await group.call('GET', '/metrics')
      expect(metrics.status).toBe(200)
      expect(metrics.body).toContain(`cabinet_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} ${calls}\n`)
      group.child.kill('SIGTERM')
      expect(await group.exited).toBe(0)
      expect(group.output().match(/Сервер остановлен/g)).toHaveLength(2)
    } finally {
      group.kill()
    }
  })
})
