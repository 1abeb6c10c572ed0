import { describe, expect, it } from 'vitest'
import { createActor, fromEventObservable, fromObservable } from 'xstate'
import { Subject } from 'rxjs'
import type { OrderList, OrderRow } from '../../src/contract/orders'
import type { OrderDetail } from '../../src/contract/order-actions'
import { orderCancelMachine } from '../../src/machines/order-cancel.machine'
import { orderCancelStepOf, orderDetailViewOf, orderRepeatStepOf } from '../../src/machines/order-dialogs.selectors'
import { orderDetailMachine } from '../../src/machines/order-detail.machine'
import { orderRepeatMachine } from '../../src/machines/order-repeat.machine'
import { ORDERS_FILTER_DEFAULTS } from '../../src/machines/orders-filter'
import { ordersMachine, type OrdersEvent } from '../../src/machines/orders.machine'
import { isOrdersBusyOf, isOrdersPausedOf, orderDetailOf, ordersViewOf } from '../../src/machines/orders.selectors'
import { ApiCallError } from '../../src/services/http'
import { connectOrderDetail, orderDetailStateOf } from '../../src/views/orders/order-detail-connect'
import { connectOrderCancel, connectOrderRepeat, orderCancelStateOf, orderRepeatStateOf } from '../../src/views/orders/order-dialogs-connect'
import { connect, connectCountdown, countdownStateOf, ordersStateOf, retryTextOf } from '../../src/views/orders/orders-connect'
import { statusNoteOf } from '../../src/contract/orders-list-view'
import { createFakeActors } from '../support/fake-actors'
import { ADDED, CANCEL_REFUSED, NO_STOCK, ORDER, REPEAT_FAILED } from '../support/order-paths'

