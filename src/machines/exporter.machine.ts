import { assign, fromEventObservable, raise, setup, type ActorRefFrom } from 'xstate'
import type { BrandLetter, CommandRunningResponse, ExportJob, ExporterBrand, ExporterBrandsResponse, ReportExistsResponse } from '../contract/exporter'
import type { PollEvent } from '../services/streams'
import { errorMessageOf, unprovidedPromise, unprovidedObservable } from './machine-support'
import { TIMINGS } from './timings'
import { toggledBrands, toggledLetter, type BrandView } from './exporter-rules'

export const EXPORTER_MESSAGES_UI = {
  loading: 'Загрузка брендов…',
  loadFailed: 'Не удалось загрузить бренды',
  saved: 'Выбор брендов сохранён',
  saveFailed: 'Выбор брендов не сохранён',
  paused: 'Проверка выгрузки приостановлена, пока вкладка скрыта',
  noReport: 'Готовой выгрузки пока нет. Выберите бренды и нажмите «Сформировать».',
} as const

export interface ExporterPollInput {
  periodMs: number
  customerId: number
}

export interface ExporterContext {
  customerId: number | null
  /** every brand, by name, as the server answered (its `selected` is the saved selection) */
  brands: ExporterBrand[]
  /** the same brands grouped by letter */
  packed: BrandLetter[]
  /** the brand ids ticked now */
  selected: number[]
  /** the brand ids the server keeps for the account */
  saved: number[]
  /** the search over brand names, as typed */
  search: string
  /** the company's latest job, from the last poll */
  job: ExportJob | null
  report: ReportExistsResponse | null
  errorMessage: string | null
  startMessage: string | null
  pollMessage: string | null
}

export type ExporterEvent =
  | { type: 'brands.retry' }
  | { type: 'brand.toggle'; id: number }
  | { type: 'letter.toggle'; letter: string }
  | { type: 'search.change'; text: string }
  | { type: 'view.switch'; view: BrandView }
  | { type: 'brands.save' }
  | { type: 'export.start' }
  | { type: 'notice.close' }
  | { type: 'selection.saved'; ids: number[] }
  | { type: 'job.watch' }
  | PollEvent<CommandRunningResponse>

/** A settled panel (the file, no file, a failed job) sees a job running: another login of the company started one. */
const TO_RUNNING = {
  guard: 'isRunningAnswer',
  target: 'running',
  description: 'A job runs: another login of the company (or this one) started it',
  actions: {
    type: 'storeJob',
    params: ({ event }: { event: PollEvent<CommandRunningResponse> }) => ({ answer: (event as { data: CommandRunningResponse }).data }),
  },
} as const

const selectedOf = (answer: ExporterBrandsResponse) => answer.brands.raw.filter((brand) => brand.selected).map((brand) => brand.id)
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join()

/**
 * /cabinet/exporter/ (spec §2, §3, §7, §9; issue 23's named workflow): the brands raw or by letter
 * with search, select-all per letter and the saved selection; «Сформировать» starts the company's
 * export job; isCommandRunning is polled every 3 s (streams.ts: paused while the tab is hidden)
 * with a progress bar, and when the job is done isXlsxReportExists says whether the file is there.
 */
