import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { CANCELLABLE_ORDER_STATES, type OrderList, type OrderRow } from '../../src/contract/orders'
import { type OrderRepeatedResponse } from '../../src/contract/order-actions'
import { ordersMachine, type OrdersContext } from '../../src/machines/orders.machine'
import { ORDERS_FILTER_DEFAULTS, type OrdersFilter } from '../../src/machines/orders-filter'
import { browserPaths, type BrowserPaths } from './browser-paths'

/** What the browser replay shows the orders page: two of the company's orders and an empty list. */
export interface OrdersAnswers {
  /** the first page's list as the server answers it, cut to two orders (the first one cancellable) */
  two: OrderList
  /** the same list with no orders */
  none: OrderList
  /** the first order as its cancel returns it */
  cancelled: OrderRow
  /** what the repeat answers (made by the test: the basket stays as it is) */
  repeated: OrderRepeatedResponse
}

/** The filter the form applies in the replay: every period. */
const ALL_PERIODS: OrdersFilter = { ...ORDERS_FILTER_DEFAULTS, dateselect: 'all' }

/** No connection (the poll tries again later), and a refusal (a 4xx: the poll stops, no countdown). */
const NETWORK_FAILURE = { message: 'Нет связи с сервером', retryInMs: 0 }
export const REFUSAL = { message: 'Некорректный запрос', retryInMs: 0, status: 400 }

/** A start date that names no day: «Найти» then refuses the form. */
export const NO_SUCH_DAY = '31.02.2026'

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as OrdersContext

/** The walks' event types: the list, the tab and the dialogs; the selection against the list; the form. */
const WALKS = {
  dialogs: ['poll.', 'filter.change', 'list.', 'order.', 'xstate.done.actor.order', 'xstate.done.actor.loadOrderActionCode'],
  selection: ['poll.data', 'filter.change', 'selection.', 'xstate.done.actor.bulkRepeat', 'xstate.done.actor.loadBulkCode'],
  form: ['poll.data', 'filter.edit', 'filter.apply'],
} as const

/**
 * The orders machine's paths a dealer can walk on /cabinet/orders/: each list answer arrives while
 * the page waits for it (the 300 s reload is not waited for), the filter is applied through the
 * form (its submit is replayed as the address change it causes), and each transition of the
 * definition is taken once. The five regions' product is too large to walk whole, so, as in the
 * model test, one walk takes the list, the tab and the dialogs, another the selection against the
 * list, and a third the form. Not walked: «Найти» and «Сбросить» with a valid form (each is the
 * address change the first walk replays), and an address with bad dates (a new page, a new machine).
 */
