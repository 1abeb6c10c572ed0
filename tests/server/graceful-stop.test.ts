import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { request, type IncomingMessage } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../../server/auth/sessions'
import { DEMO_PASSWORD, demoLogin } from '../support/server-fixture'

/**
 * Issue 26: the real server (`npm run serve`) on a temp SQLite file gets SIGTERM with a request
 * in flight and an export job claimed: it answers the request, puts the job back in the queue and
 * exits 0 (the 10-second hard stop exits 1). SQLite only: the server process has no schema of its own
 * on the shared PostgreSQL test database.
 */
const root = resolve(import.meta.dirname, '../..')
let dir: string
let server: ChildProcessWithoutNullStreams
let port: number
let output = ''

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port: free } = probe.address() as { port: number }
  probe.close()
  return free
}

/** Resolves once the server has printed `text` (on either stream). */
function printed(text: string): Promise<void> {
  return new Promise((done) => {
    const look = () => {
      if (!output.includes(text)) return
      server.stdout.off('data', look)
      server.stderr.off('data', look)
      done()
    }
    server.stdout.on('data', look)
    server.stderr.on('data', look)
    look()
  })
}

/**
 * A step of the stop gets this long: at a load of 30 one took over 30 s (the SIGTERM notice), while
 * a step that never comes fails by its name and with the server's output, not by the test's timeout.
 */
const STEP_LIMIT_MS = 60_000

/** `event`, or a failure that names the step and shows the server's output (past the limit, or a reset). */
function within<T>(step: string, event: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`nothing after ${STEP_LIMIT_MS / 1000} s`)), STEP_LIMIT_MS)
  })
  return Promise.race([event, limit])
    .catch((error: unknown) => {
      throw new Error(`${step}: ${String(error)}\n${output}`)
    })
    .finally(() => clearTimeout(timer))
}

/** Resolves once the exporter has claimed the job (its state leaves 'queued'), read from the database file. */
async function claimed(jobId: number): Promise<void> {
  while (jobState(jobId)?.state === 'queued') await new Promise((wait) => setTimeout(wait, 20))
}

async function call(
  method: string,
  path: string,
  body?: object,
  cookie?: string,
): Promise<{ status: number; body: string; headers: IncomingMessage['headers'] }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: response.status, body: await response.text(), headers: Object.fromEntries(response.headers) }
}

const dbFile = () => join(dir, 'cabinet.sqlite')
const jobState = (id: number) => {
  const db = new SQLite(dbFile(), { readonly: true })
  try {
    return (db.prepare('select state, claimed_by from export_jobs where id = ?').get(id) as { state: string; claimed_by: string | null }) ?? null
  } finally {
    db.close()
  }
}

// the server suite's second run, on PostgreSQL, would only repeat it on SQLite
describe.runIf(!process.env.DATABASE_URL)('SIGTERM', () => {
  beforeEach(async () => {
    output = ''
    dir = mkdtempSync(join(tmpdir(), 'cabinet-stop-'))
    port = await freePort()
    const env = { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DB_FILE: dbFile(), EXPORT_DIR: join(dir, 'exports') }
    // started as a dealer starts it: `npm run serve`, whose shell execs the server (node --import tsx), so
    // the SIGTERM npm passes on reaches the server itself. Through tsx's command it did not: that one
    // passes a signal on only when its child acknowledges it within 30 ms, which a server busy with
    // the export often did not; and a shell left between npm and the server died of the signal and
    // orphaned the server. A process group of its own, so that afterEach can kill what is left.
    const started = spawn('npm', ['run', '--silent', 'serve'], {
      cwd: root,
      detached: true,
      env: { ...env, SEED_PRODUCTS: '3000', CLIENT_DIR: join(dir, 'none'), LOG_LEVEL: 'warn' },
    })
    server = started
    // only this try's server writes the output a step waits on, never a last try's that is still going
    const keep = (chunk: Buffer) => void (server === started && (output += chunk.toString()))
    started.stdout.on('data', keep)
    started.stderr.on('data', keep)
    await printed('Кабинет дилера запущен')
    // the server seeds 3,000 products at its first start: minutes at a load of 25
  }, 300_000)

  afterEach(() => {
    if (server.exitCode === null && server.pid !== undefined) process.kill(-server.pid, 'SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })

  // a second and third try only when a loaded machine delays the child process past the timeout;
  // each try starts its own server (beforeEach), so a try never sees the last one's stop
  // the steps' limits, not this timeout, catch a stuck step; this one only bounds their sum
  it('answers the request in flight, puts the claimed export job back in the queue and exits 0', { retry: 2, timeout: 5 * STEP_LIMIT_MS }, async () => {
    const login = await call('POST', '/api/login/', { email: demoLogin('mainAccount').email, password: DEMO_PASSWORD })
    const cookie = new RegExp(`${SESSION_COOKIE}=[^;]+`).exec(String(login.headers['set-cookie']))?.[0]
    expect(login.status).toBe(200)
    const brands = new SQLite(dbFile(), { readonly: true }).prepare('select id from brands').pluck().all() as number[]

    // a sign-in whose body is still coming when the signal arrives; held before the export starts,
    // so that the signal follows the job's claim at once (a loaded machine slows this test's steps,
    // and an export of 3,000 products is done in a second or two)
    const body = JSON.stringify({ email: demoLogin('manager').email, password: DEMO_PASSWORD })
    const inFlight = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/login/',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    })
    const answered = once(inFlight, 'response') as Promise<[IncomingMessage]>
    // the server holds the request (a reset fails here, with the server's output)
    await within('the server takes the request', Promise.race([once(inFlight, 'continue'), answered]))
    inFlight.write(body.slice(0, 10))

    const started = await call('POST', '/api/runExporter/', { data: brands }, cookie)
    expect(started.status, started.body).toBe(200)
    const jobId = (JSON.parse(started.body) as { job: { id: number } }).job.id
    await within('the exporter claims the job', claimed(jobId))

    const exited = once(server, 'exit') as Promise<[number | null]>
    server.kill('SIGTERM')
    await within('the server hears SIGTERM', printed('Получен SIGTERM'))
    inFlight.end(body.slice(10))
    const [response] = await within('the request in flight is answered', answered)
    expect(response.statusCode).toBe(200)
    expect(String(response.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=`)

    const [code] = await within('the server exits', exited)
    expect(code, output).toBe(0)
    expect(output).toContain('Сервер остановлен')
    expect(jobState(jobId)).toEqual({ state: 'queued', claimed_by: null })
  })
})