const row = (id: number, state = 1, paid = false): OrderRow => ({ ...ORDER, id, state, paid, contract: id === 3 ? '9' : '1' })
const listOf = (orders: OrderRow[], count = orders.length, page = 1): OrderList => ({
  orders,
  states: [
    { id: 1, header: 'Новый' },
    { id: 3, header: 'Отгружен' },
  ],
  contracts: [{ id: '1', header: 'Договор поставки №1', contragent: 'ООО «Строймаркет»' }],
  count,
  pagination: { page, perpage: 10, pages: Math.ceil(count / 10) },
})
const TWO = listOf([row(1), row(3, 3, true)], 12)
const DETAIL: OrderDetail = {
  order: ORDER,
  delivery: { method: 'Доставка транспортной компанией', company: 'ПЭК', region: 'Москва и Московская область', address: '', consignee: '' },
  comment: 'Позвонить заранее',
  lines: [{ product_id: 11, header: 'Перфоратор', articul: 'PF-800', wms: 1, warehouse: 'Основной', qnt: 2, price: 100, sum: 200 }],
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The real orders machine: the poll and the countdown are subjects the test drives, the detail's load settled by the test. */
function ordersActor() {
  const poll = new Subject<OrdersEvent>()
  const ticks = new Subject<number>()
  const fake = createFakeActors({ loadDetail: 'promise', loadOrderActionCode: 'promise' })
  const actor = createActor(
    ordersMachine.provide({
      actors: {
        pollOrders: fromEventObservable(() => poll as never),
        countdown: fromObservable<number, { periodMs: number }>(() => ticks),
        orderDetail: orderDetailMachine.provide({ actors: fake.logic }),
        loadOrderActionCode: fake.logic.loadOrderActionCode!,
        orderCancel: orderCancelMachine,
        orderRepeat: orderRepeatMachine,
      },
      actions: { notifyAddress: () => {} },
    }),
    { input: { filter: ORDERS_FILTER_DEFAULTS } },
  ).start()
  const sent: OrdersEvent[] = []
  const api = () => connect(actor.getSnapshot(), (event) => sent.push(event))
  return { actor, poll, ticks, fake, sent, api, snapshot: () => actor.getSnapshot() }
}

describe('orders selectors', () => {
  it('ordersViewOf follows the list region; busy while a dialog runs; paused while the tab is hidden', () => {
    const run = ordersActor()
    expect(ordersViewOf(run.snapshot())).toBe('loading')
    run.poll.next({ type: 'poll.data', data: TWO })
    expect(ordersViewOf(run.snapshot())).toBe('loaded')
    expect(isOrdersBusyOf(run.snapshot())).toBe(false)
    run.actor.send({ type: 'order.repeat', order: row(1) })
    expect(isOrdersBusyOf(run.snapshot())).toBe(true)
    run.poll.next({ type: 'poll.data', data: listOf([]) })
    expect(ordersViewOf(run.snapshot())).toBe('empty')
    run.poll.next({ type: 'poll.failed', message: 'Ошибка сервера (503)', retryInMs: 20_000 })
    expect(ordersViewOf(run.snapshot())).toBe('failed')
    expect(isOrdersPausedOf(run.snapshot())).toBe(false)
    run.poll.next({ type: 'poll.paused' })
    expect(isOrdersPausedOf(run.snapshot())).toBe(true)
    run.actor.stop()
  })

  it('orderDetailOf is the open row’s child, and none once it closes', () => {
    const run = ordersActor()
    run.poll.next({ type: 'poll.data', data: TWO })
    expect(orderDetailOf(run.snapshot(), 1)).toBeUndefined()
    run.actor.send({ type: 'order.toggleDetail', id: 1 })
    expect(orderDetailOf(run.snapshot(), 1)?.id).toBe('detail-1')
    run.actor.send({ type: 'order.toggleDetail', id: 1 })
    expect(orderDetailOf(run.snapshot(), 1)).toBeUndefined()
    run.actor.stop()
  })
})

describe('orders connect', () => {
  it('the body: first load, the list with «Найдено: …», the empty notice, past the last page', () => {
    const run = ordersActor()
    expect(run.api()).toMatchObject({ body: 'firstLoad', caption: 'Загрузка заказов…', isLoading: true })
    run.poll.next({ type: 'poll.data', data: TWO })
    expect(run.api()).toMatchObject({ body: 'list', caption: 'Найдено: 12 заказов', page: 1, pages: 2, isLoading: false })
    // a broad search stopped counting: the caption says so
    run.poll.next({ type: 'poll.data', data: { ...listOf([row(1), row(3, 3, true)], 1010), count_is_floor: true } })
    expect(run.api().caption).toMatch(/^Найдено: более 1\s010 заказов$/)
    run.poll.next({ type: 'poll.data', data: TWO })
    run.poll.next({ type: 'poll.data', data: listOf([]) })
    expect(run.api().body).toBe('empty')
    run.actor.send({ type: 'filter.change', filter: { ...ORDERS_FILTER_DEFAULTS, page: 4 } })
    run.poll.next({ type: 'poll.data', data: listOf([], 12, 4) })
    expect(run.api()).toMatchObject({ body: 'pastLastPage', page: 4, pages: 2 })
    run.actor.stop()
  })

  it('a failed load says when the poll tries again (retryText), and «Повторить» sends list.retry', () => {
    expect(retryTextOf(null)).toBe('')
    expect(retryTextOf(19_500)).toBe(' Следующая попытка через 20 с.')
    const run = ordersActor()
    run.poll.next({ type: 'poll.failed', message: 'Ошибка сервера (503)', retryInMs: 600_000 })
    const retry = run.api().getRetryProps()
    expect(retry).toMatchObject({ title: 'Не удалось загрузить заказы', message: 'Ошибка сервера (503) Следующая попытка через 600 с.' })
    retry.onRetry()
    expect(run.sent).toEqual([{ type: 'list.retry' }])
    run.actor.stop()
  })

  it('the countdown: none before the list, the child while it runs, the pause while the tab is hidden', () => {
    const run = ordersActor()
    expect(run.api().countdown).toEqual({ kind: 'none' })
    run.poll.next({ type: 'poll.data', data: TWO })
    const running = run.api().countdown
    if (running.kind !== 'running') throw new Error('expected the countdown to run')
    expect(connectCountdown(countdownStateOf(running.actor.getSnapshot())).label).toBeNull()
    run.ticks.next(299_000)
    expect(connectCountdown(countdownStateOf(running.actor.getSnapshot())).label).toBe('4:59')
    run.poll.next({ type: 'poll.paused' })
    expect(run.api().countdown).toEqual({ kind: 'paused', text: 'Обновление приостановлено, пока вкладка скрыта' })
    run.actor.stop()
  })

  it('the filter form: the draft as typed, a date chooses «За период», «Найти» checks the dates and marks the wrong one, «Сбросить» resets', () => {
    const run = ordersActor()
    run.actor.send({ type: 'filter.change', filter: { ...ORDERS_FILTER_DEFAULTS, page: 3 } })
    run.poll.next({ type: 'poll.data', data: TWO })
    const form = run.api().filterForm
    expect(form.periodOptions[0]).toEqual({ value: 'all', label: 'За всё время' })
    expect(form.periodOptions.at(-1)).toEqual({ value: 'period', label: 'За период (даты ниже)' })
    expect(form.stateOptions).toEqual([
      { value: '1', label: 'Новый' },
      { value: '3', label: 'Отгружен' },
    ])
    expect(form.getFormProps()).toMatchObject({ 'aria-label': 'Фильтр заказов', noValidate: true })
    expect(form.getFieldProps('dateselect')).toMatchObject({ name: 'dateselect', value: 'week', 'aria-invalid': undefined })
    expect(form.getFieldProps('state').value).toBe('0')
    form.getFieldProps('start_date').onChange({ currentTarget: { value: '31.02.2026' } })
    form.getFormProps().onSubmit({ preventDefault: () => {} })
    form.getResetProps().onPress()
    expect(run.sent).toEqual([{ type: 'filter.edit', field: 'start_date', value: '31.02.2026' }, { type: 'filter.apply' }, { type: 'filter.reset' }])

    // through the machine: typing a date chooses the period; «Найти» finds 31.02 is no day
    run.actor.send({ type: 'filter.edit', field: 'start_date', value: '31.02.2026' })
    expect(run.api().filterForm.getFieldProps('dateselect').value).toBe('period')
    expect(run.api().filterForm.error).toBeNull()
    run.actor.send({ type: 'filter.apply' })
    const wrong = run.api().filterForm
    expect(wrong.error).toEqual({
      id: 'orders-filter-error',
      text: 'Дата с: «31.02.2026» — такой даты нет. Введите дату в виде дд.мм.гггг, например 01.03.2026',
    })
    expect(wrong.getFieldProps('start_date')).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'orders-filter-error' })
    expect(wrong.getFieldProps('end_date')['aria-invalid']).toBeUndefined()
    // the start after the end marks both dates
    run.actor.send({ type: 'filter.edit', field: 'start_date', value: '10.03.2026' })
    expect(run.api().filterForm.error).toBeNull()
    run.actor.send({ type: 'filter.edit', field: 'end_date', value: '01.03.2026' })
    run.actor.send({ type: 'filter.apply' })
    const order = run.api().filterForm
    expect(order.error?.text).toBe('Начало периода (10.03.2026) позже его конца (01.03.2026). Исправьте даты')
    expect([order.getFieldProps('start_date')['aria-invalid'], order.getFieldProps('end_date')['aria-invalid']]).toEqual([true, true])
    run.actor.send({ type: 'filter.reset' })
    expect(run.api().filterForm.getFieldProps('start_date').value).toBe('')
    expect(run.api().filterForm.error).toBeNull()
    run.actor.stop()
  })

  it('a refused request (4xx) shows its message without a retry countdown; dates the address names wrong are not asked', () => {
    const run = ordersActor()
    run.poll.next({ type: 'poll.failed', message: 'Нет доступа', retryInMs: 600_000, status: 403 })
    expect(run.api().body).toBe('failed')
    expect(run.api().getRetryProps()).toMatchObject({ title: 'Сервер отклонил запрос заказов', message: 'Нет доступа' })
    run.actor.send({ type: 'filter.change', filter: { ...ORDERS_FILTER_DEFAULTS, dateselect: 'period', start_date: '10.03.2026', end_date: '01.03.2026' } })
    expect(run.api()).toMatchObject({
      body: 'invalidFilter',
      invalidFilter: {
        title: 'Заказы не запрошены: проверьте даты в фильтре',
        hint: 'Начало периода (10.03.2026) позже его конца (01.03.2026). Исправьте даты',
      },
    })
    run.actor.stop()
  })

  it('a closed basket (issue 21, item 12): no «Повторить» on a row, no «Повторить выбранные» in the bar; «Выгрузить в XLSX» stays', () => {
    const run = ordersActor()
    run.poll.next({ type: 'poll.data', data: TWO })
    run.actor.send({ type: 'selection.toggle', id: 3 })
    const table = connect(run.snapshot(), (event) => run.sent.push(event), false).table
    expect(table.rowOf(row(1))).toMatchObject({ canRepeat: false, canCancel: true })
    expect(table.selection.actions).toEqual([{ kind: 'link', key: 'export', label: 'Выгрузить в XLSX', href: '/api/orderExport/?ids=3', download: true }])
    run.actor.stop()
  })

  it('the table: each row’s texts, the selection bar and check-all, expand, and the buttons wait while busy', () => {
    const run = ordersActor()
    run.poll.next({ type: 'poll.data', data: TWO })
    const table = run.api().table
    expect(table.rowOf(row(1))).toEqual({
      label: 'Заказ № 1',
      isSelected: false,
      isExpanded: false,
      detailId: 'order-detail-1',
      contractName: 'Договор поставки №1',
      stateName: 'Новый',
      statusNote: 'Новый, ожидает подтверждения менеджером',
      marker: null,
      paidText: 'Не оплачен',
      canCancel: true,
      canRepeat: true,
    })
    // a status that only repeats the state's name is not shown twice
    expect(table.rowOf({ ...row(1), status: 'Новый' }).statusNote).toBeNull()
    expect(table.rowOf(row(3, 3, true))).toMatchObject({
      contractName: 'Договор № 9',
      stateName: 'Отгружен',
      marker: 'success',
      paidText: 'Оплачен',
      canCancel: false,
    })
    expect(table.rowOf(row(5, 4)).marker).toBe('danger')
    expect(table.rowOf(row(5, 10)).marker).toBe('primary')
    expect(table.rowOf(row(5, 7)).stateName).toBe('7')
    expect(table.selection).toMatchObject({ hasSelection: false, isPartlySelected: false })
    expect(table.selection.getSelectAllProps()).toMatchObject({ checked: false, 'aria-label': 'Выбрать все заказы страницы' })

    run.actor.send({ type: 'selection.toggle', id: 3 })
    const some = run.api().table
    expect(some.selection).toMatchObject({ hasSelection: true, isPartlySelected: true, text: 'Выбрано: 1' })
    expect(some.selection.actions).toEqual([
      expect.objectContaining({ kind: 'button', label: 'Повторить выбранные', isDisabled: false }),
      { kind: 'link', key: 'export', label: 'Выгрузить в XLSX', href: '/api/orderExport/?ids=3', download: true },
    ])
    expect(some.selection.getRowCheckboxProps(3)).toMatchObject({ checked: true, 'aria-label': 'Выбрать заказ № 3' })
    expect(some.rowOf(row(3)).isSelected).toBe(true)
    run.actor.send({ type: 'selection.all' })
    expect(run.api().table.selection).toMatchObject({ isPartlySelected: false, text: 'Выбрано: 2' })
    expect(run.api().table.selection.getSelectAllProps().checked).toBe(true)
    expect(run.api().table.selection.actions[1]).toMatchObject({ href: '/api/orderExport/?ids=1,3' })

    run.actor.send({ type: 'order.toggleDetail', id: 1 })
    const open = run.api().table
    expect(open.getExpandProps(row(1))).toMatchObject({ 'aria-expanded': true, 'aria-controls': 'order-detail-1', 'aria-label': 'Состав заказа № 1' })
    expect(open.detailOf(1)?.id).toBe('detail-1')
    expect(open.detailOf(3)).toBeUndefined()

    expect(open.getRepeatProps(row(1))).toMatchObject({ isDisabled: false, 'aria-label': 'Повторить заказ № 1' })
    expect(open.getCancelProps(row(1))).toMatchObject({ isDisabled: false, 'aria-label': 'Отменить заказ № 1' })
    open.selection.getSelectAllProps().onChange()
    open.selection.getRowCheckboxProps(1).onChange()
    open.getExpandProps(row(1)).onClick()
    open.selection.getClearProps().onPress()
    const repeatSelected = open.selection.actions[0]
    if (repeatSelected?.kind === 'button') repeatSelected.onPress()
    open.getRepeatProps(row(1)).onPress()
    open.getCancelProps(row(1)).onPress()
    expect(run.sent).toEqual([
      { type: 'selection.all' },
      { type: 'selection.toggle', id: 1 },
      { type: 'order.toggleDetail', id: 1 },
      { type: 'selection.clear' },
      { type: 'selection.repeat' },
      { type: 'order.repeat', order: row(1) },
      { type: 'order.cancel', order: row(1) },
    ])
    run.actor.send({ type: 'order.cancel', order: row(1) })
    expect(run.api().table.getRepeatProps(row(1)).isDisabled).toBe(true)
    expect(run.api().dialog.kind).toBe('codeLoading')
    run.actor.stop()
  })

  it('statusNoteOf: the status only where it says more than the state', () => {
    expect(statusNoteOf('Новый', 'Новый')).toBeNull()
    expect(statusNoteOf('Новый', ' новый. ')).toBeNull()
    expect(statusNoteOf('Новый', '')).toBeNull()
    expect(statusNoteOf('Новый', 'Новый, ожидает подтверждения менеджером')).toBe('Новый, ожидает подтверждения менеджером')
    expect(statusNoteOf('Отменён', ' Отменён 24.11.2026: дубль заказа ')).toBe('Отменён 24.11.2026: дубль заказа')
  })

  it('the dialog waits for its code, then names the child that runs: cancel, repeat, or none', async () => {
    const run = ordersActor()
    run.poll.next({ type: 'poll.data', data: TWO })
    expect(run.api().dialog).toEqual({ kind: 'none' })
    run.actor.send({ type: 'order.cancel', order: row(1) })
    expect(run.api().dialog).toEqual({ kind: 'codeLoading', label: 'Открываем действие с заказом…' })
    run.fake.current('loadOrderActionCode').done(undefined)
    await flush()
    const cancel = run.api().dialog
    if (cancel.kind !== 'cancel') throw new Error('expected the cancel dialog')
    expect(cancel.actor.id).toBe('orderCancel')
    cancel.actor.send({ type: 'dialog.close' })
    expect(run.api().dialog).toEqual({ kind: 'none' })
    run.actor.send({ type: 'order.repeat', order: row(1) })
    run.fake.current('loadOrderActionCode').done(undefined)
    await flush()
    const repeat = run.api().dialog
    expect(repeat.kind === 'repeat' && repeat.actor.id).toBe('orderRepeat')
    run.actor.stop()
  })

  it("the code's failure says so, and «Закрыть» leaves the order as it was", async () => {
    const run = ordersActor()
    run.poll.next({ type: 'poll.data', data: TWO })
    run.actor.send({ type: 'order.repeat', order: row(1) })
    run.fake.current('loadOrderActionCode').fail(new Error('Failed to fetch dynamically imported module'))
    await flush()
    const failed = run.api().dialog
    if (failed.kind !== 'codeFailed') throw new Error('expected the failure')
    expect(failed.text).toBe('Не удалось открыть действие с заказом. Проверьте соединение и попробуйте ещё раз.')
    expect(run.api().table.getCancelProps(row(1)).isDisabled).toBe(true)
    failed.onClose()
    expect(run.sent).toEqual([{ type: 'orderAction.close' }])
    run.actor.send({ type: 'orderAction.close' })
    expect([run.api().dialog, run.api().table.getCancelProps(row(1)).isDisabled]).toEqual([{ kind: 'none' }, false])
    run.actor.stop()
  })

  it('the state it reads compares shallowly: equal for the same snapshot, and a countdown tick changes nothing', () => {
    const run = ordersActor()
    run.poll.next({ type: 'poll.data', data: TWO })
    const first = ordersStateOf(run.snapshot())
    run.ticks.next(298_000)
    const second = ordersStateOf(run.snapshot())
    for (const key of Object.keys(first) as (keyof typeof first)[]) expect(second[key]).toBe(first[key])
    run.actor.stop()
  })
})

