import { describe, expect, it, vi } from 'vitest'
import { Subject } from 'rxjs'
import { createActor, fromEventObservable, fromPromise, type AnyMachineSnapshot } from 'xstate'
import {
  EXPORTER_MESSAGES,
  type CommandRunningResponse,
  type ExportJob,
  type ExporterBrandsResponse,
  type ReportExistsResponse,
} from '../../src/contract/exporter'
import { toggledLetter } from '../../src/machines/exporter-rules'
import { exporterMachine, type ExporterContext, type ExporterPollInput } from '../../src/machines/exporter.machine'
import {
  brandViewOf,
  canStartOf,
  jobMessageOf,
  jobPanelOf,
  letterTicksOf,
  progressPercentOf,
  rawTicksOf,
  reportDateOf,
  selectionStepOf,
  startMessageOf,
} from '../../src/machines/exporter.selectors'
import { TIMINGS } from '../../src/machines/timings'
import { ApiCallError } from '../../src/services/http'
import type { PollEvent } from '../../src/services/streams'
import { answer, EXPORTER_JOB_CASES, FAILED, READY, WORKING } from '../support/exporter-paths'
import { describeMachinePaths } from '../support/path-testing'

const BRANDS: ExporterBrandsResponse = {
  customer_id: 17,
  brands: {
    raw: [
      { id: 1, header: 'Bosch', selected: true },
      { id: 2, header: 'Makita', selected: false },
      { id: 3, header: 'Зубр', selected: false },
    ],
    packed: [
      { letter: 'B', brands: [{ id: 1, header: 'Bosch', selected: true }] },
      { letter: 'M', brands: [{ id: 2, header: 'Makita', selected: false }] },
      { letter: 'З', brands: [{ id: 3, header: 'Зубр', selected: false }] },
    ],
  },
}
const NONE_SAVED: ExporterBrandsResponse = {
  ...BRANDS,
  brands: {
    raw: BRANDS.brands.raw.map((brand) => ({ ...brand, selected: false })),
    packed: BRANDS.brands.packed.map((group) => ({ ...group, brands: group.brands.map((brand) => ({ ...brand, selected: false })) })),
  },
}
const NEXT_READY: ExportJob = { id: 7, state: 'ready', progress: 1, error: null }

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ExporterContext
const sameIds = (a: readonly number[], b: readonly number[]) => [...a].sort().join() === [...b].sort().join()

const CASES = {
  'xstate.done.actor.loadBrands': [
    { type: 'xstate.done.actor.loadBrands', output: BRANDS },
    { type: 'xstate.done.actor.loadBrands', output: NONE_SAVED },
  ],
  'xstate.error.actor.loadBrands': [{ type: 'xstate.error.actor.loadBrands', error: new ApiCallError('Ошибка сервера (503)', 503) }],
  'brand.toggle': [{ type: 'brand.toggle', id: 2 }],
  'letter.toggle': [{ type: 'letter.toggle', letter: 'M' }],
  'search.change': [{ type: 'search.change', text: 'ма' }],
  'view.switch': [
    { type: 'view.switch', view: 'raw' },
    { type: 'view.switch', view: 'packed' },
  ],
  'selection.saved': [{ type: 'selection.saved', ids: [1, 2] }],
  'xstate.done.actor.saveBrands': [{ type: 'xstate.done.actor.saveBrands', output: [1, 2] }],
  'xstate.error.actor.saveBrands': [{ type: 'xstate.error.actor.saveBrands', error: new ApiCallError(EXPORTER_MESSAGES.unknownBrands, 400) }],
  'poll.data': [
    { type: 'poll.data', data: answer(WORKING) },
    { type: 'poll.data', data: answer(READY) },
    { type: 'poll.data', data: answer(NEXT_READY) },
    { type: 'poll.data', data: answer(FAILED) },
  ],
  ...EXPORTER_JOB_CASES,
}

type Region = 'brands' | 'view' | 'job' | 'start'

/** The events without a payload. */
const BARE = ['brands.retry', 'brands.save', 'export.start', 'notice.close', 'job.watch', 'poll.paused'] as const

