import type { Browser, Page } from '@playwright/test'
import { signInThroughApi } from './support/cabinet-shell'
import { CataloguePage } from './support/catalogue-page'
import { DEMO } from './support/demo-logins'
import { test } from './support/fixtures'

/**
 * A measurement, not a test: the time from a filter click to the updated list being painted, on
 * the big catalogue (npm run bench:filter-paint seeds 50,000 products). Printed, never asserted.
 * The server is warmed first by other brands' filters, as one in service is; the page is fresh.
 * Each click is split at the /api/filter/ answer: the request (server and network, from the
 * browser's resource timing) and the client's part after it (body, parse, render, paint). Each
 * click starts on an idle page, the previous list's pictures loaded. A second round of the same
 * clicks runs under Chrome's tracing and prints the page's main-thread CPU time per click, which
 * other work on the machine moves much less than the wall-clock figures.
 */
const CLICKS = Number(process.env.MEASURE_CLICKS ?? 20)
/** issue 24: a filter click painted within 50 ms at p95 */
const GOAL_P95_MS = 50

test.skip(process.env.MEASURE_FILTER !== '1', 'a measurement: npm run bench:filter-paint')
test.describe.configure({ timeout: 600_000 })
// Playwright's own trace snapshots the page around every action: not part of what is measured
test.use({ trace: 'off' })

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

interface ClickTiming {
  /** click → painted list */
  total: number
  /** click → the request leaves (the click's own work before it) */
  beforeRequest: number
  /** the request sent → the last byte of the answer */
  request: number
  /** the answer's last byte → painted list */
  afterAnswer: number
}

/** Clicks brand checkbox `boxIndex` and waits for the new list to be painted. */
const clickAndWait = (page: Page, boxIndex: number) =>
  page.evaluate(async (index): Promise<ClickTiming> => {
    const panel = document.querySelector('aside[aria-label="Фильтры каталога"]')!
    const box = panel.querySelectorAll<HTMLInputElement>('fieldset input[type="checkbox"]')[index]!
    const settled = () => document.querySelector('[aria-busy="true"]') === null && document.querySelector('[data-testid="catalogue-results"]') !== null
    // start from an idle page, so a click is not charged with the previous one's picture loads:
    // the pictures first (an idle callback alone comes while they are on the way, and each SVG
    // picture is then a document parsed and painted on the main thread), then an idle moment
    const loading = [...document.querySelectorAll<HTMLImageElement>('[data-testid="catalogue-results"] img')].filter((img) => !img.complete)
    const loaded = (img: HTMLImageElement) =>
      new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true })
        img.addEventListener('error', resolve, { once: true })
      })
    // a lazy picture far below the viewport does not load at all
    await Promise.race([Promise.all(loading.map(loaded)), new Promise((resolve) => setTimeout(resolve, 1_000))])
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1_000 }))
    performance.clearResourceTimings()
    const clicked = performance.now()
    box.click()
    await new Promise<void>((resolve) => {
      let sawBusy = document.querySelector('[aria-busy="true"]') !== null
      const check = () => {
        if (!sawBusy) sawBusy = document.querySelector('[aria-busy="true"]') !== null
        if (!sawBusy || !settled()) return
        observer.disconnect()
        // the frame after the DOM change: rAF runs before the paint, the task after it
        requestAnimationFrame(() => setTimeout(resolve, 0))
      }
      const observer = new MutationObserver(check)
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
      check()
    })
    const painted = performance.now()
    const answer = performance
      .getEntriesByType('resource')
      .find((entry): entry is PerformanceResourceTiming => entry.name.includes('/api/filter/') && entry.startTime >= clicked)
    const sent = answer?.startTime ?? clicked
    const received = answer?.responseEnd ?? clicked
    return { total: painted - clicked, beforeRequest: sent - clicked, request: received - sent, afterAnswer: painted - received }
  }, boxIndex)

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  /** the thread's CPU time */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string }
}

const RENDERING = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'PaintImage', 'Layerize', 'Commit', 'UpdateLayer'])
const SCRIPT = /^(FunctionCall|EvaluateScript|RunMicrotasks|EventDispatch|TimerFire|FireAnimationFrame|FireIdleCallback|v8\.|V8\.|MinorGC|MajorGC)/

