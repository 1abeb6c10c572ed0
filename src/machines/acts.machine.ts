import { assign, fromEventObservable, raise, setup, type ActorRefFrom } from 'xstate'
import { unprovidedObservable } from './machine-support'
import type { Act, ActsResponse } from '../contract/acts'
import type { ActsPollInput } from '../services/acts'
import { isRefusalStatus } from '../services/http'
import type { PollEvent } from '../services/streams'
import { actRequestMachine } from './act-request.machine'
import { actsQueryOf, defaultActsFilter, filterError, type ActsFilter } from './act-rules'
import { TIMINGS } from './timings'
import { navigateTo, notifyShell } from './shell-links'

export const ACTS_MESSAGES_UI = {
  loading: 'Загрузка актов сверки…',
  loadFailed: 'Не удалось загрузить акты сверки',
  refreshFailed: 'Список не обновлён',
  paused: 'Обновление приостановлено, пока вкладка скрыта',
  empty: 'За выбранный период актов нет',
  emptyHint: 'Запросите акт сверки: он появится здесь со статусом «Формируется», а когда файл будет готов — «Готов».',
  requested: (act: Act) => `Акт сверки № ${act.id} запрошен: ${act.startdate}–${act.enddate}. Когда файл сформируется, статус сменится на «Готов».`,
} as const

export interface ActsInput {
  /** the page from the address (?page=) */
  page: number
  /** dd.mm.yyyy, the dealer's today: the default period counts back from it */
  today: string
}

export interface ActsContext {
  page: number
  today: string
  /** the period and contract the list shows */
  filter: ActsFilter
  /** the filter form as typed, applied by «Показать» */
  draft: ActsFilter
  filterErrorMessage: string | null
  /** the last list received; kept while the next loads or a refresh fails */
  result: ActsResponse | null
  errorMessage: string | null
  retryInMs: number | null
  /** the act just requested, for the notice */
  requested: Act | null
}

type AddressEvent = { type: 'page.change'; page: number }
type FilterEvent = { type: 'filter.edit'; field: keyof ActsFilter; value: string } | { type: 'filter.apply' }
type RequestEvent = { type: 'request.open' } | { type: 'request.close' } | { type: 'notice.close' }
export type ActsEvent = AddressEvent | FilterEvent | RequestEvent | PollEvent<ActsResponse> | { type: 'list.retry' } | { type: 'list.refresh' }

/**
 * /cabinet/acts/?page=: the reconciliation acts, 20 per page, the last 12 months by default,
 * refreshed every 10 s (spec §2, §9) so an act turns «Готов» without a reload; the request
 * modal (spec /tpl/act_form.html) runs as a child while it is open.
 */
