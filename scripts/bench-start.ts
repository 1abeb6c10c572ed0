/**
 * npm run bench:start — how long the main thread is blocked while a screen starts, measured in a
 * way the machine's load hardly moves: the CPU time of each of the page's main-thread tasks, from
 * a Chromium trace, on an unthrottled desktop CPU.
 *
 * Builds nothing: run `npm run build` first (or set CLIENT_DIR). Starts the real server on a fresh
 * SQLite file (as `npm run lighthouse` does: the first demo dealer, three products in the basket)
 * and loads each screen BENCH_RUNS times (default 5) in a new browser context. Prints, per screen,
 * the median of "blocking": every task's CPU time beyond 12.5 ms, summed (a phone's 50 ms at
 * Lighthouse's 4× slowdown, so four times it approximates Lighthouse's Total Blocking Time), the
 * longest task and the main thread's total. Figures only; it never fails on a slow result.
 */
import { resolve } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { formatTable } from '../server/cli/text-table'
import { CHROMIUM_ARGS, findBrowser } from './browser-path'
import { startCabinetServer, type CabinetServer } from './lighthouse-server'

/** a phone's long-task threshold (50 ms) at Lighthouse's 4× CPU slowdown */
const LONG_TASK_MS = 12.5
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const SCREENS = [
  '/login/',
  '/cabinet/',
  '/cabinet/brand/0/',
  '/cabinet/action12/?q=KEYWORD',
  '/cart/',
  '/cabinet/orders/',
  '/cabinet/addresses/',
  '/cabinet/managers/',
  '/cabinet/chat/',
  '/cabinet/exporter/',
  '/cabinet/notifications/',
]

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

interface StartFigures {
  blocking: number
  longest: number
  total: number
}

/** One cold load of the address; the CPU time of each main-thread task, in ms. */
async function taskTimes(browser: Browser, server: CabinetServer, path: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } })
  const [name = '', value = ''] = (server.cookie.split(';')[0] ?? '').split('=')
  await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/' }])
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const events: TraceEvent[] = []
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])))
  const complete = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()))
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' })
  await page.goto(server.origin + path)
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1_000)
  await cdp.send('Tracing.end')
  await complete
  await context.close()
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  if (!main) throw new Error('the trace has no renderer main thread')
  return events
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === main.pid && event.tid === main.tid)
    .map((event) => (event.tdur ?? event.dur ?? 0) / 1000)
}

const figuresOf = (tasks: number[]): StartFigures => ({
  blocking: tasks.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0),
  longest: Math.max(0, ...tasks),
  total: tasks.reduce((sum, ms) => sum + ms, 0),
})

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

async function main() {
  const clientDir = resolve(process.env.CLIENT_DIR ?? 'dist/client')
  const server = await startCabinetServer({
    port: Number(process.env.BENCH_PORT ?? 8395),
    clientDir,
    dbFile: process.env.BENCH_DB_FILE ?? '/tmp/bench-start.sqlite',
  })
  const browser = await chromium.launch({ executablePath: findBrowser()?.path, args: CHROMIUM_ARGS })
  const rows: string[][] = []
  try {
    for (const screen of SCREENS) {
      const path = screen.replace('KEYWORD', encodeURIComponent(server.keyword))
      const runs: StartFigures[] = []
      for (let run = 0; run < RUNS; run++) runs.push(figuresOf(await taskTimes(browser, server, path)))
      const ms = (pick: (figures: StartFigures) => number) => `${median(runs.map(pick)).toFixed(1)} ms`
      rows.push([screen.replace('KEYWORD', '…'), ms((f) => f.blocking), ms((f) => f.longest), ms((f) => f.total)])
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  console.log(`Старт экрана: CPU-время задач главного потока, медиана из ${RUNS} холодных загрузок (${clientDir})\n`)
  console.log(formatTable(['экран', `сверх ${LONG_TASK_MS} мс`, 'самая длинная', 'всего'], rows))
}

await main()
