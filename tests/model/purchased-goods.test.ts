import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { PURCHASED_MESSAGES, type PurchasedFilters, type PurchasedGoodsResponse } from '../../src/contract/purchased-goods'
import { purchasedGoodsMachine, type PurchasedGoodsContext } from '../../src/machines/purchased-goods.machine'
import { filtersSearch, periodError, sameFilters, withFilter } from '../../src/machines/purchased-goods-rules'
import { DEFAULT_PURCHASED_FILTERS, filtersOf, parsePurchasedSearch } from '../../src/machines/purchased-goods-search'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const ROW = { id: 7, header: 'Кабель ВВГнг 3×2,5', articul: 'VVG-325', qnt: 40, orders: 3, lastDate: '2026-11-20T09:00:00.000Z', sum: 5_200 }
const answerOf = (rows: (typeof ROW)[], filters: PurchasedFilters = DEFAULT_PURCHASED_FILTERS): PurchasedGoodsResponse => ({
  report: filters.report,
  contract: filters.contract,
  catalog: filters.catalog,
  startDate: filters.startDate || '26.10.2026',
  endDate: filters.endDate || '24.11.2026',
  rows,
  count: rows.length,
  total: { qnt: rows.length * 40, orders: rows.length * 3, sum: rows.length * 5_200 },
  months: [
    { month: '2026-10', sum: 0 },
    { month: '2026-11', sum: rows.length * 5_200 },
  ],
  contracts: [{ id: '1', header: 'Договор № 1', contragent: 'ООО «Ромашка»' }],
  categories: [{ id: '3', header: 'Кабель', depth: 0 }],
  pagination: { page: filters.page, perpage: 20, pages: rows.length > 0 ? 1 : 0 },
})
const FAILURE = 'Нет доступа'

const cases: EventCases = {
  'address.change': [{ type: 'address.change', filters: { ...DEFAULT_PURCHASED_FILTERS, page: 2 } }],
  'report.select': [{ type: 'report.select', report: 'sum' }],
  'contract.select': [{ type: 'contract.select', contract: '1' }],
  'catalog.select': [{ type: 'catalog.select', catalog: 3 }],
  'period.edit': [
    { type: 'period.edit', field: 'startDate', text: '01.11.2026' },
    { type: 'period.edit', field: 'endDate', text: '31.02.2026' },
  ],
  'xstate.done.actor.loadReport': [
    { type: 'xstate.done.actor.loadReport', output: answerOf([ROW]) },
    { type: 'xstate.done.actor.loadReport', output: answerOf([]) },
  ],
  'xstate.error.actor.loadReport': [{ type: 'xstate.error.actor.loadReport', error: new ApiCallError(FAILURE, 403) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PurchasedGoodsContext

describeMachinePaths(purchasedGoodsMachine, {
  cases,
  input: { filters: DEFAULT_PURCHASED_FILTERS },
  // whether the typed period is valid decides period.apply; the rest is in the state value
  serializeState: (state, event, prev) => {
    const key = `${JSON.stringify(state.value)} ${periodError(contextOf(state).period) ?? 'ok'}`
    return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
  },
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    if (snapshot.matches({ report: 'failed' })) expect(context.errorMessage).toBe(FAILURE)
    if (snapshot.matches({ period: 'invalid' })) expect(context.periodError).toBe(PURCHASED_MESSAGES.badDate)
    if (snapshot.matches({ period: 'valid' })) expect(context.periodError).toBeNull()
    if (snapshot.matches({ report: 'loaded' })) expect(context.result?.rows).toEqual([ROW])
  },
})

describe('purchased goods beyond the paths', () => {
  const start = (notify: PurchasedFilters[] = [], calls: PurchasedFilters[] = []) =>
    createActor(
      purchasedGoodsMachine.provide({
        actors: {
          loadReport: fromPromise(async ({ input }: { input: PurchasedFilters }) => {
            calls.push(input)
            return answerOf([ROW], input)
          }),
        },
        actions: { notifyAddress: (_, { filters }) => void notify.push(filters) },
      }),
      { input: { filters: { ...DEFAULT_PURCHASED_FILTERS, page: 3 } } },
    ).start()

  it('a filter change goes back to page 1 and into the address; the address catching up loads nothing more', async () => {
    const addresses: PurchasedFilters[] = []
    const calls: PurchasedFilters[] = []
    const actor = start(addresses, calls)
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ report: 'loaded' })).toBe(true))
    // the server's default period fills the fields
    expect(actor.getSnapshot().context.period).toEqual({ startDate: '26.10.2026', endDate: '24.11.2026' })
    actor.send({ type: 'report.select', report: 'often' })
    const expected = { ...DEFAULT_PURCHASED_FILTERS, report: 'often' as const, page: 1 }
    expect(addresses).toEqual([expected])
    await vi.waitFor(() => expect(calls).toHaveLength(2))
    actor.send({ type: 'address.change', filters: expected })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ report: 'loaded' })).toBe(true))
    expect(calls).toHaveLength(2)
    actor.stop()
  })

  it('applies a typed period, and refuses one whose start is after its end', async () => {
    const addresses: PurchasedFilters[] = []
    const actor = start(addresses)
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ report: 'loaded' })).toBe(true))
    actor.send({ type: 'period.edit', field: 'startDate', text: '10.11.2026' })
    actor.send({ type: 'period.edit', field: 'endDate', text: '01.11.2026' })
    actor.send({ type: 'period.apply' })
    expect(actor.getSnapshot().matches({ period: 'invalid' })).toBe(true)
    expect(actor.getSnapshot().context.periodError).toBe(PURCHASED_MESSAGES.badPeriod)
    expect(addresses).toEqual([])
    actor.send({ type: 'period.edit', field: 'endDate', text: '20.11.2026' })
    actor.send({ type: 'period.apply' })
    expect(addresses).toEqual([{ ...DEFAULT_PURCHASED_FILTERS, startDate: '10.11.2026', endDate: '20.11.2026', page: 1 }])
    actor.stop()
  })
})

