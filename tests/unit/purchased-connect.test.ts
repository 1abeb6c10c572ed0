import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { PurchasedFilters, PurchasedGoodsResponse } from '../../src/contract/purchased-goods'
import { purchasedGoodsMachine, type PurchasedGoodsEvent } from '../../src/machines/purchased-goods.machine'
import { isPeriodInvalidOf, reportViewOf } from '../../src/machines/purchased-goods.selectors'
import { DEFAULT_PURCHASED_FILTERS } from '../../src/machines/purchased-goods-search'
import { ApiCallError } from '../../src/services/http'
import { connect, connectTable, purchasedStateOf, totalTextOf } from '../../src/views/purchased/purchased-connect'
import { createFakeActors } from '../support/fake-actors'

const ROW = { id: 7, header: 'Кабель ВВГнг 3×2,5', articul: 'VVG-325', qnt: 1_040, orders: 3, lastDate: '2026-11-20T22:30:00.000Z', sum: 5_200 }
const answerOf = (rows: (typeof ROW)[], filters: PurchasedFilters = DEFAULT_PURCHASED_FILTERS, count = rows.length): PurchasedGoodsResponse => ({
  report: filters.report,
  contract: filters.contract,
  catalog: filters.catalog,
  startDate: '26.10.2026',
  endDate: '24.11.2026',
  rows,
  count,
  total: { qnt: 1_040, orders: 3, sum: 5_200 },
  months: [{ month: '2026-11', sum: 5_200 }],
  contracts: [{ id: '1', header: 'Договор № 1', contragent: 'ООО «Ромашка»' }],
  categories: [
    { id: '3', header: 'Кабель', depth: 0 },
    { id: '4', header: 'Силовой', depth: 1 },
  ],
  pagination: { page: filters.page, perpage: 20, pages: Math.ceil(count / 20) },
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The real purchased-goods machine, its loads settled by the test. */
function purchasedActor(filters: PurchasedFilters = DEFAULT_PURCHASED_FILTERS) {
  const fake = createFakeActors({ loadReport: 'promise' })
  const actor = createActor(purchasedGoodsMachine.provide({ actors: fake.logic, actions: { notifyAddress: () => {} } }), { input: { filters } }).start()
  const sent: PurchasedGoodsEvent[] = []
  const api = () => connect(actor.getSnapshot(), (event) => sent.push(event))
  return { actor, fake, sent, api, snapshot: () => actor.getSnapshot() }
}

describe('purchased goods selectors', () => {
  it('reportViewOf follows the report region; isPeriodInvalidOf the period region', async () => {
    const run = purchasedActor()
    expect(reportViewOf(run.snapshot())).toBe('loading')
    run.fake.current('loadReport').done(answerOf([ROW]))
    await flush()
    expect(reportViewOf(run.snapshot())).toBe('loaded')
    run.actor.send({ type: 'report.select', report: 'sum' })
    run.fake.current('loadReport').done(answerOf([]))
    await flush()
    expect(reportViewOf(run.snapshot())).toBe('empty')
    run.actor.send({ type: 'report.select', report: 'goods' })
    run.fake.current('loadReport').fail(new ApiCallError('Нет доступа', 403))
    await flush()
    expect(reportViewOf(run.snapshot())).toBe('failed')
    expect(isPeriodInvalidOf(run.snapshot())).toBe(false)
    run.actor.send({ type: 'period.edit', field: 'startDate', text: '31.02.2026' })
    run.actor.send({ type: 'period.apply' })
    expect(isPeriodInvalidOf(run.snapshot())).toBe(true)
  })
})

describe('purchased goods connect', () => {
  it('the body: first load, the report with the totals (totalText) and the chart, loading over the last report', async () => {
    const run = purchasedActor()
    expect(run.api()).toMatchObject({ body: 'firstLoad', caption: 'Загрузка отчёта…', isLoading: true, table: null, months: null })
    const answer = answerOf([ROW])
    run.fake.current('loadReport').done(answer)
    await flush()
    const text = totalTextOf(answer)
    expect(text).toMatch(/^26\.10\.2026 — 24\.11\.2026: 1 товар, 1\s040 шт\., заказов: 3, на сумму 5\s200,00\s₽$/)
    expect(run.api()).toMatchObject({ body: 'report', caption: text, isLoading: false, emptyKind: null, months: answer.months, page: 1, pages: 1 })
    run.actor.send({ type: 'catalog.select', catalog: 3 })
    expect(run.api()).toMatchObject({ body: 'report', caption: 'Загрузка отчёта…', isLoading: true })
  })

  it('an empty report: the notice, or past the last page; nothing bought shows no chart and no totals', async () => {
    const run = purchasedActor()
    run.fake.current('loadReport').done(answerOf([]))
    await flush()
    expect(run.api()).toMatchObject({ body: 'report', emptyKind: 'empty', caption: null, months: null, table: null })
    const past = purchasedActor({ ...DEFAULT_PURCHASED_FILTERS, page: 5 })
    past.fake.current('loadReport').done(answerOf([], { ...DEFAULT_PURCHASED_FILTERS, page: 5 }, 30))
    await flush()
    expect(past.api()).toMatchObject({ emptyKind: 'pastLastPage', page: 5, pages: 2 })
  })

  it('a failed load offers «Повторить», which sends report.retry', async () => {
    const run = purchasedActor()
    run.fake.current('loadReport').fail(new ApiCallError('Нет доступа', 403))
    await flush()
    expect(run.api().body).toBe('failed')
    const retry = run.api().getRetryProps()
    expect(retry).toMatchObject({ title: 'Не удалось загрузить отчёт', message: 'Нет доступа' })
    retry.onRetry()
    expect(run.sent).toEqual([{ type: 'report.retry' }])
  })

  it('the table: its label, the report’s columns, and each cell as text (the Moscow day of the last order)', () => {
    const table = connectTable(answerOf([ROW], { ...DEFAULT_PURCHASED_FILTERS, report: 'often' }))
    expect(table.label).toBe('Отчёт «Часто в заказах»')
    expect(table.columns).toEqual([
      { column: 'orders', title: 'Заказов' },
      { column: 'qnt', title: 'Количество, шт.' },
      { column: 'lastDate', title: 'Последний заказ' },
    ])
    expect(table.rows).toHaveLength(1)
    expect(table.rows[0]).toMatchObject({ id: 7, header: ROW.header, articul: 'VVG-325' })
    expect(table.rows[0]?.cells.map((cell) => cell.text.replace(/\s/g, ' '))).toEqual(['3', '1 040', '21.11.2026'])
    expect(connectTable(answerOf([ROW])).rows[0]?.cells.map((cell) => cell.column)).toEqual(['qnt', 'sum'])
    // a phone shows a card per row: each cell names its column
    expect(table.rows[0]?.cells.map((cell) => cell.title)).toEqual(['Заказов', 'Количество, шт.', 'Последний заказ'])
  })

  it('the report tabs: the pressed one is the report shown, a press sends report.select', async () => {
    const run = purchasedActor()
    const tabs = run.api().tabs
    expect(tabs.map((tab) => [tab.label, tab.getProps()['aria-pressed']])).toEqual([
      ['По товарам', true],
      ['Часто в заказах', false],
      ['Последние в заказах', false],
      ['По сумме', false],
    ])
    tabs[1]?.getProps().onClick()
    expect(run.sent).toEqual([{ type: 'report.select', report: 'often' }])
  })

  it('the filters: contract and section send their choice, the sections indented, the dates edit and apply the period', async () => {
    const run = purchasedActor()
    run.fake.current('loadReport').done(answerOf([ROW]))
    await flush()
    const form = run.api().filtersForm
    expect(form.contracts).toHaveLength(1)
    expect(form.getContractSelectProps().value).toBe('0')
    expect(form.getCatalogSelectProps().value).toBe('0')
    expect(form.catalogOptions).toEqual([
      { value: '0', label: 'Все разделы' },
      { value: '3', label: 'Кабель' },
      { value: '4', label: '\u00a0\u00a0\u00a0Силовой' },
    ])
    expect(form.getStartDateProps()).toMatchObject({ label: 'С', id: 'purchased-start', value: '26.10.2026', max: '24.11.2026', error: null })
    expect(form.getEndDateProps()).toMatchObject({ label: 'По', id: 'purchased-end', value: '24.11.2026', min: '26.10.2026' })
    form.getContractSelectProps().onChange({ target: { value: '1' } })
    form.getCatalogSelectProps().onChange({ target: { value: '4' } })
    form.getStartDateProps().onChange('01.11.2026')
    form.getEndDateProps().onChange('20.11.2026')
    let prevented = false
    form.getFormProps().onSubmit({ preventDefault: () => void (prevented = true) })
    expect(prevented).toBe(true)
    expect(run.sent).toEqual([
      { type: 'contract.select', contract: '1' },
      { type: 'catalog.select', catalog: 4 },
      { type: 'period.edit', field: 'startDate', text: '01.11.2026' },
      { type: 'period.edit', field: 'endDate', text: '20.11.2026' },
      { type: 'period.apply' },
    ])
    run.actor.send({ type: 'period.edit', field: 'startDate', text: '30.11.2026' })
    run.actor.send({ type: 'period.apply' })
    expect(run.api().filtersForm.getStartDateProps().error).toBe('Начало периода позже его конца')
  })

  it('the state it reads compares shallowly: equal for the same snapshot', async () => {
    const run = purchasedActor()
    run.fake.current('loadReport').done(answerOf([ROW]))
    await flush()
    const first = purchasedStateOf(run.snapshot())
    const second = purchasedStateOf(run.snapshot())
    for (const key of Object.keys(first) as (keyof typeof first)[]) expect(second[key]).toBe(first[key])
  })
})