export const exporterMachine = setup({
  types: {} as { context: ExporterContext; events: ExporterEvent },
  actors: {
    loadBrands: unprovidedPromise<ExporterBrandsResponse>('loadBrands'),
    saveBrands: unprovidedPromise<number[], { ids: number[] }>('saveBrands'),
    runExport: unprovidedPromise<ExportJob, { customerId: number; ids: number[] }>('runExport'),
    checkReport: unprovidedPromise<ReportExistsResponse, { customerId: number }>('checkReport'),
    pollRunning: fromEventObservable<PollEvent<CommandRunningResponse>, ExporterPollInput>(() => unprovidedObservable('pollRunning')),
  },
  guards: {
    isView: ({ event }, params: { view: BrandView }) => event.type === 'view.switch' && event.view === params.view,
    isSavedSelection: ({ context }) => sameIds(context.selected, context.saved),
    hasSelection: ({ context }) => context.selected.length > 0,
    isRunningAnswer: ({ event }) => event.type === 'poll.data' && event.data.running,
    isOtherJob: ({ context, event }) => event.type === 'poll.data' && (event.data.job?.id ?? null) !== (context.job?.id ?? null),
    isJobFailed: ({ context }) => context.job?.state === 'failed',
    hasReport: ({ event }) => 'output' in event && (event.output as ReportExistsResponse).fe,
  },
  actions: {
    storeBrands: assign(({ event }) => {
      const answer = (event as unknown as { output: ExporterBrandsResponse }).output
      const saved = selectedOf(answer)
      return { customerId: answer.customer_id, brands: answer.brands.raw, packed: answer.brands.packed, saved, selected: saved, errorMessage: null }
    }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    toggleBrand: assign({ selected: ({ context }, params: { id: number }) => toggledBrands(context.selected, params.id) }),
    toggleLetter: assign({
      selected: ({ context }, params: { letter: string }) => toggledLetter(context.packed, context.selected, params.letter, context.search),
    }),
    storeSearch: assign({ search: (_, params: { text: string }) => params.text }),
    storeSaved: assign({ saved: (_, params: { ids: number[] }) => params.ids }),
    storeJob: assign({ job: (_, params: { answer: CommandRunningResponse }) => params.answer.job, pollMessage: null }),
    storeReport: assign({ report: (_, params: { report: ReportExistsResponse }) => params.report }),
    storePollFailure: assign({ pollMessage: (_, params: { message: string }) => params.message }),
    storeStartMessage: assign({ startMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetStartMessage: assign({ startMessage: null }),
    watchJob: raise({ type: 'job.watch' }),
    notifySelectionSaved: raise((_, params: { ids: number[] }) => ({ type: 'selection.saved' as const, ids: params.ids })),
  },
  delays: { savedMessage: TIMINGS.savedMessageMs },
}).createMachine({
  id: 'exporter',
  description: 'The exporter page: the brand selection, «Сформировать», and the 3 s poll of the running export.',
  type: 'parallel',
  context: {
    customerId: null,
    brands: [],
    packed: [],
    selected: [],
    saved: [],
    search: '',
    job: null,
    report: null,
    errorMessage: null,
    startMessage: null,
    pollMessage: null,
  },
  states: {
    brands: {
      description: 'GET /api/getBrandsForExporter/ and the selection; POST /api/saveBrandsExporter/ {data}',
      initial: 'loading',
      states: {
        loading: {
          description: '"Загрузка брендов…"',
          invoke: {
            id: 'loadBrands',
            src: 'loadBrands',
            onDone: {
              target: 'ready',
              description: 'The brands and the saved selection arrived; the company is known',
              actions: ['storeBrands', 'watchJob'],
            },
            onError: {
              target: 'failed',
              description: 'The brands did not load',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          description: '"Не удалось загрузить бренды" with the reason and «Повторить»',
          on: { 'brands.retry': { target: 'loading', description: 'The dealer asks to load again' } },
        },
        ready: {
          description: 'The brands, raw or by letter, with checkboxes; «Сохранить выбор» while the ticks differ from the saved ones',
          initial: 'clean',
          on: {
            'brand.toggle': {
              target: '.checking',
              description: 'The dealer ticks or unticks a brand',
              actions: { type: 'toggleBrand', params: ({ event }) => ({ id: event.id }) },
            },
            'letter.toggle': {
              target: '.checking',
              description: '«Все на букву»: every brand of the letter shown is ticked (or, when all were, unticked)',
              actions: { type: 'toggleLetter', params: ({ event }) => ({ letter: event.letter }) },
            },
            'selection.saved': {
              target: '.checking',
              description: '«Сформировать» saved the ticks with the job',
              actions: { type: 'storeSaved', params: ({ event }) => ({ ids: event.ids }) },
            },
          },
          states: {
            checking: {
              description: 'Compares the ticks with the saved selection',
              always: [{ guard: 'isSavedSelection', target: 'clean' }, { target: 'dirty' }],
            },
            clean: { description: 'The ticks are the saved selection' },
            dirty: {
              description: 'The ticks differ from the saved selection: «Сохранить выбор» is enabled',
              on: { 'brands.save': { target: 'saving', description: 'The dealer presses «Сохранить выбор»' } },
            },
            saving: {
              description: 'POST /api/saveBrandsExporter/ {data}',
              invoke: {
                id: 'saveBrands',
                src: 'saveBrands',
                input: ({ context }) => ({ ids: context.selected }),
                onDone: {
                  target: 'saved',
                  description: 'The server keeps the selection',
                  actions: { type: 'storeSaved', params: ({ event }) => ({ ids: event.output }) },
                },
                onError: {
                  target: 'saveFailed',
                  description: 'The selection was refused (an unknown brand) or the call failed',
                  actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            saved: {
              description: '"Выбор брендов сохранён" for 1.5 s',
              after: { savedMessage: { target: 'checking', description: 'The message hides' } },
            },
            saveFailed: {
              description: '"Выбор брендов не сохранён" with the reason; the ticks stay',
              on: { 'brands.save': { target: 'saving', description: 'The dealer tries again' } },
            },
          },
        },
      },
    },
    view: {
      description: 'How the brands are shown, and the search over their names',
      initial: 'packed',
      on: {
        'search.change': {
          description: 'The dealer types in the search: only brands whose name has the text are shown',
          actions: { type: 'storeSearch', params: ({ event }) => ({ text: event.text }) },
        },
      },
      states: {
        packed: {
          description: 'Grouped alphabetically (brands.packed), each letter with «Все на букву»',
          on: { 'view.switch': { guard: { type: 'isView', params: { view: 'raw' } }, target: 'raw', description: 'The dealer picks «Списком»' } },
        },
        raw: {
          description: 'One list by name (brands.raw)',
          on: {
            'view.switch': { guard: { type: 'isView', params: { view: 'packed' } }, target: 'packed', description: 'The dealer picks «По алфавиту»' },
          },
        },
      },
    },
    job: {
      description: 'The company export job: POST /api/isCommandRunning/ {customer_id} every 3 s, then POST /api/isXlsxReportExists/',
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Until the brands answer names the company (the customer_id the polls send)',
          on: { 'job.watch': { target: 'watching', description: 'The company is known: the poll starts' } },
        },
        watching: {
          description: 'isCommandRunning now and every 3 s (streams.ts: backoff after failures, nothing while the tab is hidden)',
          invoke: {
            id: 'pollRunning',
            src: 'pollRunning',
            input: ({ context }) => ({ periodMs: TIMINGS.exporterPollMs, customerId: context.customerId ?? 0 }),
          },
          initial: 'checking',
          on: {
            'poll.data': [
              {
                guard: 'isRunningAnswer',
                target: '.running',
                description: 'A job is queued or being built: the progress bar shows its stored fraction',
                actions: { type: 'storeJob', params: ({ event }) => ({ answer: event.data }) },
              },
              {
                target: '.checkingReport',
                description: 'No job runs: is there a file to download?',
                actions: { type: 'storeJob', params: ({ event }) => ({ answer: event.data }) },
              },
            ],
            'poll.failed': {
              target: '.pollFailed',
              description: 'The poll failed: the next try waits 3 s × 2^failures',
              actions: { type: 'storePollFailure', params: ({ event }) => ({ message: event.message }) },
            },
            'poll.paused': { target: '.paused', description: 'The tab was hidden: nothing is polled until it shows again' },
            'job.watch': { target: 'watching', reenter: true, description: 'A job was just started: the poll restarts at once' },
          },
          states: {
            checking: { description: 'The first poll runs' },
            running: { description: 'The progress bar: "Формируется… N %"; leaving the page and coming back finds it here' },
            checkingReport: {
              description: 'POST /api/isXlsxReportExists/ {customer_id}',
              invoke: {
                id: 'checkReport',
                src: 'checkReport',
                input: ({ context }) => ({ customerId: context.customerId ?? 0 }),
                onDone: [
                  {
                    guard: 'isJobFailed',
                    target: 'jobFailed',
                    description: 'The latest job failed',
                    actions: { type: 'storeReport', params: ({ event }) => ({ report: event.output }) },
                  },
                  {
                    guard: 'hasReport',
                    target: 'ready',
                    description: 'fe: the file is there',
                    actions: { type: 'storeReport', params: ({ event }) => ({ report: event.output }) },
                  },
                  { target: 'noReport', description: 'No file yet', actions: { type: 'storeReport', params: ({ event }) => ({ report: event.output }) } },
                ],
                onError: {
                  target: 'pollFailed',
                  description: 'The check failed; the next poll asks again',
                  actions: { type: 'storePollFailure', params: ({ event }) => ({ message: errorMessageOf(event.error) }) },
                },
              },
              on: { 'poll.data': { description: 'A poll while the file is checked changes nothing' } },
            },
            ready: {
              description: '«Скачать» the XLSX with its date',
              on: {
                'poll.data': [
                  TO_RUNNING,
                  {
                    guard: 'isOtherJob',
                    target: 'checkingReport',
                    description: 'A job started and ended between two polls',
                    actions: { type: 'storeJob', params: ({ event }) => ({ answer: event.data }) },
                  },
                  { description: 'Nothing changed' },
                ],
              },
            },
            noReport: {
              description: '"Готовой выгрузки пока нет…"',
              on: {
                'poll.data': [TO_RUNNING, { description: 'Nothing changed' }],
              },
            },
            jobFailed: {
              description: 'The failed job message (and the earlier file, if any)',
              on: {
                'poll.data': [TO_RUNNING, { description: 'Nothing changed' }],
              },
            },
            pollFailed: { description: 'The reason; the poll retries by itself' },
            paused: { description: '"Проверка выгрузки приостановлена, пока вкладка скрыта"' },
          },
        },
      },
    },
    start: {
      description: '«Сформировать»: POST /api/runExporter/ {customer_id, data} (the ticks are saved with it)',
      initial: 'idle',
      states: {
        idle: {
          description: '«Сформировать», enabled once a brand is ticked',
          on: {
            'export.start': { guard: 'hasSelection', target: 'starting', description: 'The dealer presses «Сформировать»', actions: 'resetStartMessage' },
          },
        },
        starting: {
          description: 'The job is being queued',
          invoke: {
            id: 'runExport',
            src: 'runExport',
            input: ({ context }) => ({ customerId: context.customerId ?? 0, ids: context.selected }),
            onDone: {
              target: 'idle',
              description: 'Queued: the ticks are saved and the poll restarts at once',
              actions: [{ type: 'notifySelectionSaved', params: ({ context }) => ({ ids: context.selected }) }, 'watchJob'],
            },
            onError: {
              target: 'refused',
              description: 'Refused: one already runs for the company (409), or the call failed',
              actions: { type: 'storeStartMessage', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refused: {
          description: 'The server message under «Сформировать»',
          on: {
            'export.start': { guard: 'hasSelection', target: 'starting', description: 'The dealer tries again', actions: 'resetStartMessage' },
            'notice.close': { target: 'idle', description: 'The dealer closes the message', actions: 'resetStartMessage' },
          },
        },
      },
    },
  },
})

export type ExporterActor = ActorRefFrom<typeof exporterMachine>