/** The events each region's traversal sends (the rest are left out, so the other regions stay put and the graph stays small). */
const REGION_EVENTS: Record<Region, readonly string[]> = {
  brands: [
    'xstate.done.actor.loadBrands',
    'xstate.error.actor.loadBrands',
    'brands.retry',
    'brand.toggle',
    'letter.toggle',
    'brands.save',
    'xstate.done.actor.saveBrands',
    'xstate.error.actor.saveBrands',
    'selection.saved',
  ],
  view: ['view.switch', 'search.change'],
  start: ['xstate.done.actor.loadBrands', 'brand.toggle', 'export.start', 'xstate.done.actor.runExport', 'xstate.error.actor.runExport', 'notice.close'],
  job: [
    'xstate.done.actor.loadBrands',
    'job.watch',
    'poll.data',
    'poll.failed',
    'poll.paused',
    'xstate.done.actor.checkReport',
    'xstate.error.actor.checkReport',
  ],
}

const casesOf = (region: Region) =>
  Object.fromEntries(
    [...Object.keys(CASES), ...BARE].map((type) => {
      const payloads = (CASES as Record<string, { type: string }[]>)[type] ?? [{ type }]
      // the job region's paths start from a load that saved a selection (one payload keeps the graph small)
      const used = region === 'job' && type === 'xstate.done.actor.loadBrands' ? payloads.slice(0, 1) : payloads
      return [type, REGION_EVENTS[region].includes(type) ? used : []]
    }),
  )

/** The facts the guards read: whether the ticks are the saved ones, whether any is ticked, the job. */
const factsOf = (context: ExporterContext) =>
  [
    sameIds(context.selected, context.saved) ? 'saved' : 'edited',
    context.selected.length > 0 ? 'some' : 'none',
    context.job ? `${context.job.id}${context.job.state}` : 'nojob',
  ].join(' ')

/**
 * The four regions are traversed one at a time, each with its own events (the product of all four
 * would be thousands of vertices); every path runs the whole machine, and the coverage adds up.
 */
const regionPaths = (region: Region, last = false) =>
  describeMachinePaths(exporterMachine, {
    cases: casesOf(region),
    serializeState: (state, event, prev) => {
      const key = `${JSON.stringify(state.value)} ${factsOf(contextOf(state))}`
      return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
    },
    limit: 50_000,
    expectFullCoverage: last,
    report: last ? undefined : false,
    assertStep: (snapshot) => {
      const context = contextOf(snapshot)
      if (snapshot.matches({ brands: 'failed' })) expect(context.errorMessage).toBe('Ошибка сервера (503)')
      if (snapshot.matches({ brands: { ready: 'saveFailed' } })) expect(context.errorMessage).toBe(EXPORTER_MESSAGES.unknownBrands)
      if (snapshot.matches({ start: 'refused' })) expect(startMessageOf(snapshot as never)).toBe(EXPORTER_MESSAGES.alreadyRunning)
      if (snapshot.matches({ job: { watching: 'running' } })) expect(context.job?.state).toBe('working')
      if (snapshot.matches({ job: { watching: 'ready' } })) expect(reportDateOf(snapshot as never)).toBe('27.11.2026 04:31')
      if (snapshot.matches({ job: { watching: 'jobFailed' } })) expect(jobMessageOf(snapshot as never)).toBe(EXPORTER_MESSAGES.interrupted)
      if (snapshot.matches({ brands: { ready: 'clean' } })) expect(sameIds(context.selected, context.saved)).toBe(true)
    },
  })

regionPaths('brands')
regionPaths('view')
regionPaths('start')
regionPaths('job', true)

/** A poll the test drives: each start is recorded with its input, and events go out through `emit`. */
function drivenPoll() {
  const starts: ExporterPollInput[] = []
  let subject = new Subject<PollEvent<CommandRunningResponse>>()
  const logic = fromEventObservable(({ input }: { input: ExporterPollInput }) => {
    starts.push(input)
    subject = new Subject<PollEvent<CommandRunningResponse>>()
    return subject
  })
  return { starts, logic, emit: (event: PollEvent<CommandRunningResponse>) => subject.next(event) }
}

