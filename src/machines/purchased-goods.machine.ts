import { assign, setup, type ActorRefFrom } from 'xstate'
import type { PurchasedFilters, PurchasedGoodsResponse, PurchasedReport } from '../contract/purchased-goods'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { filtersSearch, periodError, sameFilters, withFilter, type PeriodDraft } from './purchased-goods-rules'
import { navigateTo, notifyShell } from './shell-links'

export const PURCHASED_SCREEN_MESSAGES = {
  loadFailed: 'Не удалось загрузить отчёт',
  empty: 'За этот период покупок нет',
  emptyHint: 'Выберите другой период, договор или раздел каталога.',
} as const

export interface PurchasedGoodsInput {
  /** the filters from the address */
  filters: PurchasedFilters
}

export interface PurchasedGoodsContext {
  filters: PurchasedFilters
  /** the dates as typed, applied with «Показать» */
  period: PeriodDraft
  periodError: string | null
  /** the last report loaded; kept while the next one loads, so the table does not jump */
  result: PurchasedGoodsResponse | null
  errorMessage: string | null
}

export type PurchasedGoodsEvent =
  | { type: 'address.change'; filters: PurchasedFilters }
  | { type: 'report.select'; report: PurchasedReport }
  | { type: 'contract.select'; contract: string }
  | { type: 'catalog.select'; catalog: number }
  | { type: 'period.edit'; field: keyof PeriodDraft; text: string }
  | { type: 'period.apply' }
  | { type: 'report.retry' }

const periodOf = (filters: PurchasedFilters): PeriodDraft => ({ startDate: filters.startDate, endDate: filters.endDate })
const samePeriod = (a: PeriodDraft, b: PeriodDraft) => a.startDate === b.startDate && a.endDate === b.endDate

/**
 * /cabinet/purchased/: the purchased-goods reports (spec §2), 20 rows a page, the last 30 days
 * unless another period is applied. Two regions: the report (loading, the table or the empty
 * message, the failure) and the period form (valid, or an error under the dates). Every filter
 * change starts from page 1 and goes into the address.
 */
