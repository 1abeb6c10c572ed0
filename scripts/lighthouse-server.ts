import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { CATALOGUE_DEFAULTS } from '../src/contract/catalogue'
import type { FilterResponse } from '../src/contract/filter-answer'
import { DEMO_LOGINS } from '../server/db/seed'
import { BenchClient } from './bench-http'

export interface CabinetServer {
  origin: string
  /** the demo dealer's session, as a Cookie header */
  cookie: string
  /** a word of a product name: /cabinet/action12/?q=<it> finds products */
  keyword: string
  stop: () => Promise<void>
}

export interface CabinetServerOptions {
  port: number
  clientDir: string
  dbFile: string
}

const START_TIMEOUT_MS = 120_000
const BASKET_LINES = 3

/**
 * The real server (server/main.ts) as a child process on a fresh SQLite file (or DATABASE_URL
 * when set): it migrates and seeds SEED_PRODUCTS products. Then the first demo dealer signs in,
 * and a few products in stock go into the basket so that /cart/ has lines to show.
 */
export async function startCabinetServer({ port, clientDir, dbFile }: CabinetServerOptions): Promise<CabinetServer> {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbFile}${suffix}`, { force: true })
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DB_FILE: dbFile, CLIENT_DIR: clientDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = () => stopChild(child)
  try {
    await waitUntilListening(child, port)
    const client = new BenchClient(port)
    // the first company's main account
    await client.signIn(DEMO_LOGINS[0]!.email)
    const keyword = await fillBasket(client)
    client.close()
    return { origin: `http://127.0.0.1:${port}`, cookie: client.cookie, keyword, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

async function waitUntilListening(child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`сервер завершился с кодом ${child.exitCode}`)
    try {
      // any answer (401 without a session) means it listens
      await fetch(`http://127.0.0.1:${port}/api/ping/`)
      return
    } catch {
      await sleep(250)
    }
  }
  throw new Error(`сервер не ответил за ${START_TIMEOUT_MS / 1000} с на порту ${port}`)
}

/** Puts products in stock into the basket and answers the first word of their names that is a real word. */
async function fillBasket(client: BenchClient): Promise<string> {
  const warehouse = CATALOGUE_DEFAULTS.warehouse
  const filter = await client.send('POST', '/api/filter/', { catalog: '-1', available: true, warehouse, perpage: BASKET_LINES })
  if (filter.status !== 200) throw new Error(`/api/filter/: ${filter.status} ${filter.body}`)
  const { products } = JSON.parse(filter.body) as FilterResponse
  for (const product of products) {
    const added = await client.send('POST', '/api/processBasket/', { id: product.id, qnt: 1, wms: warehouse, type: 'add', contract: '0' })
    if (added.status !== 200) throw new Error(`/api/processBasket/: ${added.status} ${added.body}`)
  }
  const keyword = products.flatMap((product) => product.header.split(/\s+/)).find((word) => /^\p{L}{4,}$/u.test(word))
  if (!keyword) throw new Error('в названиях товаров нет слова для поиска')
  return keyword
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