describe('exporter beyond the paths', () => {
  const withBrands = (poll: ReturnType<typeof drivenPoll>, runs: { customerId: number; ids: number[] }[] = []) =>
    exporterMachine.provide({
      actors: {
        loadBrands: fromPromise(() => Promise.resolve(BRANDS)),
        pollRunning: poll.logic,
        checkReport: fromPromise((): Promise<ReportExistsResponse> => Promise.resolve({ fe: true, date: '27.11.2026 04:31' })),
        runExport: fromPromise(({ input }: { input: { customerId: number; ids: number[] } }): Promise<ExportJob> => {
          runs.push(input)
          return Promise.resolve({ id: 8, state: 'queued', progress: 0, error: null })
        }),
      },
    })

  it('polls isCommandRunning every 3 s for the company the brands named, shows the progress, then the file with its date', async () => {
    const poll = drivenPoll()
    const actor = createActor(withBrands(poll)).start()
    await vi.waitFor(() => expect(poll.starts).toEqual([{ periodMs: TIMINGS.exporterPollMs, customerId: 17 }]))
    expect(TIMINGS.exporterPollMs).toBe(3_000)
    poll.emit({ type: 'poll.data', data: answer(WORKING) })
    expect(jobPanelOf(actor.getSnapshot())).toBe('running')
    expect(progressPercentOf(actor.getSnapshot())).toBe(40)
    poll.emit({ type: 'poll.data', data: answer(READY) })
    await vi.waitFor(() => expect(jobPanelOf(actor.getSnapshot())).toBe('ready'))
    expect(reportDateOf(actor.getSnapshot())).toBe('27.11.2026 04:31')
    poll.emit({ type: 'poll.paused' })
    expect(jobMessageOf(actor.getSnapshot())).toBe('Проверка выгрузки приостановлена, пока вкладка скрыта')
    actor.stop()
  })

  it('«Сформировать» sends the ticks with the company, marks them saved and restarts the poll at once', async () => {
    const poll = drivenPoll()
    const runs: { customerId: number; ids: number[] }[] = []
    const actor = createActor(withBrands(poll, runs)).start()
    await vi.waitFor(() => expect(poll.starts).toHaveLength(1))
    actor.send({ type: 'brand.toggle', id: 3 })
    expect(selectionStepOf(actor.getSnapshot())).toBe('dirty')
    expect(canStartOf(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'export.start' })
    await vi.waitFor(() => expect(poll.starts).toHaveLength(2))
    expect(runs).toEqual([{ customerId: 17, ids: [1, 3] }])
    expect(selectionStepOf(actor.getSnapshot())).toBe('clean')
    actor.stop()
  })

  it('the views, the search and «Все на букву»', async () => {
    const poll = drivenPoll()
    const actor = createActor(withBrands(poll)).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ brands: 'ready' })).toBe(true))
    expect(brandViewOf(actor.getSnapshot())).toBe('packed')
    expect(letterTicksOf(actor.getSnapshot()).map((group) => [group.letter, group.allTicked])).toEqual([
      ['B', true],
      ['M', false],
      ['З', false],
    ])
    actor.send({ type: 'search.change', text: 'ЗУ' })
    expect(letterTicksOf(actor.getSnapshot()).map((group) => group.letter)).toEqual(['З'])
    actor.send({ type: 'letter.toggle', letter: 'З' })
    expect(actor.getSnapshot().context.selected).toEqual([1, 3])
    actor.send({ type: 'view.switch', view: 'raw' })
    expect(rawTicksOf(actor.getSnapshot())).toEqual([{ id: 3, header: 'Зубр', ticked: true }])
    actor.stop()
  })

  it('«Все на букву» unticks the letter when all its shown brands were ticked, and keeps hidden ones', () => {
    const packed = [
      {
        letter: 'M',
        brands: [
          { id: 2, header: 'Makita', selected: false },
          { id: 4, header: 'Metabo', selected: false },
        ],
      },
    ]
    expect(toggledLetter(packed, [2], 'M', '')).toEqual([2, 4])
    expect(toggledLetter(packed, [2, 4], 'M', '')).toEqual([])
    expect(toggledLetter(packed, [2, 4], 'M', 'meta')).toEqual([2])
    expect(toggledLetter(packed, [], 'Q', '')).toEqual([])
  })
})