/** The renderer main thread's CPU time, split into script (and GC), style to paint, and the rest. */
function mainThreadCpu(events: TraceEvent[]) {
  const mains = new Set(
    events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map((event) => `${event.pid}:${event.tid}`),
  )
  const byThread = new Map<string, TraceEvent[]>()
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`
    if (event.ph !== 'X' || event.tdur === undefined || !mains.has(thread)) continue
    const list = byThread.get(thread) ?? []
    list.push(event)
    byThread.set(thread, list)
  }
  const self = { script: 0, rendering: 0, other: 0 }
  const kindOf = (name: string) => (SCRIPT.test(name) ? 'script' : RENDERING.has(name) ? 'rendering' : 'other')
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
    const open: TraceEvent[] = []
    for (const event of list) {
      while (open.length > 0 && open.at(-1)!.ts + open.at(-1)!.dur! <= event.ts) open.pop()
      if (open.length > 0) self[kindOf(open.at(-1)!.name)] -= event.tdur!
      self[kindOf(event.name)] += event.tdur!
      open.push(event)
    }
  }
  return { total: (self.script + self.rendering + self.other) / 1000, script: self.script / 1000, rendering: self.rendering / 1000, other: self.other / 1000 }
}

async function tracedClicks(browser: Browser, page: Page, clicks: number, boxOf: (click: number) => number) {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] })
  for (let i = 0; i < clicks; i += 1) await clickAndWait(page, boxOf(i))
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
  return mainThreadCpu(trace.traceEvents)
}

/**
 * A server in service has answered many filters before a dealer's click: warmed here by requests
 * for brands other than the clicks' (so none of the clicks' answers is kept beforehand). The page
 * itself is fresh, as a dealer's newly opened catalogue is.
 */
async function warmServer(page: Page, clickedBrands: number) {
  const first = await page.request.post('/api/filter/', { data: { catalog: '-1' } })
  const { brands } = (await first.json()) as { brands: { data: { id: number }[] } }
  const others = brands.data.slice(clickedBrands).map((brand) => brand.id)
  for (let i = 0; i < others.length; i += 1) {
    for (const brand of [[others[i]!], others.slice(0, i + 1)]) {
      const answer = await page.request.post('/api/filter/', { data: { catalog: '-1', brand } })
      if (!answer.ok()) throw new Error(`warming the server: ${answer.status()} ${await answer.text()}`)
    }
  }
}

test('filter click → painted list', async ({ page, browser }) => {
  const catalogue = new CataloguePage(page)
  const brandCount = 5
  await signInThroughApi(page, DEMO.dealer.email)
  await warmServer(page, brandCount)
  await catalogue.open('/cabinet/?catalog=-1')
  // check brands 1…5, then uncheck them, and so on: every click is a new query
  const boxOf = (click: number) => click % brandCount

  const timings: ClickTiming[] = []
  for (let i = 0; i < CLICKS; i += 1) timings.push(await clickAndWait(page, boxOf(i)))
  const cpu = await tracedClicks(browser, page, CLICKS, boxOf)

  const format = (ms: number) => `${ms.toFixed(1)} ms`
  const summary = (part: keyof ClickTiming) => {
    const sorted = timings.map((timing) => timing[part]).sort((a, b) => a - b)
    return `p50 ${format(percentile(sorted, 50))}, p95 ${format(percentile(sorted, 95))}, min ${format(sorted[0]!)}, max ${format(sorted.at(-1)!)}`
  }
  const perClick = (ms: number) => format(ms / CLICKS)
  console.log(`filter click → painted list over ${CLICKS} clicks: ${summary('total')} (goal p95 ≤ ${GOAL_P95_MS} ms)`)
  console.log(`  the page's first click:        ${format(timings[0]!.total)} (the request ${format(timings[0]!.request)})`)
  console.log(`  click → request sent:          ${summary('beforeRequest')}`)
  console.log(`  request (server and network):  ${summary('request')}`)
  console.log(`  answer → painted (client):     ${summary('afterAnswer')}`)
  console.log(
    `page main-thread CPU per click (traced round): ${perClick(cpu.total)} = script ${perClick(cpu.script)}, ` +
      `style to paint ${perClick(cpu.rendering)}, other ${perClick(cpu.other)}`,
  )
})