export const purchasedGoodsMachine = setup({
  types: {} as { context: PurchasedGoodsContext; events: PurchasedGoodsEvent; input: PurchasedGoodsInput },
  actors: {
    loadReport: unprovidedPromise<PurchasedGoodsResponse, PurchasedFilters>('loadReport'),
  },
  guards: {
    isOtherAddress: ({ context, event }) => event.type === 'address.change' && !sameFilters(event.filters, context.filters),
    isOtherReport: ({ context, event }) => event.type === 'report.select' && event.report !== context.filters.report,
    isOtherContract: ({ context, event }) => event.type === 'contract.select' && event.contract !== context.filters.contract,
    isOtherCatalog: ({ context, event }) => event.type === 'catalog.select' && event.catalog !== context.filters.catalog,
    isPeriodInvalid: ({ context }) => periodError(context.period) !== null,
    hasRows: ({ context }) => (context.result?.rows.length ?? 0) > 0,
  },
  actions: {
    storeFilters: assign({
      filters: (_, params: { filters: PurchasedFilters }) => params.filters,
      period: (_, params: { filters: PurchasedFilters }) => periodOf(params.filters),
      periodError: null,
    }),
    storeFilterChange: assign({
      filters: ({ context }, params: { change: Partial<Omit<PurchasedFilters, 'page'>> }) => withFilter(context.filters, params.change),
    }),
    storePeriodText: assign({
      period: ({ context }, params: { field: keyof PeriodDraft; text: string }) => ({ ...context.period, [params.field]: params.text }),
    }),
    storePeriodError: assign({ periodError: ({ context }) => periodError(context.period) }),
    resetPeriodError: assign({ periodError: null }),
    /** the server fills in the default period: untouched fields show the days counted, typed ones stay */
    storeResult: assign({
      result: (_, params: { result: PurchasedGoodsResponse }) => params.result,
      period: ({ context }, params: { result: PurchasedGoodsResponse }) =>
        samePeriod(context.period, periodOf(context.filters)) ? { startDate: params.result.startDate, endDate: params.result.endDate } : context.period,
      errorMessage: null,
    }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetError: assign({ errorMessage: null }),
    /** the address follows the filters (provided by the app: router.navigate) */
    notifyAddress: notifyShell((params: { filters: PurchasedFilters }) => navigateTo('/cabinet/purchased/', filtersSearch(params.filters))),
  },
}).createMachine({
  id: 'purchasedGoods',
  description: 'The purchased-goods reports: four reports, filters and page in the address, a chart of spend by month above the table.',
  context: ({ input }) => ({ filters: input.filters, period: periodOf(input.filters), periodError: null, result: null, errorMessage: null }),
  type: 'parallel',
  on: {
    'address.change': {
      guard: 'isOtherAddress',
      target: ['.report.loading', '.period.valid'],
      description: 'The address names other filters or another page (a pagination link, reload, or browser back)',
      actions: { type: 'storeFilters', params: ({ event }) => ({ filters: event.filters }) },
    },
    'report.select': {
      guard: 'isOtherReport',
      target: ['.report.loading', '.period.valid'],
      description: 'The dealer picks another report tab: page 1, the address follows, a period error goes',
      actions: [
        { type: 'storeFilterChange', params: ({ event }) => ({ change: { report: event.report } }) },
        'resetPeriodError',
        { type: 'notifyAddress', params: ({ context }) => ({ filters: context.filters }) },
      ],
    },
    'contract.select': {
      guard: 'isOtherContract',
      target: ['.report.loading', '.period.valid'],
      description: 'The dealer picks another contract («Все договоры» = every allowed one): page 1',
      actions: [
        { type: 'storeFilterChange', params: ({ event }) => ({ change: { contract: event.contract } }) },
        'resetPeriodError',
        { type: 'notifyAddress', params: ({ context }) => ({ filters: context.filters }) },
      ],
    },
    'catalog.select': {
      guard: 'isOtherCatalog',
      target: ['.report.loading', '.period.valid'],
      description: 'The dealer picks another catalogue section (with its subsections): page 1',
      actions: [
        { type: 'storeFilterChange', params: ({ event }) => ({ change: { catalog: event.catalog } }) },
        'resetPeriodError',
        { type: 'notifyAddress', params: ({ context }) => ({ filters: context.filters }) },
      ],
    },
    'period.edit': {
      target: '.period.valid',
      description: 'The dealer types or picks a date; a shown error goes away',
      actions: [{ type: 'storePeriodText', params: ({ event }) => ({ field: event.field, text: event.text }) }, 'resetPeriodError'],
    },
    'period.apply': [
      {
        guard: 'isPeriodInvalid',
        target: '.period.invalid',
        description: 'A date is not a real dd.mm.yyyy day, or the start is after the end: the error shows under the dates',
        actions: 'storePeriodError',
      },
      {
        target: ['.report.loading', '.period.valid'],
        description: 'The dealer presses «Показать»: the typed period, page 1, and the address follows',
        actions: [
          'resetPeriodError',
          {
            type: 'storeFilterChange',
            params: ({ context }) => ({ change: { startDate: context.period.startDate.trim(), endDate: context.period.endDate.trim() } }),
          },
          { type: 'notifyAddress', params: ({ context }) => ({ filters: context.filters }) },
        ],
      },
    ],
  },
  states: {
    report: {
      description: 'The report of the filters in the address',
      initial: 'loading',
      states: {
        loading: {
          description: 'GET /api/purchasedGoods/ runs; the last report stays, aria-busy',
          entry: 'resetError',
          invoke: {
            id: 'loadReport',
            src: 'loadReport',
            input: ({ context }) => context.filters,
            onDone: { target: 'checking', actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) } },
            onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        checking: {
          description: 'Decides between the table and the empty message',
          always: [{ guard: 'hasRows', target: 'loaded' }, { target: 'empty' }],
        },
        loaded: { description: 'The chart of spend by month, the totals, the rows of the page and the pagination' },
        empty: { description: '"За этот период покупок нет" (no chart: nothing was spent), or past the last page a link to it' },
        failed: {
          description: '"Не удалось загрузить отчёт" with the server message (e.g. a 403 for a contract not granted) and «Повторить»',
          on: { 'report.retry': { target: 'loading', description: 'The dealer asks to load again' } },
        },
      },
    },
    period: {
      description: 'The period form: «С» and «По» dates and «Показать»',
      initial: 'valid',
      states: {
        valid: { description: 'No error under the dates' },
        invalid: { description: 'The error under the dates: "Некорректная дата: ожидается дд.мм.гггг" or "Начало периода позже его конца"' },
      },
    },
  },
})

export type PurchasedGoodsActor = ActorRefFrom<typeof purchasedGoodsMachine>
