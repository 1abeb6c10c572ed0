import { assign, enqueueActions, fromEventObservable, setup, type ActorRefFrom } from 'xstate'
import { unprovidedObservable } from './machine-support'
import type { OrderList, OrderRow } from '../contract/orders'
import { orderLabel, ORDERS_EMPTY } from '../contract/orders-list-view'
import type { PollOrdersInput } from '../services/orders'
import { isRefusalStatus } from '../services/http'
import { visibleCountdownLogic } from '../services/lazy-streams'
import type { VisiblePollEvent } from '../services/streams'
import type { OrderCancelOutput } from './order-cancel.machine'
import { orderDetailMachine } from './order-detail.machine'
import {
  orderActionCodeStates,
  unprovidedOrderActionCode,
  unprovidedOrderCancel,
  unprovidedOrderRepeat,
  type OrderActionCodeEvent,
} from './order-action-code'
import { searchOfFilter } from './orders-search'
import { bulkCodeStates, unprovidedBulkAction, unprovidedBulkCode, type BulkCodeEvent } from './bulk-action-code'
import { keptSelection, rowSelection, toggled, type RowSelectionEvent } from './row-selection'
import {
  appliedFilter,
  filterError,
  isSameFilter,
  ORDERS_FILTER_DEFAULTS,
  ordersQuery,
  withFilterField,
  type OrdersFilter,
  type OrdersFilterField,
} from './orders-filter'
import { TIMINGS } from './timings'
import { navigateTo, notifyShell } from './shell-links'

export const ORDERS_MESSAGES = {
  loading: 'Загрузка заказов…',
  loadFailed: 'Не удалось загрузить заказы',
  empty: ORDERS_EMPTY.title,
  emptyHint: ORDERS_EMPTY.hint,
  paused: 'Обновление приостановлено, пока вкладка скрыта',
  /** the server refused the request (a 4xx): its message follows, and nothing is retried by itself */
  refused: 'Сервер отклонил запрос заказов',
  /** the address names dates that cannot be asked: the filter's message follows, nothing was requested */
  invalidFilter: 'Заказы не запрошены: проверьте даты в фильтре',
} as const

export interface OrdersInput {
  /** the filter the address names */
  filter: OrdersFilter
}

export interface OrdersContext {
  filter: OrdersFilter
  /** the filter form as typed, applied by «Найти» */
  draft: OrdersFilter
  /** why the form's dates cannot be asked (the form's `invalid` state) */
  filterErrorMessage: string | null
  /** the last list loaded; kept while the next one loads, so the table does not jump */
  result: OrderList | null
  errorMessage: string | null
  /** when the poll tries again after a failure */
  retryInMs: number | null
  /** the checked rows of the page */
  selected: number[]
  /** the rows whose detail is open */
  expanded: number[]
  /** the order being cancelled or repeated */
  target: OrderRow | null
}

export type OrdersEvent =
  | VisiblePollEvent<OrderList>
  /** the address names a filter (a link, reload, browser back, or the machine's own notifyAddress) */
  | { type: 'filter.change'; filter: OrdersFilter }
  /** the dealer changes a field of the filter form (typing a date chooses «За период») */
  | { type: 'filter.edit'; field: OrdersFilterField; value: string }
  /** «Найти»: the form's dates are checked, then the address follows (page 1) */
  | { type: 'filter.apply' }
  /** «Сбросить»: the form and the address go back to the defaults */
  | { type: 'filter.reset' }
  | { type: 'list.retry' }
  | { type: 'order.toggleDetail'; id: number }
  | RowSelectionEvent
  | BulkCodeEvent
  | OrderActionCodeEvent
  /** «Повторить выбранные»: the checked orders go into the basket */
  | { type: 'selection.repeat' }
  | { type: 'order.cancel'; order: OrderRow }
  | { type: 'order.repeat'; order: OrderRow }

const idsOf = (list: OrderList | null) => list?.orders.map((order) => order.id) ?? []
const keepListed = (ids: number[], list: OrderList) => keptSelection(ids, idsOf(list))