export function ordersBrowserPaths(answers: OrdersAnswers, walk: keyof typeof WALKS): BrowserPaths {
  const [first, second] = answers.two.orders as [OrderRow, OrderRow]
  const cases: Record<string, AnyEventObject[]> = {
    'poll.data': [answers.two, answers.none].map((data) => ({ type: 'poll.data', data })),
    'poll.failed': [NETWORK_FAILURE, REFUSAL].map((failure) => ({ type: 'poll.failed', ...failure })),
    'filter.change': [{ type: 'filter.change', filter: ALL_PERIODS }],
    'filter.edit': [
      { type: 'filter.edit', field: 'start_date', value: NO_SUCH_DAY },
      { type: 'filter.edit', field: 'start_date', value: '' },
    ],
    'filter.apply': [{ type: 'filter.apply' }],
    'filter.reset': [],
    'order.toggleDetail': [{ type: 'order.toggleDetail', id: first.id }],
    'selection.toggle': [first, second].map((order) => ({ type: 'selection.toggle', id: order.id })),
    'order.cancel': [{ type: 'order.cancel', order: first }],
    'order.repeat': [{ type: 'order.repeat', order: first }],
    'xstate.done.actor.orderCancel': [
      { type: 'xstate.done.actor.orderCancel', output: { order: answers.cancelled } },
      { type: 'xstate.done.actor.orderCancel', output: { order: null } },
    ],
    'xstate.done.actor.orderRepeat': [{ type: 'xstate.done.actor.orderRepeat', output: undefined }],
    'poll.paused': [{ type: 'poll.paused' }],
    'poll.resumed': [{ type: 'poll.resumed' }],
    'list.retry': [{ type: 'list.retry' }],
    'selection.all': [{ type: 'selection.all' }],
    'selection.clear': [{ type: 'selection.clear' }],
    'selection.repeat': [{ type: 'selection.repeat' }],
    'xstate.done.actor.bulkRepeat': [{ type: 'xstate.done.actor.bulkRepeat', output: undefined }],
    // the bulk repeat's code arrives by itself; its failure is walked by the model test
    'xstate.done.actor.loadBulkCode': [{ type: 'xstate.done.actor.loadBulkCode' }],
    'xstate.error.actor.loadBulkCode': [],
    'bulk.close': [],
    // so does the code of one order's cancel and repeat after «Отменить» or «Повторить»; its failure
    // is walked by the model test and shown by the code-failure e2e test
    'xstate.done.actor.loadOrderActionCode': [{ type: 'xstate.done.actor.loadOrderActionCode' }],
    'xstate.error.actor.loadOrderActionCode': [],
    'orderAction.close': [],
  }
  const taken = (type: string) => WALKS[walk].some((prefix) => type.startsWith(prefix))
  return browserPaths(ordersMachine, {
    cases: Object.fromEntries(Object.entries(cases).map(([type, list]) => [type, taken(type) ? list : []])),
    input: { filter: ORDERS_FILTER_DEFAULTS },
    cover: 'definition',
    // the regions' values multiply: each transition once is the bar, not each combination
    everyStateValue: false,
    limit: 20_000,
    canCause: (event, before) => {
      const context = contextOf(before)
      const dialogOpen = !before.matches({ action: 'idle' }) || (!before.matches({ selection: 'none' }) && !before.matches({ selection: 'some' }))
      // a list answer comes only while the page waits for one; the tab can hide or show at any time
      if (event.type === 'poll.data' || event.type === 'poll.failed') return before.matches({ list: { live: 'loading' } })
      if (event.type === 'poll.paused' || event.type === 'poll.resumed') return true
      // the dialogs' own buttons
      if (event.type === 'xstate.done.actor.loadBulkCode') return before.matches({ selection: 'repeatingCodeLoading' })
      if (event.type === 'xstate.done.actor.loadOrderActionCode')
        return before.matches({ action: 'cancellingCodeLoading' }) || before.matches({ action: 'repeatingCodeLoading' })
      if (event.type === 'xstate.done.actor.bulkRepeat') return before.matches({ selection: 'repeating' })
      if (event.type.startsWith('xstate.done.actor.')) return dialogOpen
      // «Найти» is replayed only when the form is refused (a valid one is the address change)
      if (event.type === 'filter.apply') return context.draft.start_date === NO_SUCH_DAY
      if (event.type === 'filter.edit') return true
      // nothing behind an open dialog; the form is there whatever the list shows
      if (dialogOpen) return false
      if (event.type === 'filter.change' || event.type === 'list.retry') return true
      // a row's controls: the table shows while the list (or the one before it) is there and has rows
      const rows = context.result?.orders ?? []
      if (before.matches({ list: { live: 'failed' } }) || before.matches({ list: 'refused' }) || rows.length === 0) return false
      if (event.type === 'order.cancel') return rows.some((row) => row.id === (event.order as OrderRow).id && CANCELLABLE_ORDER_STATES.includes(row.state))
      return true
    },
    // the state, the checked rows, the open rows, the rows shown, whether the first one shows cancelled, the filter, the incoming event
    serializeState: (state, event) => {
      const context = contextOf(state)
      const rows = context.result?.orders ?? null
      const key = JSON.stringify([
        state.value,
        [...context.selected].sort(),
        context.expanded,
        rows?.length ?? null,
        rows?.[0]?.state === answers.cancelled.state,
        context.filter === ORDERS_FILTER_DEFAULTS,
        context.draft.start_date,
      ])
      return event ? `${key} via ${event.type}` : key
    },
  })
}