export const actsMachine = setup({
  types: {} as { context: ActsContext; events: ActsEvent; input: ActsInput },
  actors: {
    pollActs: fromEventObservable<PollEvent<ActsResponse>, ActsPollInput>(() => unprovidedObservable('pollActs')),
    actRequest: actRequestMachine,
  },
  guards: {
    isOtherPage: ({ context, event }) => event.type === 'page.change' && event.page !== context.page,
    hasActs: ({ context }) => (context.result?.acts.length ?? 0) > 0,
    hasContracts: ({ context }) => (context.result?.contracts.length ?? 0) > 0,
    isFilterInvalid: ({ context }) => filterError(context.draft) !== null,
    /** a request the dealer was filling in before a reload is kept (provided by the app: this tab's storage) */
    hasRequestToResume: () => false,
    /** a 4xx (a contract the user may not use answers 403 «Нет доступа»): asking again the same way gets the same answer */
    isRefusal: (_, params: { status: number | undefined }) => isRefusalStatus(params.status),
  },
  actions: {
    storePage: assign({ page: (_, params: { page: number }) => params.page }),
    storeResult: assign({ result: (_, params: { result: ActsResponse }) => params.result, errorMessage: null, retryInMs: null }),
    storeFailure: assign({
      errorMessage: (_, params: { message: string; retryInMs: number | null }) => params.message,
      retryInMs: (_, params: { message: string; retryInMs: number | null }) => params.retryInMs,
    }),
    storeDraftField: assign({
      draft: ({ context }, params: { field: keyof ActsFilter; value: string }) => ({ ...context.draft, [params.field]: params.value }),
      filterErrorMessage: null,
    }),
    storeFilterError: assign({ filterErrorMessage: ({ context }) => filterError(context.draft) }),
    /** spec §4: a filter change resets the page to 1 */
    storeFilter: assign({ filter: ({ context }) => ({ ...context.draft }), page: 1, filterErrorMessage: null }),
    storeRequested: assign({ requested: (_, params: { act: Act | null }) => params.act }),
    resetRequested: assign({ requested: null }),
    refreshList: raise({ type: 'list.refresh' }),
    /** the address follows the page the machine moved to (provided by the app: router.navigate) */
    notifyAddress: notifyShell((params: { page: number }) => navigateTo('/cabinet/acts/', { page: params.page }, true)),
  },
}).createMachine({
  id: 'acts',
  description: 'The acts page: the list refreshed every 10 s, its filter, and the act-request modal.',
  type: 'parallel',
  context: ({ input }) => {
    const filter = defaultActsFilter(input.today)
    return {
      page: input.page,
      today: input.today,
      filter,
      draft: filter,
      filterErrorMessage: null,
      result: null,
      errorMessage: null,
      retryInMs: null,
      requested: null,
    }
  },
  states: {
    list: {
      description: 'GET /api/getActs/ now and every 10 s (streams.ts: backoff after failures, nothing while the tab is hidden)',
      initial: 'live',
      states: {
        live: {
          invoke: {
            id: 'pollActs',
            src: 'pollActs',
            input: ({ context }) => ({ periodMs: TIMINGS.actsPollMs, query: actsQueryOf(context.filter, context.page) }),
          },
          on: {
            'page.change': {
              guard: 'isOtherPage',
              target: '#acts.list.live',
              reenter: true,
              description: 'The address names another page (a pagination link, reload, or browser back): the poll restarts on it',
              actions: { type: 'storePage', params: ({ event }) => ({ page: event.page }) },
            },
            'list.refresh': {
              target: '#acts.list.live',
              reenter: true,
              description: 'The filter changed or an act was requested: the poll restarts at once',
            },
            'poll.data': {
              target: '.checking',
              description: 'A list arrived',
              actions: { type: 'storeResult', params: ({ event }) => ({ result: event.data }) },
            },
            'poll.failed': [
              {
                guard: { type: 'isRefusal', params: ({ event }) => ({ status: event.status }) },
                target: '#acts.list.refused',
                description: 'The server refused the request (a 4xx, e.g. 403 «Нет доступа» for a contract not granted): the poll stops',
                actions: { type: 'storeFailure', params: ({ event }) => ({ message: event.message, retryInMs: null }) },
              },
              {
                target: '.failed',
                description: 'The network or the server failed (a 5xx): the next try waits 10 s × 2^failures',
                actions: { type: 'storeFailure', params: ({ event }) => ({ message: event.message, retryInMs: event.retryInMs }) },
              },
            ],
            'poll.paused': { target: '.paused', description: 'The tab was hidden: nothing is requested until it shows again' },
          },
          initial: 'loading',
          states: {
            loading: { description: 'The first request of this page and filter runs; the last list (if any) stays, aria-busy' },
            checking: {
              description: 'Decides between the table and the empty message',
              always: [{ guard: 'hasActs', target: 'loaded' }, { target: 'empty' }],
            },
            loaded: {
              description:
                'The table: number, contract, contragent, period, requested, state («Формируется», «Готов»), a download link on ready acts; the pagination',
            },
            empty: { description: '"За выбранный период актов нет" (or, past the last page, a link to the last page)' },
            failed: {
              description: 'The failure shown: the error block (or, over the last list, "Список не обновлён") with «Повторить»; the poll retries by itself',
              on: { 'list.retry': { target: '#acts.list.live', reenter: true, description: 'The dealer asks to load again now' } },
            },
            paused: { description: '"Обновление приостановлено, пока вкладка скрыта"; the last list stays' },
          },
        },
        refused: {
          description:
            'The server refused the request (a 4xx): the error block with its message (or, over the last list, "Список не обновлён") and «Повторить»; nothing is requested until the dealer retries or changes the filter or the page',
          on: {
            'list.retry': { target: 'live', description: 'The dealer asks to load again' },
            'list.refresh': { target: 'live', description: 'The filter changed (another contract) or an act was requested: the poll starts again' },
            'page.change': {
              guard: 'isOtherPage',
              target: 'live',
              description: 'The address names another page: the poll starts again on it',
              actions: { type: 'storePage', params: ({ event }) => ({ page: event.page }) },
            },
          },
        },
      },
    },
    filter: {
      description: 'The filter form: contract, contragent, start and end dates (the last 12 months by default), applied by «Показать»',
      initial: 'valid',
      on: {
        'filter.edit': {
          target: '.valid',
          description: 'The dealer changes a filter field',
          actions: { type: 'storeDraftField', params: ({ event }) => event },
        },
        'filter.apply': [
          { guard: 'isFilterInvalid', target: '.invalid', description: 'A date is not real or the start is after the end', actions: 'storeFilterError' },
          {
            target: '.valid',
            description: 'The list shows the filter from page 1',
            actions: ['storeFilter', { type: 'notifyAddress', params: { page: 1 } }, 'refreshList'],
          },
        ],
      },
      states: {
        valid: { description: 'The form as typed' },
        invalid: { description: 'The message under the period; the list keeps its filter' },
      },
    },
    request: {
      description: 'The act-request modal',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'The page opens: a request the dealer was filling in before a reload opens again',
          always: [
            { guard: 'hasRequestToResume', target: 'open', description: 'A request was open when the page reloaded: the modal shows it as it was' },
            { target: 'closed', description: 'Nothing to resume' },
          ],
        },
        closed: {
          description: '«Запросить акт сверки» (disabled until the contracts are known)',
          on: { 'request.open': { guard: 'hasContracts', target: 'open', description: 'The dealer opens the request form', actions: 'resetRequested' } },
        },
        open: {
          description: 'The modal; its form is the actRequest machine (kept across a reload of the tab)',
          invoke: {
            id: 'actRequest',
            src: 'actRequest',
            input: ({ context }) => ({ contracts: context.result?.contracts ?? [], contract: context.filter.contract, today: context.today }),
            onDone: {
              target: 'requested',
              description: 'The act was created: the modal closes and the list reloads at once',
              actions: [{ type: 'storeRequested', params: ({ event }) => ({ act: event.output }) }, 'refreshList'],
            },
          },
          on: { 'request.close': { target: 'closed', description: '«Отмена», Escape or a click outside' } },
        },
        requested: {
          description: 'The notice "Акт сверки № N запрошен…" over the list',
          on: {
            'notice.close': { target: 'closed', description: 'The dealer closes the notice', actions: 'resetRequested' },
            'request.open': { target: 'open', description: 'The dealer requests another act', actions: 'resetRequested' },
          },
        },
      },
    },
  },
})

export type ActsActor = ActorRefFrom<typeof actsMachine>