describe('purchased goods rules', () => {
  it('checks the period: real days, start not after end, empty = default', () => {
    expect(periodError({ startDate: '', endDate: '' })).toBeNull()
    expect(periodError({ startDate: '01.11.2026', endDate: '' })).toBeNull()
    expect(periodError({ startDate: '01.11.2026', endDate: '01.11.2026' })).toBeNull()
    expect(periodError({ startDate: '31.02.2026', endDate: '' })).toBe(PURCHASED_MESSAGES.badDate)
    expect(periodError({ startDate: '01.11.20', endDate: '' })).toBe(PURCHASED_MESSAGES.badDate)
    expect(periodError({ startDate: '02.11.2026', endDate: '01.11.2026' })).toBe(PURCHASED_MESSAGES.badPeriod)
  })

  it('leaves defaults out of the address and resets the page on a filter change', () => {
    expect(filtersSearch(DEFAULT_PURCHASED_FILTERS)).toEqual({})
    expect(filtersSearch({ ...DEFAULT_PURCHASED_FILTERS, report: 'sum', page: 2 })).toEqual({ report: 'sum', page: 2 })
    expect(withFilter({ ...DEFAULT_PURCHASED_FILTERS, page: 4 }, { catalog: 5 })).toEqual({ ...DEFAULT_PURCHASED_FILTERS, catalog: 5, page: 1 })
    expect(sameFilters(DEFAULT_PURCHASED_FILTERS, { ...DEFAULT_PURCHASED_FILTERS })).toBe(true)
    expect(sameFilters(DEFAULT_PURCHASED_FILTERS, { ...DEFAULT_PURCHASED_FILTERS, page: 2 })).toBe(false)
  })

  it('reads the address: malformed parameters and unknown reports fall back to the defaults', () => {
    const search = parsePurchasedSearch({ report: 'last', contract: '2', catalog: '5', startDate: '01.11.2026', endDate: 'вчера', page: '0' })
    expect(search).toEqual({ report: 'last', contract: '2', catalog: 5, startDate: '01.11.2026' })
    expect(filtersOf(search)).toEqual({ ...DEFAULT_PURCHASED_FILTERS, report: 'last', contract: '2', catalog: 5, startDate: '01.11.2026' })
    expect(filtersOf(parsePurchasedSearch({ report: 'unknown', page: '3' }))).toEqual({ ...DEFAULT_PURCHASED_FILTERS, page: 3 })
    expect(filtersOf(parsePurchasedSearch(filtersSearch({ ...DEFAULT_PURCHASED_FILTERS, report: 'sum', page: 2 })))).toEqual({
      ...DEFAULT_PURCHASED_FILTERS,
      report: 'sum',
      page: 2,
    })
  })
})
