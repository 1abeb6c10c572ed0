import { describe, expect, it } from 'vitest'
import type { BasketData } from '../../src/contract/basket'
import { basketMachine, type BasketContext, type BasketEvent } from '../../src/machines/basket.machine'
import type { BasketSync } from '../../src/machines/basket.selectors'
import { draftSaveMachine, type DraftSaveContext, type DraftSaveEvent } from '../../src/machines/draft-save.machine'
import { draftSaveStepOf, isDraftSaveFailedOf } from '../../src/machines/draft-save.selectors'
import { warehouseMapMachine, type WarehouseMapContext } from '../../src/machines/warehouse-map.machine'
import { warehouseMapViewOf } from '../../src/machines/warehouse-map.selectors'
import { connectDraftSave, connectWarehouseMap } from '../../src/views/cart/cart-dialogs-connect'
import { cartLineStateOf, connect, connectLine, totalTextOf } from '../../src/views/cart/cart-connect'
import { basketLine, basketOf } from '../support/basket-data'

const NB = '\u00a0'

const basketContext = (data: BasketData | null, patch: Partial<BasketContext> = {}): BasketContext => ({
  contract: '1',
  data,
  texts: {},
  queue: [],
  overStockLine: null,
  errorMessage: null,
  isPageShown: true,
  isClearAsked: false,
  mapWarehouse: null,
  ...patch,
})

function cartAt(data: BasketData | null, sync: BasketSync | 'loading' | 'loadFailed' = 'idle', patch: Partial<BasketContext> = {}) {
  const value = sync === 'loading' || sync === 'loadFailed' ? sync : { ready: { sync, page: 'hidden', notice: 'none' } }
  const snapshot = basketMachine.resolveState({ value, context: basketContext(data, patch) })
  const sent: BasketEvent[] = []
  return { snapshot, sent, api: connect(snapshot, (event) => sent.push(event)) }
}