describe('order detail', () => {
  it('loading, then the facts it has and the lines; a failure offers detail.retry', async () => {
    const run = ordersActor()
    run.poll.next({ type: 'poll.data', data: TWO })
    run.actor.send({ type: 'order.toggleDetail', id: 41 })
    run.actor.send({ type: 'order.toggleDetail', id: 1 })
    const detail = orderDetailOf(run.snapshot(), 1)
    if (!detail) throw new Error('expected the detail child')
    const sent: { type: 'detail.retry' }[] = []
    const api = () => connectOrderDetail(orderDetailStateOf(detail.getSnapshot()), (event) => sent.push(event))
    expect(orderDetailViewOf(detail.getSnapshot())).toBe('loading')
    expect(api()).toMatchObject({ body: 'loading', loadingLabel: 'Загрузка состава заказа…', facts: [], lines: [] })
    run.fake.current('loadDetail').fail(new ApiCallError('Заказ не найден', 404))
    await flush()
    expect(orderDetailViewOf(detail.getSnapshot())).toBe('failed')
    const retry = api().getRetryProps()
    expect(retry).toMatchObject({ title: 'Не удалось загрузить состав заказа', message: 'Заказ не найден' })
    retry.onRetry()
    expect(sent).toEqual([{ type: 'detail.retry' }])
    detail.send({ type: 'detail.retry' })
    run.fake.current('loadDetail').done(DETAIL)
    await flush()
    expect(orderDetailViewOf(detail.getSnapshot())).toBe('loaded')
    expect(api()).toMatchObject({
      body: 'loaded',
      linesLabel: 'Состав заказа № 1',
      lines: DETAIL.lines,
      contract: '1',
      facts: [
        { term: 'Доставка', value: 'Доставка транспортной компанией, ПЭК' },
        { term: 'Регион', value: 'Москва и Московская область' },
        { term: 'Комментарий', value: 'Позвонить заранее' },
      ],
    })
    run.actor.stop()
  })

  it('a delivery that names neither method nor company reads «не указана»', () => {
    const bare = { ...DETAIL, comment: '', delivery: { method: '', company: '', region: '', address: 'ул. Лесная, 5', consignee: '' } }
    expect(connectOrderDetail({ view: 'loaded', id: 41, detail: bare, errorMessage: null }, () => {}).facts).toEqual([
      { term: 'Доставка', value: 'не указана' },
      { term: 'Адрес', value: 'ул. Лесная, 5' },
    ])
  })
})

