/** What a benchmark needs to time the app over real HTTP on loopback: the app listening, a signed-in client, percentiles. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import type { Db } from '../server/db/connection'
import { DEMO_PASSWORD } from '../server/db/seed'
import { createMailer } from '../server/mail/mailer'

export interface Reply {
  status: number
  body: string
  cookies: string[]
}

/** One keep-alive connection to the app, carrying the session cookie once signed in. */
export class BenchClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  cookie = ''

  constructor(private readonly port: number) {}

  send(method: 'GET' | 'POST', path: string, json?: unknown): Promise<Reply> {
    const payload = json === undefined ? undefined : JSON.stringify(json)
    const headers = { ...(payload ? { 'content-type': 'application/json' } : {}), ...(this.cookie ? { cookie: this.cookie } : {}) }
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, path, method, agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cookies: res.headers['set-cookie'] ?? [] })
        })
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end(payload)
    })
  }

  async signIn(email: string): Promise<void> {
    const reply = await this.send('POST', '/api/login/', { email, password: DEMO_PASSWORD })
    this.cookie = reply.cookies.map((cookie) => cookie.split(';')[0]).join('; ')
    if (reply.status !== 200 || !this.cookie) throw new Error(`login failed: ${reply.status} ${reply.body}`)
  }

  close = () => this.agent.destroy()
}

/** The app on `db`, with limits that a benchmark never reaches (not listening: `app.inject` reaches it). */
export async function benchApp(db: Db): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({}),
    clientDir: '/nonexistent',
    rateLimits: { login: 1e6, registration: 1e6, reminder: 1e6, captcha: 1e6 },
    accountRateLimits: { login: 1e6, reminder: 1e6 },
    // many clients of a benchmark sign in as one demo user
    sessionsPerUser: 1e6,
  }
  const now = () => new Date()
  const mailer = createMailer({ db, from: config.mailFrom, now, log: { info: () => {}, error: () => {} } })
  return buildApp({ db, config, mailer, now })
}

/** The app on `db` listening on a free loopback port, with limits that a benchmark never reaches. */
export async function listenForBench(db: Db): Promise<{ app: FastifyInstance; port: number }> {
  const app = await benchApp(db)
  await app.listen({ host: '127.0.0.1', port: 0 })
  return { app, port: (app.server.address() as AddressInfo).port }
}

export const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0

export interface Timing {
  name: string
  p50: number
  p95: number
  samples: number
}

/**
 * p50 and p95 in ms of sequential calls after a warm-up: `requests` of them, or fewer when they
 * take longer than `budgetMs` together (never fewer than `minimum`). Every call must answer 200.
 */
export async function timeSequential(
  name: string,
  call: () => Promise<Reply>,
  { requests, warmUp, budgetMs, minimum = 20 }: { requests: number; warmUp: number; budgetMs: number; minimum?: number },
): Promise<Timing> {
  for (let i = 0; i < warmUp; i++) await call()
  const times: number[] = []
  const started = performance.now()
  while (times.length < requests && (times.length < minimum || performance.now() - started < budgetMs)) {
    const sent = performance.now()
    const reply = await call()
    times.push(performance.now() - sent)
    if (reply.status !== 200) throw new Error(`${name}: HTTP ${reply.status} ${reply.body}`)
  }
  times.sort((a, b) => a - b)
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), samples: times.length }
}

export interface LoadResult {
  name: string
  requests: number
  perSecond: number
  p50: number
  p99: number
  /** answers other than 200 */
  failed: number
}

/**
 * `connections` keep-alive connections, each sending `method path` again as soon as it is answered,
 * for `seconds`: requests per second and latency under concurrency.
 */
export async function concurrentLoad(
  port: number,
  cookie: string,
  target: { name: string; method: 'GET' | 'POST'; path: string; json?: unknown },
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const payload = target.json === undefined ? undefined : JSON.stringify(target.json)
  const headers = { ...(payload ? { 'content-type': 'application/json' } : {}), cookie }
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: target.path, method: target.method, agent, headers }, (res) => {
        res.on('data', () => {})
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end(payload)
    })
  const times: number[] = []
  let failed = 0
  const started = performance.now()
  const until = started + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const sent = performance.now()
        if ((await once()) !== 200) failed += 1
        times.push(performance.now() - sent)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  times.sort((a, b) => a - b)
  return { name: target.name, requests: times.length, perSecond: times.length / elapsed, p50: percentile(times, 50), p99: percentile(times, 99), failed }
}
