/**
 * For `npm run bench:catalogue`: the throughput of one filter shape under `connections` keep-alive
 * connections against 1 and then 2 API processes (`server/main.ts --processes N`, node:cluster) on
 * the bench's database, side by side, with the cores and the load. The servers are processes of
 * their own, so the load comes from this one. SQLite runs one process only (it refuses more): there
 * the 2-process row says so.
 */
import os from 'node:os'
import { formatTable } from '../../server/cli/text-table'
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../server/db/seed'
import { concurrentLoad, type LoadResult } from '../bench-http'
import type { FreshDb } from './fresh-db'
import { startServerProcess } from './server-process'

const PROCESS_COUNTS = [1, 2]
/** before each measurement, so that every worker holds the catalogue and has its hot paths compiled */
const WARM_UP_SECONDS = 3

interface Target {
  name: string
  method: 'GET' | 'POST'
  path: string
  json?: unknown
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')

async function loadAgainst(db: FreshDb, processes: number, target: Target, load: { connections: number; seconds: number }): Promise<LoadResult> {
  const limits = { RATE_LIMIT_LOGIN: '1000000', RATE_LIMIT_LOGIN_ACCOUNT: '1000000', SESSIONS_PER_USER: '1000000' }
  const server = await startServerProcess({ ...db.serverEnv, ...limits }, ['--processes', String(processes)])
  try {
    const login = await server.call('POST', '/api/login/', { body: { email: DEMO_LOGINS[0]!.email, password: DEMO_PASSWORD } })
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body}`)
    const cookie = login.cookies.map((line) => line.split(';')[0]).join('; ')
    // each worker loads the catalogue after it listens: ready answers on fresh connections (handed out in turn) from all of them
    for (let ready = 0; ready < 2 * processes;) {
      ready = (await server.call('GET', '/readyz')).status === 200 ? ready + 1 : 0
      if (ready === 0) await new Promise((wait) => setTimeout(wait, 100))
    }
    await concurrentLoad(server.port, cookie, target, { connections: load.connections, seconds: WARM_UP_SECONDS })
    return await concurrentLoad(server.port, cookie, target, load)
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
  }
}

export async function compareProcessCounts(db: FreshDb, target: Target, load: { connections: number; seconds: number }): Promise<void> {
  const rows: string[][] = []
  for (const processes of PROCESS_COUNTS) {
    if (processes > 1 && db.dialect === 'sqlite') {
      rows.push([String(processes), 'PostgreSQL only: SQLite runs one process', '', '', '', '', ''])
      continue
    }
    const result = await loadAgainst(db, processes, target, load)
    rows.push([
      String(processes),
      String(result.requests),
      result.perSecond.toFixed(0),
      result.p50.toFixed(2),
      result.p99.toFixed(2),
      String(result.failed),
      loadAverage(),
    ])
  }
  console.log(
    `\n${target.name}: ${load.connections} concurrent connections for ${load.seconds} s (after ${WARM_UP_SECONDS} s of warm-up) against ` +
      `npm run serve -- --processes N, from this process; ${os.cpus().length} cores`,
  )
  console.log(formatTable(['processes', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'not 200', 'load average after'], rows))
}
