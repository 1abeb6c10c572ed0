/**
 * The exporter machine's paths (its job and «Сформировать» regions) replayed in the browser on
 * /cabinet/exporter/ with the page's clock controlled (page.clock): each poll of isCommandRunning
 * comes after 3 s of the page's time, and the brands, the polls, the file check and the start are
 * answered by the path (`page.route`), so any answer the server could give is shown, whatever the
 * seeded data holds.
 */
import type { Page, Route } from '@playwright/test'
import type { AnyMachineSnapshot } from 'xstate'
import { EXPORTER_MESSAGES, type ExporterBrandsResponse } from '../../src/contract/exporter'
import { EXPORTER_MESSAGES_UI, exporterMachine, type ExporterContext } from '../../src/machines/exporter.machine'
import { TIMINGS } from '../../src/machines/timings'
import type { ApiCallError } from '../../src/services/http'
import { browserPaths } from '../support/browser-paths'
import { answer, EXPORTER_JOB_CASES, FAILED, READY, REPORT_DATE, WORKING } from '../support/exporter-paths'
import { withoutBootAnswers } from './support/boot-answers'
import { signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { ExporterPage } from './support/exporter-page'
import { expect, test } from './support/fixtures'
import { replayPaths } from './support/replay-paths'

test.describe.configure({ timeout: 300_000 })

const BRANDS: ExporterBrandsResponse = {
  customer_id: 17,
  brands: {
    raw: [
      { id: 1, header: 'Bosch', selected: true },
      { id: 2, header: 'Makita', selected: false },
    ],
    packed: [
      { letter: 'B', brands: [{ id: 1, header: 'Bosch', selected: true }] },
      { letter: 'M', brands: [{ id: 2, header: 'Makita', selected: false }] },
    ],
  },
}
const CASES = {
  'xstate.done.actor.loadBrands': [{ type: 'xstate.done.actor.loadBrands', output: BRANDS }],
  'poll.data': [
    { type: 'poll.data', data: answer(WORKING) },
    { type: 'poll.data', data: answer(READY) },
    { type: 'poll.data', data: answer(FAILED) },
  ],
  ...EXPORTER_JOB_CASES,
}

/** The brand region's events and those the machine raises itself: not sent (this spec is about the job and the start). */
const LEFT_OUT = Object.fromEntries(
  [
    'brands.retry',
    'brand.toggle',
    'letter.toggle',
    'search.change',
    'view.switch',
    'brands.save',
    'selection.saved',
    'job.watch',
    'poll.paused',
    'xstate.error.actor.loadBrands',
    'xstate.done.actor.saveBrands',
    'xstate.error.actor.saveBrands',
  ].map((type) => [type, []]),
)

/** What the page can cause here: the calls' answers (each once it is asked), «Сформировать», «Закрыть». */
const CAUSABLE = new Set([...Object.keys(CASES), 'export.start', 'notice.close'])

const ANSWERED_BY: Record<string, keyof typeof CALLS> = {
  'xstate.done.actor.loadBrands': 'brands',
  'poll.data': 'running',
  'poll.failed': 'running',
  'xstate.done.actor.checkReport': 'report',
  'xstate.error.actor.checkReport': 'report',
  'xstate.done.actor.runExport': 'run',
  'xstate.error.actor.runExport': 'run',
}

const CALLS = {
  brands: '/api/getBrandsForExporter/',
  running: '/api/isCommandRunning/',
  report: '/api/isXlsxReportExists/',
  run: '/api/runExporter/',
} as const

/** Holds each call's latest request until the path answers it (an older one was aborted by the page). */
async function holdLatest(page: Page) {
  const latest: Partial<Record<keyof typeof CALLS, Route>> = {}
  for (const [name, path] of Object.entries(CALLS) as [keyof typeof CALLS, string][])
    await page.route(
      (url) => url.pathname === path,
      (route) => void (latest[name] = route),
    )
  return {
    fulfill: async (name: keyof typeof CALLS, status: number, json: unknown) => {
      await expect.poll(() => latest[name] !== undefined, { message: `the page calls ${CALLS[name]}` }).toBe(true)
      const route = latest[name]!
      delete latest[name]
      await route.fulfill({ status, json })
    },
  }
}

type Handle = { exporter: ExporterPage; calls: Awaited<ReturnType<typeof holdLatest>> }

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ExporterContext

test('exporter paths replayed in the browser: the poll, the file check and «Сформировать» under a controlled clock', async ({ page }) => {
  await signIn(page, DEMO.dealer.email)
  await withoutBootAnswers(page)
  await page.clock.install()
  const paths = browserPaths(exporterMachine, {
    cases: { ...LEFT_OUT, ...CASES },
    canCause: (event) => CAUSABLE.has(event.type),
    serializeState: (state, event, prev) => {
      const context = contextOf(state)
      const key = `${JSON.stringify(state.value)} ${context.job ? `${context.job.id}${context.job.state}` : 'nojob'} ${context.selected.length}`
      return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
    },
    limit: 50_000,
    cover: 'definition',
    everyStateValue: false,
  })
  const reached = await replayPaths<Handle>('exporter', paths, {
    start: async () => {
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      const calls = await holdLatest(page)
      const exporter = new ExporterPage(page)
      await exporter.goto()
      return { exporter, calls }
    },
    act: async ({ exporter, calls }, event) => {
      const call = ANSWERED_BY[event.type]
      if (call === 'running') await page.clock.runFor(TIMINGS.exporterPollMs)
      switch (event.type) {
        case 'export.start':
          return exporter.start.click()
        case 'notice.close':
          return page.getByRole('main').getByRole('button', { name: 'Закрыть' }).click()
        case 'poll.data':
          return calls.fulfill('running', 200, event.data)
        case 'poll.failed':
          return calls.fulfill('running', 503, { message: event.message })
      }
      if (!call) throw new Error(`no way to cause ${event.type}`)
      if (event.type.startsWith('xstate.error.')) {
        const error = event.error as ApiCallError
        return calls.fulfill(call, error.status, { message: error.message })
      }
      return calls.fulfill(call, 200, call === 'run' ? { job: event.output } : event.output)
    },
    expectShown: async ({ exporter }, state) => {
      const main = page.getByRole('main')
      if (state.matches({ job: { watching: 'running' } })) await expect(exporter.progress).toHaveAttribute('aria-valuenow', '40')
      if (state.matches({ job: { watching: 'ready' } })) await expect(main.getByRole('link', { name: `Скачать файл от ${REPORT_DATE}` })).toBeVisible()
      if (state.matches({ job: { watching: 'noReport' } })) await expect(main.getByText(EXPORTER_MESSAGES_UI.noReport)).toBeVisible()
      if (state.matches({ job: { watching: 'jobFailed' } })) await expect(main.getByText(EXPORTER_MESSAGES.interrupted)).toBeVisible()
      if (state.matches({ job: { watching: 'pollFailed' } })) await expect(main.getByText(/^Ошибка сервера \(50[23]\)$/)).toBeVisible()
      if (state.matches({ start: 'refused' })) await expect(exporter.refusal).toContainText(EXPORTER_MESSAGES.alreadyRunning)
      if (state.matches({ start: 'starting' })) await expect(main.getByRole('button', { name: 'Запуск…' })).toBeDisabled()
      if (state.matches({ brands: 'ready' })) await expect(exporter.allOfLetter('B')).toBeChecked()
    },
  })
  expect(reached.size).toBeGreaterThanOrEqual(8)
})