describe('cart connect', () => {
  it('the totals text for 1, 3 and 5 products', () => {
    expect(totalTextOf({ count: 1, qnt: 2, sum: 200 })).toBe(`Итого: 1 товар, 2 шт. на сумму 200,00${NB}₽`)
    expect(totalTextOf({ count: 3, qnt: 12, sum: 4_500 })).toBe(`Итого: 3 товара, 12 шт. на сумму 4${NB}500,00${NB}₽`)
    expect(totalTextOf({ count: 5, qnt: 1_200, sum: 120_000.5 })).toBe(`Итого: 5 товаров, 1${NB}200 шт. на сумму 120${NB}000,50${NB}₽`)
  })

  it('reads the totals and the warehouse groups from the basket', () => {
    const data = basketOf([basketLine(1, 1, 2, 10), basketLine(2, 2, 1, 5, 300), basketLine(3, 1, 4, 10)])
    const { api } = cartAt(data)
    expect(api.body).toBe('page')
    expect(api.hasLines).toBe(true)
    expect(api.totalText).toBe(`Итого: 3 товара, 7 шт. на сумму 900,00${NB}₽`)
    expect(api.groups.map((group) => [group.warehouse.header, group.lines.map((line) => line.id), group.sum])).toEqual([
      ['Склад Парнас', [1, 3], 600],
      ['Склад Шушары', [2], 300],
    ])
    expect(api.warehouses.map((warehouse) => warehouse.id)).toEqual([1, 2])
    expect(api.statusText).toBe('')
    expect(api.failure).toBeNull()
    expect(api.getClearButtonProps().isDisabled).toBe(false)
  })

  it('the first load, its failure, an empty basket', () => {
    expect(cartAt(null, 'loading').api.body).toBe('loading')
    const failed = cartAt(null, 'loadFailed', { errorMessage: 'Нет связи с сервером' })
    expect(failed.api.body).toBe('loadFailed')
    expect(failed.api.failure).toMatchObject({ title: 'Не удалось загрузить корзину', message: 'Нет связи с сервером' })
    failed.api.failure!.onRetry()
    expect(failed.sent).toEqual([{ type: 'basket.retry' }])
    const empty = cartAt(basketOf([]))
    expect([empty.api.body, empty.api.hasLines, empty.api.emptyText]).toEqual(['page', false, 'Корзина пуста'])
  })

  it('while the basket syncs: the status, the failures, the toolbar waiting, the clearing question', () => {
    const data = basketOf([basketLine(1, 1, 2, 10)])
    expect(cartAt(data, 'saving').api).toMatchObject({ statusText: 'Сохранение…', isBusy: true })
    expect(cartAt(data, 'refreshing').api.statusText).toBe('Обновление корзины…')
    // a click on «Очистить корзину» right after typing a quantity is not lost: it asks while the quantity saves
    expect(cartAt(data, 'saving').api.getClearButtonProps().isDisabled).toBe(false)
    expect(cartAt(data, 'refreshing').api.getClearButtonProps().isDisabled).toBe(false)
    for (const sync of ['saveFailed', 'confirmingClear', 'clearing', 'clearFailed'] as const)
      expect(cartAt(data, sync).api.getClearButtonProps().isDisabled, sync).toBe(true)
    expect(cartAt(data, 'saveFailed').api.failure?.title).toBe('Количество не сохранено')
    expect(cartAt(data, 'clearFailed').api.failure?.title).toBe('Корзина не очищена')
    const asked = cartAt(data, 'confirmingClear')
    expect(asked.api.clearDialog).toMatchObject({ title: 'Очистить корзину?', confirmLabel: 'Очистить', isBusy: false })
    asked.api.clearDialog!.onConfirm()
    asked.api.clearDialog!.onCancel()
    expect(asked.sent).toEqual([{ type: 'clear.confirm' }, { type: 'clear.cancel' }])
    const clearing = cartAt(data, 'clearing')
    expect(clearing.api).toMatchObject({ statusText: 'Очистка корзины…', clearDialog: { isBusy: true } })
    expect(cartAt(data).api.clearDialog).toBeNull()
  })

  it("a line: its typed text, the save on its way, the stock notice beside it, and the stepper's events", () => {
    const line = basketLine(7, 1, 2, 3)
    const data = basketOf([line, basketLine(8, 1, 1, 3)])
    const saving = cartAt(data, 'saving', { texts: { '7': '5' }, queue: [{ lineId: '7', qnt: 5 } as BasketContext['queue'][number]] })
    expect(cartLineStateOf(saving.snapshot, line)).toEqual({ contract: '1', text: '5', isSaving: true, isOverStock: false })
    expect(cartLineStateOf(saving.snapshot, data.products['8']!).isSaving).toBe(false)

    const over = basketMachine.resolveState({
      value: { ready: { sync: 'idle', page: 'hidden', notice: 'overStock' } },
      context: basketContext(data, { overStockLine: '7' }),
    })
    const sent: BasketEvent[] = []
    const api = connectLine(cartLineStateOf(over, line), line, (event) => sent.push(event))
    expect(api.getStepperProps()).toMatchObject({ label: 'Количество: Товар 7', value: '2' })
    expect(api.overStock?.text).toBe('Не достаточно свободных остатков на складе')
    expect(api.getRemoveProps()['aria-label']).toBe('Удалить: Товар 7')
    api.getStepperProps().onInput('4')
    api.getStepperProps().onCommit()
    // Enter in the field submits the line's form: the quantity is saved as when the field is left, and the page stays
    let prevented = 0
    api.getQuantityFormProps().onSubmit({ preventDefault: () => void prevented++ })
    expect(prevented).toBe(1)
    api.getStepperProps().onIncrement()
    api.getRemoveProps().onClick()
    api.overStock!.onClose()
    expect(sent).toEqual([
      { type: 'line.input', lineId: '7', text: '4' },
      { type: 'line.commit', lineId: '7' },
      { type: 'line.commit', lineId: '7' },
      { type: 'line.step', lineId: '7', delta: 1 },
      { type: 'line.remove', lineId: '7' },
      { type: 'notice.dismiss' },
    ])
    expect(connectLine(cartLineStateOf(over, data.products['8']!), data.products['8']!, () => {}).overStock).toBeNull()
  })
})