// the detail children's src and ids are checked by the tests; typed loosely here, the two actions
// below do not tie this machine's action and guard types to their own (which the shared selection's spread needs)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseActors = any

/** An action that starts and stops detail children and assigns (enqueueActions, without the machine's action and guard names). */
const enqueueChildren = <TParams extends object>(
  collect: Parameters<typeof enqueueActions<OrdersContext, OrdersEvent, TParams, OrdersEvent, LooseActors, never, never>>[0],
) => enqueueActions<OrdersContext, OrdersEvent, TParams, OrdersEvent, LooseActors, never, never>(collect)

/** The dealer closes the message that the bulk action's code did not load: nothing stays checked. */
const CLOSE_BULK = { target: 'none', description: 'The dealer closes the message: nothing stays checked', actions: 'resetSelection' } as const
const CLOSE_ACTION = { target: 'idle', description: 'The dealer closes the message: the order stays as it was', actions: 'resetTarget' } as const

/** The checked orders as the bulk repeat takes them: each named, with the contract whose basket its goods go into. */
const bulkItemsOf = (context: OrdersContext) =>
  (context.result?.orders ?? [])
    .filter((order) => context.selected.includes(order.id))
    .map((order) => ({ id: order.id, label: orderLabel(order.id), contract: order.contract }))

const selection = rowSelection({
  types: {} as { context: OrdersContext; events: OrdersEvent },
  idsOf: (context) => idsOf(context.result),
})

/** The id of the child that loads an expanded row's detail. */
export const orderDetailId = (id: number) => `detail-${id}` as const

/**
 * /cabinet/orders/: the company's orders, 10 per page, filtered by what the address names (spec
 * §2, §3). The list reloads every 300 s of visible time (src/services/streams.ts), with the time
 * left shown by the countdown child; rows expand into their detail (a child `detail-{id}`
 * per open row, stopped when it closes or leaves the list), can be checked (bulk selection),
 * cancelled or repeated (one child machine per dialog); the checked rows are repeated together
 * (a bulkAction child) or exported to XLSX (a link the view builds from the checked ids).
 */