describe('order dialogs', () => {
  const cancelActor = () => {
    const fake = createFakeActors({ cancelOrder: 'promise' })
    const actor = createActor(orderCancelMachine.provide({ actors: fake.logic }), { input: { order: ORDER } }).start()
    const sent: unknown[] = []
    return { actor, fake, sent, api: () => connectOrderCancel(orderCancelStateOf(actor.getSnapshot()), (event) => sent.push(event)) }
  }

  it('cancel: the question with the sum and status, busy while the call runs, then the refusal', async () => {
    const run = cancelActor()
    expect(orderCancelStepOf(run.actor.getSnapshot())).toBe('confirming')
    const confirm = run.api()
    if (confirm.kind !== 'confirm') throw new Error('expected the question')
    expect(confirm).toMatchObject({ title: 'Отменить заказ № 41?', isBusy: false })
    expect(confirm.text).toMatch(/^18\s450,00\s₽, товаров: 3\. Новый, ожидает подтверждения менеджером$/)
    expect(confirm.getKeepProps().isDisabled).toBe(false)
    const form = new FormData()
    form.set('comment', 'дубль')
    confirm.confirm(form)
    confirm.getKeepProps().onPress()
    expect(run.sent).toEqual([{ type: 'cancel.confirm', comment: 'дубль' }, { type: 'dialog.close' }])
    expect(confirm.onClose).toBeTypeOf('function')
    run.actor.send({ type: 'cancel.confirm', comment: 'дубль' })
    expect(orderCancelStepOf(run.actor.getSnapshot())).toBe('cancelling')
    const busy = run.api()
    expect(busy).toMatchObject({ kind: 'confirm', isBusy: true, onClose: undefined })
    expect(busy.kind === 'confirm' && busy.getKeepProps().isDisabled).toBe(true)
    run.fake.current('cancelOrder').fail(new ApiCallError(CANCEL_REFUSED, 409))
    await flush()
    expect(orderCancelStepOf(run.actor.getSnapshot())).toBe('failed')
    expect(run.api()).toMatchObject({ kind: 'failed', title: 'Заказ не отменён', text: CANCEL_REFUSED })
  })

  it('cancel: an empty comment is sent as ""', () => {
    const run = cancelActor()
    const confirm = run.api()
    if (confirm.kind === 'confirm') confirm.confirm(new FormData())
    expect(run.sent).toEqual([{ type: 'cancel.confirm', comment: '' }])
  })

  const repeatActor = () => {
    const fake = createFakeActors({ repeatOrder: 'promise' })
    const actor = createActor(orderRepeatMachine.provide({ actors: fake.logic, actions: { notifyBasketChanged: () => {} } }), {
      input: { order: ORDER },
    }).start()
    const sent: unknown[] = []
    return { actor, fake, sent, api: () => connectOrderRepeat(orderRepeatStateOf(actor.getSnapshot()), (event) => sent.push(event)) }
  }

  it('repeat: the loader, then the count added and the lines short of stock, each with what went in', async () => {
    const run = repeatActor()
    expect(orderRepeatStepOf(run.actor.getSnapshot())).toBe('repeating')
    expect(run.api()).toEqual({ kind: 'loading', label: 'Заказ добавляется в корзину…' })
    run.fake.current('repeatOrder').done(ADDED)
    await flush()
    expect(orderRepeatStepOf(run.actor.getSnapshot())).toBe('added')
    const added = run.api()
    expect(added).toMatchObject({
      kind: 'repeated',
      title: 'Заказ добавлен в корзину',
      text: 'Добавлено товаров - 2 шт.',
      toBasket: true,
      shortTitle: 'Не хватило свободного остатка на складе:',
      shortLines: [
        { key: '12-1', name: 'Бур SDS-plus 8×160 мм', text: '(арт. BS-8160): добавлено 2 из 3 шт.' },
        { key: '11-1', name: 'Перфоратор SDS-plus 800 Вт', text: '(арт. PF-800): не добавлен — свободного остатка нет, нужно 4 шт.' },
      ],
    })
    if (added.kind === 'repeated') added.onClose()
    expect(run.sent).toEqual([{ type: 'dialog.close' }])
  })

  it('repeat: none in stock (no list of short lines), or the failure', async () => {
    const none = repeatActor()
    none.fake.current('repeatOrder').done(NO_STOCK)
    await flush()
    expect(orderRepeatStepOf(none.actor.getSnapshot())).toBe('noStock')
    expect(none.api()).toMatchObject({
      kind: 'repeated',
      title: 'Нет в наличии',
      text: 'Невозможно повторить заказ. Товаров нет в наличии!',
      toBasket: false,
      shortLines: [],
    })
    const failed = repeatActor()
    failed.fake.current('repeatOrder').fail(new ApiCallError(REPEAT_FAILED, 404))
    await flush()
    expect(orderRepeatStepOf(failed.actor.getSnapshot())).toBe('failed')
    expect(failed.api()).toMatchObject({ kind: 'failed', title: 'Заказ не повторён', text: REPEAT_FAILED })
  })
})