describe('draft saving and the warehouse map', () => {
  const draftContext = (patch: Partial<DraftSaveContext> = {}): DraftSaveContext => ({
    contract: '1',
    header: 'Корзина от 24.11.2026 12:05',
    problem: null,
    draft: null,
    errorMessage: null,
    ...patch,
  })
  const draftAt = (value: Parameters<typeof draftSaveMachine.resolveState>[0]['value'], patch: Partial<DraftSaveContext> = {}) => {
    const snapshot = draftSaveMachine.resolveState({ value, context: draftContext(patch) })
    const sent: DraftSaveEvent[] = []
    return { snapshot, sent, api: connectDraftSave(snapshot, (event) => sent.push(event)) }
  }

  it('the steps: the button alone, the dialog while typing and saving, the saved message', () => {
    expect(
      ['closed', 'opening', { editing: 'ready' }, { editing: 'failed' }, 'saving', 'saved'].map((value) => draftSaveStepOf(draftAt(value).snapshot)),
    ).toEqual(['closed', 'opening', 'editing', 'editing', 'saving', 'saved'])
    expect(isDraftSaveFailedOf(draftAt({ editing: 'failed' }).snapshot)).toBe(true)
    expect(isDraftSaveFailedOf(draftAt({ editing: 'invalid' }).snapshot)).toBe(false)

    const closed = draftAt('closed')
    expect(closed.api.dialog).toBeNull()
    expect(closed.api.saved).toBeNull()
    // also while the basket saves a quantity: the press that left the field opens the dialog (the draft waits for the save)
    expect(closed.api.getOpenButtonProps()).toMatchObject({ isDisabled: false, children: 'Сохранить как черновик' })
    closed.api.getOpenButtonProps().onPress()
    // the default name's time comes from the machine's clock, not from the view
    expect(closed.sent).toEqual([{ type: 'draft.open' }])
    // while the clock is read the button waits and no dialog shows yet
    expect(draftAt('opening').api).toMatchObject({ dialog: null, saved: null })
    expect(draftAt('opening').api.getOpenButtonProps().isDisabled).toBe(true)
    expect(draftAt('saved').api.getOpenButtonProps().isDisabled).toBe(false)

    const editing = draftAt({ editing: 'invalid' }, { header: '', problem: 'Это поле необходимо заполнить.' })
    expect(editing.api.getOpenButtonProps().isDisabled).toBe(true)
    expect(editing.api.dialog?.getFieldProps()).toMatchObject({
      label: 'Название черновика',
      value: '',
      error: 'Это поле необходимо заполнить.',
      isDisabled: false,
    })
    expect(editing.api.dialog?.getSaveButtonProps()).toMatchObject({ isDisabled: false, children: 'Сохранить' })
    expect(editing.api.dialog?.failure).toBeNull()
    editing.api.dialog!.getFieldProps().onChange('Объект')
    editing.api.dialog!.getFieldProps().onBlur()
    editing.api.dialog!.submit()
    editing.api.dialog!.onDismiss!()
    expect(editing.sent).toEqual([{ type: 'draft.change', header: 'Объект' }, { type: 'draft.blur' }, { type: 'draft.save' }, { type: 'draft.cancel' }])

    // waiting for the basket's quantities, then sending: the dialog reads «Сохранение…» throughout
    for (const value of [{ saving: 'waitingForBasket' }, { saving: 'sending' }]) {
      const saving = draftAt(value)
      expect(draftSaveStepOf(saving.snapshot)).toBe('saving')
      expect(saving.api.dialog?.getSaveButtonProps()).toMatchObject({ isDisabled: true, children: 'Сохранение…' })
      expect(saving.api.dialog?.onDismiss).toBeUndefined()
    }

    expect(draftAt({ editing: 'failed' }, { errorMessage: 'Корзина пуста' }).api.dialog?.failure).toEqual({
      title: 'Черновик не сохранён',
      message: 'Корзина пуста',
    })

    const saved = draftAt('saved', { draft: { id: 31, header: 'Объект на Лесной', count: 2, contract: '1', created_at: '2026-11-24T09:05:30.000Z' } })
    expect(saved.api.saved?.text).toBe('Черновик «Объект на Лесной» сохранён')
    saved.api.saved!.onClose()
    expect(saved.sent).toEqual([{ type: 'draft.dismiss' }])
  })

  it('the map: loading, the failure with «Повторить», or the address and picture', () => {
    const mapAt = (value: string, patch: Partial<WarehouseMapContext> = {}) =>
      warehouseMapMachine.resolveState({ value, context: { warehouseId: 1, warehouse: null, errorMessage: null, ...patch } })
    const warehouse = { id: 1, header: 'Склад Парнас', address: 'Санкт-Петербург, Парнас, 4', schedule: 'Пн–Пт 9:00–18:00', map: '/maps/1.svg' }
    expect(warehouseMapViewOf(mapAt('loading'))).toBe('loading')
    expect(warehouseMapViewOf(mapAt('failed'))).toBe('failed')
    expect(warehouseMapViewOf(mapAt('shown', { warehouse }))).toBe('shown')
    const sent: unknown[] = []
    const failed = connectWarehouseMap(mapAt('failed', { errorMessage: 'Такого склада нет' }), (event) => sent.push(event))
    expect(failed.shown).toBeNull()
    expect(failed.getFailedProps()).toMatchObject({ title: 'Не удалось загрузить схему проезда', message: 'Такого склада нет' })
    failed.getFailedProps().onRetry()
    expect(sent).toEqual([{ type: 'map.retry' }])
    expect(connectWarehouseMap(mapAt('shown', { warehouse }), () => {}).shown).toEqual({
      address: 'Санкт-Петербург, Парнас, 4',
      scheduleTitle: 'Режим работы',
      schedule: 'Пн–Пт 9:00–18:00',
      picture: { src: '/maps/1.svg', alt: 'Схема проезда к складу «Склад Парнас»: Санкт-Петербург, Парнас, 4' },
    })
  })
})