export const ordersMachine = setup({
  types: {} as {
    context: OrdersContext
    events: OrdersEvent
    input: OrdersInput
    children: {
      pollOrders: 'pollOrders'
      countdown: 'countdown'
      orderCancel: 'orderCancel'
      orderRepeat: 'orderRepeat'
      loadOrderActionCode: 'loadOrderActionCode'
      loadBulkCode: 'loadBulkCode'
      bulkRepeat: 'bulkRepeat'
    } & {
      [detail: `detail-${number}`]: 'orderDetail'
    }
  },
  actors: {
    pollOrders: fromEventObservable<VisiblePollEvent<OrderList>, PollOrdersInput>(() => unprovidedObservable('pollOrders')),
    countdown: visibleCountdownLogic,
    orderCancel: unprovidedOrderCancel,
    orderRepeat: unprovidedOrderRepeat,
    loadOrderActionCode: unprovidedOrderActionCode,
    loadBulkCode: unprovidedBulkCode,
    bulkRepeat: unprovidedBulkAction,
    orderDetail: orderDetailMachine,
  },
  guards: {
    ...selection.guards,
    isOtherFilter: ({ context }, params: { filter: OrdersFilter }) => !isSameFilter(context.filter, params.filter),
    isFilterInvalid: ({ context }) => filterError(context.filter) !== null,
    isDraftInvalid: ({ context }) => filterError(context.draft) !== null,
    isRefusal: (_, params: { status: number | undefined }) => isRefusalStatus(params.status),
    hasOrders: ({ context }) => (context.result?.orders.length ?? 0) > 0,
    isListed: ({ context }, params: { id: number }) => idsOf(context.result).includes(params.id),
    isCancelled: (_, params: OrderCancelOutput) => params.order !== null,
  },
  actions: {
    ...selection.actions,
    /** the address's filter: the list shows it and the form starts again from it */
    storeFilter: assign({
      filter: (_, params: { filter: OrdersFilter }) => params.filter,
      draft: (_, params: { filter: OrdersFilter }) => params.filter,
      filterErrorMessage: null,
    }),
    storeDraftField: assign({
      draft: ({ context }, params: { field: OrdersFilterField; value: string }) => withFilterField(context.draft, params.field, params.value),
      filterErrorMessage: null,
    }),
    storeDraftError: assign({ filterErrorMessage: ({ context }) => filterError(context.draft) }),
    resetDraft: assign({ draft: ORDERS_FILTER_DEFAULTS, filterErrorMessage: null }),
    storeRefusal: assign({ errorMessage: (_, params: { message: string }) => params.message, retryInMs: null }),
    storeResult: enqueueChildren<{ list: OrderList }>(({ context, enqueue }, params) => {
      // an open row that is no longer listed closes: its detail stops
      const listed = idsOf(params.list)
      for (const id of context.expanded) if (!listed.includes(id)) enqueue.stopChild(orderDetailId(id))
      enqueue.assign({ result: params.list, expanded: keepListed(context.expanded, params.list), errorMessage: null, retryInMs: null })
    }),
    storeFailure: assign({
      errorMessage: (_, params: { message: string; retryInMs: number }) => params.message,
      retryInMs: (_, params: { message: string; retryInMs: number }) => params.retryInMs,
    }),
    /** an opened row's detail runs as the child `detail-{id}` (GET /api/order/{id}/) until the row closes */
    toggleDetail: enqueueChildren<{ id: number }>(({ context, enqueue }, params) => {
      if (context.expanded.includes(params.id)) enqueue.stopChild(orderDetailId(params.id))
      else enqueue.spawnChild('orderDetail', { id: orderDetailId(params.id), input: { id: params.id } })
      enqueue.assign({ expanded: toggled(context.expanded, params.id) })
    }),
    storeTarget: assign({ target: (_, params: { order: OrderRow }) => params.order }),
    resetTarget: assign({ target: null }),
    /** spec §4: cancel replaces the row's state and status with the returned ones */
    storeCancelled: assign({
      result: ({ context }, params: { order: OrderRow }) =>
        context.result && {
          ...context.result,
          orders: context.result.orders.map((order) => (order.id === params.order.id ? params.order : order)),
        },
    }),
    /** the address follows the applied filter (provided by the app: router.navigate); the address sync then sends filter.change */
    notifyAddress: notifyShell((params: { filter: OrdersFilter }) => navigateTo('/cabinet/orders/', searchOfFilter(params.filter))),
  },
}).createMachine({
  id: 'orders',
  description: 'The orders page: 10 per page, the filter in the address, reloaded every 300 s of visible time, bulk selection, cancel and repeat.',
  context: ({ input }) => ({
    filter: input.filter,
    draft: input.filter,
    filterErrorMessage: null,
    result: null,
    errorMessage: null,
    retryInMs: null,
    selected: [],
    expanded: [],
    target: null,
  }),
  type: 'parallel',
  on: {
    'order.toggleDetail': {
      guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
      description: "The dealer opens or closes an order's detail",
      actions: { type: 'toggleDetail', params: ({ event }) => ({ id: event.id }) },
    },
  },
  states: {
    list: {
      description: 'The orders of the filter, reloaded by the poll',
      initial: 'checking',
      on: {
        'filter.change': {
          guard: { type: 'isOtherFilter', params: ({ event }) => ({ filter: event.filter }) },
          target: '.checking',
          description: 'The address names another filter or page: the list starts over with it',
          actions: { type: 'storeFilter', params: ({ event }) => ({ filter: event.filter }) },
        },
      },
      states: {
        checking: {
          description: "The address's dates are checked before anything is asked (the same rule as the form's)",
          always: [{ guard: 'isFilterInvalid', target: 'invalid' }, { target: 'live' }],
        },
        invalid: {
          description: '"Заказы не запрошены: проверьте даты в фильтре" with the reason (the start after the end); nothing was requested',
        },
        refused: {
          description: 'The server refused the request (a 4xx): its message, without a retry countdown; nothing is retried by itself',
          on: { 'list.retry': { target: 'live', description: 'The dealer asks again' } },
        },
        live: {
          description: 'The poll runs: a request at once, then one every 300 s of visible time (backing off after failures)',
          invoke: {
            id: 'pollOrders',
            src: 'pollOrders',
            input: ({ context }) => ({ query: ordersQuery(context.filter), periodMs: TIMINGS.ordersPollMs }),
          },
          on: {
            'poll.data': {
              target: '.shown',
              description: 'A list arrived: it is shown and the countdown starts again from 5:00',
              actions: { type: 'storeResult', params: ({ event }) => ({ list: event.data }) },
            },
            'poll.failed': [
              {
                guard: { type: 'isRefusal', params: ({ event }) => ({ status: event.status }) },
                target: '#orders.list.refused',
                description: 'The server refused the request (a 4xx): the poll stops',
                actions: { type: 'storeRefusal', params: ({ event }) => ({ message: event.message }) },
              },
              {
                target: '.failed',
                description: 'The network or the server failed (a 5xx): the poll tries again later by itself',
                actions: { type: 'storeFailure', params: ({ event }) => ({ message: event.message, retryInMs: event.retryInMs }) },
              },
            ],
          },
          initial: 'loading',
          states: {
            loading: { description: '"Загрузка заказов…" (the previous list stays, aria-busy)' },
            shown: {
              description: 'The list; the countdown shows the minutes:seconds left to the next reload',
              invoke: { id: 'countdown', src: 'countdown', input: { periodMs: TIMINGS.ordersPollMs } },
              initial: 'checking',
              states: {
                checking: {
                  description: 'Decides between the table and the empty message',
                  always: [{ guard: 'hasOrders', target: 'orders' }, { target: 'empty' }],
                },
                orders: { description: 'The table of orders with its pagination' },
                empty: { description: '"Заказов не найдено" with a hint to widen the filter' },
              },
            },
            failed: {
              description: '"Не удалось загрузить заказы" with the message, when the poll tries again, and «Повторить»',
              on: { 'list.retry': { target: '#orders.list.live', reenter: true, description: 'The dealer asks to load now' } },
            },
          },
        },
      },
    },
    form: {
      description: 'The filter form as typed: contract, article, period or dates, document, paid, state; «Найти» checks the dates first',
      initial: 'valid',
      on: {
        'filter.edit': {
          target: '.valid',
          description: 'The dealer changes a field; typing a date chooses «За период (даты ниже)»',
          actions: { type: 'storeDraftField', params: ({ event }) => event },
        },
        'filter.apply': [
          {
            guard: 'isDraftInvalid',
            target: '.invalid',
            description: 'A date names no day (31.02.2026) or the start is after the end: nothing is asked',
            actions: 'storeDraftError',
          },
          {
            target: '.valid',
            description: 'The dealer applies the form (the page back to 1): the address names it',
            actions: { type: 'notifyAddress', params: ({ context }) => ({ filter: appliedFilter(context.draft) }) },
          },
        ],
        'filter.reset': {
          target: '.valid',
          description: '«Сбросить»: the form and the address go back to the defaults',
          actions: ['resetDraft', { type: 'notifyAddress', params: { filter: ORDERS_FILTER_DEFAULTS } }],
        },
        'filter.change': {
          guard: { type: 'isOtherFilter', params: ({ event }) => ({ filter: event.filter }) },
          target: '.valid',
          description: 'The address names another filter: the form shows it',
        },
      },
      states: {
        valid: { description: 'The form as typed' },
        invalid: { description: "The dates' message under the form, the wrong date marked; the list keeps its filter" },
      },
    },
    visibility: {
      description: 'The tab is visible, or hidden (the countdown and the reload wait)',
      initial: 'visible',
      states: {
        visible: { on: { 'poll.paused': { target: 'hidden', description: 'The tab is hidden' } } },
        hidden: {
          description: '"Обновление приостановлено, пока вкладка скрыта"',
          on: { 'poll.resumed': { target: 'visible', description: 'The tab shows again: the countdown goes on' } },
        },
      },
    },
    selection: {
      description: 'Bulk selection: with rows checked, the column titles hide and a bar shows the count, «Повторить выбранные» and «Выгрузить в XLSX»',
      initial: 'none',
      on: {
        'filter.change': {
          guard: { type: 'isOtherFilter', params: ({ event }) => ({ filter: event.filter }) },
          target: '.none',
          description: 'Another filter or page: nothing stays checked',
          actions: 'resetSelection',
        },
      },
      states: {
        ...selection.states({
          'poll.data': [
            {
              guard: { type: 'hasNoneSelectedAmong', params: ({ event }: { event: { data: OrderList } }) => ({ ids: idsOf(event.data) }) },
              target: 'none',
              description: 'The reload no longer lists any checked row',
              actions: 'resetSelection',
            },
            {
              description: 'The reload keeps the checked rows it still lists',
              actions: { type: 'keepSelectedAmong', params: ({ event }: { event: { data: OrderList } }) => ({ ids: idsOf(event.data) }) },
            },
          ],
          'selection.repeat': { target: 'repeatingCodeLoading', description: 'The dealer presses «Повторить выбранные»' },
        }),
        ...bulkCodeStates('repeating', CLOSE_BULK),
        repeating: {
          description: "The checked orders are repeated one by one (machine bulkAction), each into its contract's basket; its dialog shows the result",
          invoke: {
            id: 'bulkRepeat',
            src: 'bulkRepeat',
            input: ({ context }) => ({ kind: 'ordersRepeat' as const, items: bulkItemsOf(context) }),
            onDone: { target: 'none', description: 'The dealer closed the dialog: nothing stays checked', actions: 'resetSelection' },
          },
        },
      },
    },
    action: {
      description: "One order's cancel or repeat at a time, each its own child machine and dialog",
      initial: 'idle',
      states: {
        idle: {
          description: "The orders' «Отменить» and «Повторить» are enabled",
          on: {
            'order.cancel': {
              guard: { type: 'isListed', params: ({ event }) => ({ id: event.order.id }) },
              target: 'cancellingCodeLoading',
              description: 'The dealer presses «Отменить» on an order',
              actions: { type: 'storeTarget', params: ({ event }) => ({ order: event.order }) },
            },
            'order.repeat': {
              guard: { type: 'isListed', params: ({ event }) => ({ id: event.order.id }) },
              target: 'repeatingCodeLoading',
              description: 'The dealer presses «Повторить» on an order',
              actions: { type: 'storeTarget', params: ({ event }) => ({ order: event.order }) },
            },
          },
        },
        ...orderActionCodeStates('cancelling', CLOSE_ACTION),
        ...orderActionCodeStates('repeating', CLOSE_ACTION),
        cancelling: {
          description: 'The cancel dialog (machine orderCancel) is open',
          invoke: {
            id: 'orderCancel',
            src: 'orderCancel',
            input: ({ context }) => ({ order: context.target! }),
            onDone: [
              {
                guard: { type: 'isCancelled', params: ({ event }) => event.output },
                target: 'idle',
                description: 'The order was cancelled: its row takes the returned state and status',
                actions: [{ type: 'storeCancelled', params: ({ event }) => ({ order: event.output.order! }) }, 'resetTarget'],
              },
              { target: 'idle', description: 'The dealer kept the order, or the cancel was refused', actions: 'resetTarget' },
            ],
          },
        },
        repeating: {
          description: 'The repeat (machine orderRepeat) runs and shows its dialog',
          invoke: {
            id: 'orderRepeat',
            src: 'orderRepeat',
            input: ({ context }) => ({ order: context.target! }),
            onDone: { target: 'idle', description: 'The dealer closed the dialog', actions: 'resetTarget' },
          },
        },
      },
    },
  },
})

export type OrdersActor = ActorRefFrom<typeof ordersMachine>
