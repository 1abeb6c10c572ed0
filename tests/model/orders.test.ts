import { describe, expect, it, vi } from 'vitest'
import { createActor, createMachine, fromEventObservable, fromObservable, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { NEVER, Subject } from 'rxjs'
import type { OrderList, OrderRow } from '../../src/contract/orders'
import { orderCancelMachine } from '../../src/machines/order-cancel.machine'
import { ordersMachine, type OrdersContext, type OrdersEvent } from '../../src/machines/orders.machine'
import { filterError, isSameFilter, ORDERS_FILTER_DEFAULTS, type OrdersFilter } from '../../src/machines/orders-filter'
import type { PollOrdersInput } from '../../src/services/orders'
import { describeMachinePaths, type EventCases, type SerializeState } from '../support/path-testing'

const row = (id: number, state = 1): OrderRow => ({
  id,
  state,
  status: state === 4 ? 'Отменён 24.11.2026: дубль заказа' : 'Новый, ожидает подтверждения менеджером',
  contract: '1',
  paid: false,
  sum: 12_500 + id,
  count: 2,
  created_at: '2026-11-23T09:00:00.000Z',
})
const listOf = (orders: OrderRow[]): OrderList => ({
  orders,
  states: [{ id: 1, header: 'Новый' }],
  contracts: [{ id: '1', header: 'Договор поставки №1', contragent: 'ООО «Строймаркет»' }],
  count: orders.length,
  pagination: { page: 1, perpage: 10, pages: orders.length > 0 ? 1 : 0 },
})
const TWO = listOf([row(1), row(2)])
const ONE = listOf([row(2)])
const NONE = listOf([])
const OTHER: OrdersFilter = { ...ORDERS_FILTER_DEFAULTS, dateselect: 'all', state: 10, page: 2 }
/** an address naming the start after the end: nothing is asked */
const BAD_DATES: OrdersFilter = { ...ORDERS_FILTER_DEFAULTS, dateselect: 'period', start_date: '10.03.2026', end_date: '01.03.2026' }
const CANCELLED = row(1, 4)

const cases: EventCases = {
  'poll.data': [TWO, ONE, NONE].map((data) => ({ type: 'poll.data', data })),
  'poll.failed': [
    { type: 'poll.failed', message: 'Ошибка сервера (503)', retryInMs: 600_000, status: 503 },
    { type: 'poll.failed', message: 'Нет доступа', retryInMs: 600_000, status: 403 },
  ],
  'filter.change': [
    { type: 'filter.change', filter: OTHER },
    { type: 'filter.change', filter: BAD_DATES },
  ],
  // 31.02 is no day (the form turns invalid on «Найти»); another period makes it fine again
  'filter.edit': [
    { type: 'filter.edit', field: 'start_date', value: '31.02.2026' },
    { type: 'filter.edit', field: 'dateselect', value: 'all' },
  ],
  'filter.apply': [{ type: 'filter.apply' }],
  'filter.reset': [{ type: 'filter.reset' }],
  'order.toggleDetail': [{ type: 'order.toggleDetail', id: 1 }],
  'selection.toggle': [1, 2].map((id) => ({ type: 'selection.toggle', id })),
  'order.cancel': [{ type: 'order.cancel', order: row(1) }],
  'order.repeat': [{ type: 'order.repeat', order: row(1) }],
  'xstate.done.actor.orderCancel': [
    { type: 'xstate.done.actor.orderCancel', output: { order: CANCELLED } },
    { type: 'xstate.done.actor.orderCancel', output: { order: null } },
  ],
  'xstate.done.actor.orderRepeat': [{ type: 'xstate.done.actor.orderRepeat', output: undefined }],
  // the cancel's and repeat's code arriving, or not (it is not in the list's first load), and the message that it did not closed
  'xstate.done.actor.loadOrderActionCode': [{ type: 'xstate.done.actor.loadOrderActionCode' }],
  'xstate.error.actor.loadOrderActionCode': [
    { type: 'xstate.error.actor.loadOrderActionCode', error: new Error('Failed to fetch dynamically imported module') },
  ],
  'orderAction.close': [{ type: 'orderAction.close' }],
  'xstate.done.actor.bulkRepeat': [{ type: 'xstate.done.actor.bulkRepeat', output: { done: [1] } }],
  // the bulk repeat's code arriving, or not (it is not in the list's first load), and the message that it did not closed
  'xstate.done.actor.loadBulkCode': [{ type: 'xstate.done.actor.loadBulkCode' }],
  'xstate.error.actor.loadBulkCode': [{ type: 'xstate.error.actor.loadBulkCode', error: new Error('Failed to fetch dynamically imported module') }],
  'bulk.close': [{ type: 'bulk.close' }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as OrdersContext

/** Only the given event types reach the traversal (an empty case list leaves a type out). */
const only = (types: string[]): EventCases =>
  Object.fromEntries(Object.entries(cases).map(([type, list]) => [type, types.some((prefix) => type.startsWith(prefix)) ? list : []]))

/**
 * What the guards read (the checked rows, the rows listed, whether the filter is still the first),
 * whether a row shows as cancelled, plus the incoming edge (its source too, when `withSource`).
 */
const serializeState =
  (withSource: boolean): SerializeState =>
  (state, event, prev) => {
    const context = contextOf(state)
    const rows = context.result?.orders ?? null
    const cancelled = rows?.filter((order) => order.state === 4).length ?? 0
    const dates = [filterError(context.filter) === null, filterError(context.draft) === null]
    const key = JSON.stringify([
      state.value,
      [...context.selected].sort(),
      rows?.length ?? null,
      cancelled,
      isSameFilter(context.filter, ORDERS_FILTER_DEFAULTS),
      dates,
    ])
    if (!event || !prev) return key
    return withSource ? `${key} via ${event.type} from ${JSON.stringify(contextOf(prev).selected)}` : `${key} via ${event.type}`
  }

const assertStep = (snapshot: AnyMachineSnapshot) => {
  const context = contextOf(snapshot)
  const listed = context.result?.orders.map((order) => order.id) ?? []
  // only listed rows stay checked or open; the selection state says whether any is checked
  // (the checked rows being repeated keep their ids while the dialog runs, whatever a reload lists)
  const bulkRuns = !snapshot.matches({ selection: 'none' }) && !snapshot.matches({ selection: 'some' })
  const checked = bulkRuns ? [] : context.selected
  for (const id of [...checked, ...context.expanded]) expect(listed).toContain(id)
  // an open row's detail runs as the child detail-{id} exactly while the row is open
  const details = Object.keys(snapshot.children).filter((id) => id.startsWith('detail-'))
  expect(details.sort()).toEqual(context.expanded.map((id) => `detail-${id}`).sort())
  expect(!snapshot.matches({ selection: 'none' })).toBe(context.selected.length > 0)
  if (snapshot.matches({ list: { live: 'failed' } })) expect([context.errorMessage, context.retryInMs]).toEqual(['Ошибка сервера (503)', 600_000])
  // a refusal is shown without a retry countdown, and nothing polls meanwhile
  if (snapshot.matches({ list: 'refused' }))
    expect([context.errorMessage, context.retryInMs, snapshot.children.pollOrders]).toEqual(['Нет доступа', null, undefined])
  // wrong dates in the address: nothing is asked
  if (snapshot.matches({ list: 'invalid' })) expect([filterError(context.filter), snapshot.children.pollOrders]).toEqual([expect.any(String), undefined])
  if (snapshot.matches({ form: 'invalid' })) expect(context.filterErrorMessage).toBe(filterError(context.draft))
  if (snapshot.matches({ action: 'idle' })) expect(context.target).toBeNull()
  else expect(context.target?.id).toBe(1)
}

// the four regions run side by side; their product is too large to walk whole, so the paths walk
// the list, the tab's visibility and the dialogs first, then the selection against the list,
// and the coverage of both walks adds up (the bar is 100% over the union)
const common = {
  input: { filter: ORDERS_FILTER_DEFAULTS },
  actors: { pollOrders: 'observable', countdown: 'observable' } as const,
  assertStep,
  limit: 100_000,
}
describeMachinePaths(ordersMachine, {
  ...common,
  cases: only(['poll.', 'filter.change', 'list.', 'order.', 'xstate.done.actor.order', 'xstate.done.actor.loadOrderActionCode']),
  serializeState: serializeState(false),
  expectFullCoverage: false,
  report: false,
})
// the cancel's and repeat's code not arriving, and its message closed
describeMachinePaths(ordersMachine, {
  ...common,
  cases: only(['poll.data', 'order.cancel', 'order.repeat', 'xstate.error.actor.loadOrderActionCode', 'orderAction.']),
  // the cancel's failure and the repeat's both close to idle: the source keeps the two edges apart
  serializeState: (state, event, prev) => `${serializeState(false)(state, event, prev)} from ${JSON.stringify(prev?.value ?? null)}`,
  expectFullCoverage: false,
  report: false,
})
// the filter form against the address
describeMachinePaths(ordersMachine, {
  ...common,
  cases: only(['filter.']),
  serializeState: serializeState(false),
  expectFullCoverage: false,
  report: false,
})
describeMachinePaths(ordersMachine, {
  ...common,
  cases: only([
    'poll.data',
    'filter.change',
    'selection.',
    'xstate.done.actor.bulkRepeat',
    'xstate.done.actor.loadBulkCode',
    'xstate.error.actor.loadBulkCode',
    'bulk.',
  ]),
  serializeState: serializeState(true),
})

describe('orders beyond the paths', () => {
  const start = (over: { addresses?: OrdersFilter[]; polls?: PollOrdersInput[] } = {}) => {
    const poll = new Subject<OrdersEvent>()
    const actor = createActor(
      ordersMachine.provide({
        actors: {
          pollOrders: fromEventObservable(({ input }: { input: PollOrdersInput }) => {
            over.polls?.push(input)
            return poll as never
          }),
          countdown: fromObservable<number, { periodMs: number }>(() => NEVER),
          // the dealer confirms at once and the server cancels
          loadOrderActionCode: fromPromise(async () => {}),
          orderCancel: orderCancelMachine.provide({ actors: { cancelOrder: fromPromise(async () => ({ order: CANCELLED })) } }),
        },
        actions: { notifyAddress: (_, { filter }) => void over.addresses?.push(filter) },
      }),
      { input: { filter: ORDERS_FILTER_DEFAULTS } },
    ).start()
    return { actor, poll }
  }

  it("polls with the filter's query, and starts over with another filter", () => {
    const polls: PollOrdersInput[] = []
    const { actor } = start({ polls })
    actor.send({ type: 'filter.change', filter: OTHER })
    actor.send({ type: 'filter.change', filter: { ...OTHER } })
    expect(polls.map((input) => [input.periodMs, input.query.dateselect, input.query.state, input.query.page, input.query.perpage])).toEqual([
      [300_000, 'week', 0, 1, 10],
      [300_000, 'all', 10, 2, 10],
    ])
    actor.stop()
  })

  it('checks every row with the check-all box, and unchecks them all with it again', () => {
    const { actor, poll } = start()
    poll.next({ type: 'poll.data', data: TWO })
    actor.send({ type: 'selection.toggle', id: 2 })
    actor.send({ type: 'selection.all' })
    expect(actor.getSnapshot().context.selected).toEqual([1, 2])
    actor.send({ type: 'selection.all' })
    expect(actor.getSnapshot().matches({ selection: 'none' })).toBe(true)
    actor.stop()
  })

  it('hands «Повторить выбранные» the checked orders, each named and with its contract, and unchecks them when its dialog closes', async () => {
    const inputs: unknown[] = []
    const poll = new Subject<OrdersEvent>()
    const actor = createActor(
      ordersMachine.provide({
        actors: {
          pollOrders: fromEventObservable(() => poll as never),
          countdown: fromObservable<number, { periodMs: number }>(() => NEVER),
          loadBulkCode: fromPromise(async () => {}),
          bulkRepeat: createMachine({
            initial: 'open',
            context: ({ input }: { input: unknown }) => (inputs.push(input), {}),
            states: { open: { on: { 'dialog.close': 'closed' } }, closed: { type: 'final' } },
          }) as never,
        },
      }),
      { input: { filter: ORDERS_FILTER_DEFAULTS } },
    ).start()
    poll.next({ type: 'poll.data', data: listOf([row(1), { ...row(2), contract: '7' }]) })
    actor.send({ type: 'selection.all' })
    actor.send({ type: 'selection.repeat' })
    await vi.waitFor(() => expect(actor.getSnapshot().children.bulkRepeat).toBeDefined())
    expect(inputs).toEqual([
      {
        kind: 'ordersRepeat',
        items: [
          { id: 1, label: 'Заказ № 1', contract: '1' },
          { id: 2, label: 'Заказ № 2', contract: '7' },
        ],
      },
    ])
    actor.getSnapshot().children.bulkRepeat?.send({ type: 'dialog.close' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ selection: 'none' })).toBe(true))
    expect(actor.getSnapshot().context.selected).toEqual([])
    actor.stop()
  })

  it('replaces a cancelled row with the returned one, and hands the applied filter to the address', async () => {
    const addresses: OrdersFilter[] = []
    const { actor, poll } = start({ addresses })
    poll.next({ type: 'poll.data', data: TWO })
    actor.send({ type: 'order.cancel', order: row(1) })
    // the dialog's code loads first
    expect(actor.getSnapshot().matches({ action: 'cancellingCodeLoading' })).toBe(true)
    await vi.waitFor(() => expect(actor.getSnapshot().children.orderCancel).toBeDefined())
    actor.getSnapshot().children.orderCancel?.send({ type: 'cancel.confirm', comment: '' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ action: 'idle' })).toBe(true))
    expect(actor.getSnapshot().context.result?.orders).toEqual([CANCELLED, row(2)])
    actor.send({ type: 'filter.edit', field: 'state', value: '10' })
    actor.send({ type: 'filter.edit', field: 'dateselect', value: 'all' })
    actor.send({ type: 'filter.apply' })
    expect(addresses).toEqual([{ ...ORDERS_FILTER_DEFAULTS, dateselect: 'all', state: 10 }])
    actor.stop()
  })
})
