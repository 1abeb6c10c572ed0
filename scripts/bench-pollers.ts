/**
 * npm run bench:pollers — many signed-in dealers leaving their screens open (issue 26).
 *
 * Each of `--clients` (default 500) clients signs in as one of the demo logins (spread over the
 * companies) and polls over its own keep-alive connection for `--seconds` (default 60): the acts
 * list (GET /api/getActs/) every 2 s, the orders list (GET /api/order/) and the basket
 * (GET /api/getBasketData/) every 10 s, each client starting at a random moment of the period.
 * A client sends If-None-Match with the last ETag of each address, as the cabinet does, so an
 * unchanged answer comes back as 304. `--db sqlite|postgres|both` (default both; PostgreSQL at
 * DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test). The app runs in a child process on
 * a fresh demo database (scripts/bench-support/poller-server.ts). Prints p50/p95/p99, requests a
 * second and errors (any answer but 200 and 304, or no answer) per call and overall, with the goal
 * and the machine's load. Figures only; it never fails on a slow result.
 */
import { fork, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { formatTable } from '../server/cli/text-table'
import { DEMO_PASSWORD } from '../server/db/seed'
import { COMPANIES } from '../server/db/seed-customers-data'
import { percentile } from './bench-http'
import { benchOption } from './bench-support/options'

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test'
/** issue 26: p95 on either database, with no errors */
const GOAL_P95_MS = 100
const SIGN_IN_CONCURRENCY = 8
/** the demo logins that see all three screens (a manager whose acts section is closed would only get 403s) */
const POLLING_LOGINS = COMPANIES.flatMap((company) => [
  company.mainAccount.email,
  ...(company.manager.disabledMenus.includes('acts') ? [] : [company.manager.email]),
])

const option = benchOption
const CLIENTS = Number(option('clients', '500'))
const SECONDS = Number(option('seconds', '60'))
const DATABASES = option('db', 'both')

interface PolledCall {
  name: string
  path: string
  periodMs: number
}
const CALLS: PolledCall[] = [
  { name: 'getActs', path: '/api/getActs/', periodMs: 2_000 },
  { name: 'order', path: '/api/order/', periodMs: 10_000 },
  { name: 'getBasketData', path: '/api/getBasketData/', periodMs: 10_000 },
]

interface Answer {
  status: number
  etag?: string
}

/** One dealer's tab: a keep-alive connection, its session cookie, the last ETag of each address. */
class Poller {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  private cookie = ''
  private readonly etags = new Map<string, string>()

  constructor(private readonly port: number) {}

  private send(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Answer & { cookies: string[] }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, path, method, agent: this.agent, headers }, (res) => {
        res.on('data', () => {})
        res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, cookies: res.headers['set-cookie'] ?? [] }))
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end(body)
    })
  }

  async signIn(email: string): Promise<void> {
    const answer = await this.send('POST', '/api/login/', { 'content-type': 'application/json' }, JSON.stringify({ email, password: DEMO_PASSWORD }))
    this.cookie = answer.cookies.map((cookie) => cookie.split(';')[0]).join('; ')
    if (answer.status !== 200 || !this.cookie) throw new Error(`login of ${email} failed: HTTP ${answer.status}`)
  }

  async poll(path: string): Promise<number> {
    const etag = this.etags.get(path)
    const answer = await this.send('GET', path, { cookie: this.cookie, ...(etag ? { 'if-none-match': etag } : {}) })
    if (answer.status === 200 && answer.etag) this.etags.set(path, answer.etag)
    return answer.status
  }

  close = () => this.agent.destroy()
}

interface Tally {
  times: number[]
  errors: number
  unchanged: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** One call of one client, every period from a random offset until `until`; a slow answer delays the next (a client never overlaps its own polls). */
async function pollEvery(poller: Poller, call: PolledCall, until: number, tally: Tally): Promise<void> {
  let next = performance.now() + Math.random() * call.periodMs
  while (next < until) {
    await sleep(next - performance.now())
    const sent = performance.now()
    let status = 0
    try {
      status = await poller.poll(call.path)
    } catch {
      status = 0
    }
    tally.times.push(performance.now() - sent)
    if (status === 304) tally.unchanged += 1
    else if (status !== 200) tally.errors += 1
    next = Math.max(next + call.periodMs, performance.now())
  }
}

async function signInAll(port: number): Promise<Poller[]> {
  const pollers = Array.from({ length: CLIENTS }, () => new Poller(port))
  let nextIndex = 0
  await Promise.all(
    Array.from({ length: SIGN_IN_CONCURRENCY }, async () => {
      while (nextIndex < pollers.length) {
        const index = nextIndex++
        await pollers[index]!.signIn(POLLING_LOGINS[index % POLLING_LOGINS.length]!)
      }
    }),
  )
  return pollers
}

function startServer(databaseUrl: string | undefined): Promise<{ child: ChildProcess; port: number }> {
  const env = { ...process.env }
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  else delete env.DATABASE_URL
  const child = fork(fileURLToPath(new URL('./bench-support/poller-server.ts', import.meta.url)), [], { env, execArgv: process.execArgv })
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve({ child, port: message.port }))
    child.once('exit', (code) => reject(new Error(`the bench's server stopped (code ${code})`)))
  })
}

const ms = (value: number) => value.toFixed(1)
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

async function bench(label: string, databaseUrl: string | undefined): Promise<void> {
  const { child, port } = await startServer(databaseUrl)
  try {
    const pollers = await signInAll(port)
    const tallies = CALLS.map((): Tally => ({ times: [], errors: 0, unchanged: 0 }))
    const loadBefore = load()
    const started = performance.now()
    const until = started + SECONDS * 1000
    await Promise.all(pollers.flatMap((poller) => CALLS.map((call, index) => pollEvery(poller, call, until, tallies[index]!))))
    const elapsed = (performance.now() - started) / 1000
    const loadAfter = load()
    pollers.forEach((poller) => poller.close())
    const overall: Tally = {
      times: tallies.flatMap((tally) => tally.times),
      errors: tallies.reduce((sum, tally) => sum + tally.errors, 0),
      unchanged: tallies.reduce((sum, tally) => sum + tally.unchanged, 0),
    }
    const row = (name: string, tally: Tally) => {
      const sorted = [...tally.times].sort((a, b) => a - b)
      return [
        name,
        String(sorted.length),
        (sorted.length / elapsed).toFixed(1),
        ms(percentile(sorted, 50)),
        ms(percentile(sorted, 95)),
        ms(percentile(sorted, 99)),
        String(tally.unchanged),
        String(tally.errors),
      ]
    }
    const overallP95 = percentile(
      [...overall.times].sort((a, b) => a - b),
      95,
    )
    console.log(`\n${label}: ${CLIENTS} clients for ${SECONDS} s`)
    console.log(
      formatTable(
        ['call', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', '304', 'errors'],
        [...CALLS.map((call, index) => row(call.name, tallies[index]!)), row('overall', overall)],
      ),
    )
    const met = overallP95 <= GOAL_P95_MS && overall.errors === 0
    console.log(`goal: p95 ≤ ${GOAL_P95_MS} ms, 0 errors — ${met ? 'met' : 'not met'}`)
    console.log(`load average (1, 5, 15 min) before: ${loadBefore}, after: ${loadAfter}; cores: ${availableParallelism()}`)
  } finally {
    child.send('stop')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

if (DATABASES === 'sqlite' || DATABASES === 'both') await bench('SQLite', undefined)
if (DATABASES === 'postgres' || DATABASES === 'both') await bench('PostgreSQL', process.env.DATABASE_URL ?? DEFAULT_PG_URL)
