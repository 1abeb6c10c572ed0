import { describe, expect, it } from 'vitest'
import type { Warehouse } from '../../src/contract/account'
import type { BasketTableInit, StockShortage } from '../../src/contract/delivery'
import type { PlacedOrder } from '../../src/contract/placed-order'
import { checkoutMachine, type CheckoutContext, type CheckoutEvent, type DeliveryForm } from '../../src/machines/checkout.machine'
import { checkoutNoticeOf, checkoutStepOf, checkoutViewOf, chosenMethodOf, deliveryFieldsOf } from '../../src/machines/checkout.selectors'
import { connect } from '../../src/views/cart/checkout-connect'

const OPTIONS: BasketTableInit = {
  delivery_methods: [
    { id: '1', header: 'Самовывоз со склада', needsCompany: false, isPickup: true },
    { id: '2', header: 'Доставка по городу', needsCompany: false, isPickup: false },
    { id: '3', header: 'Транспортной компанией', needsCompany: true, isPickup: false },
  ],
  delivery_companies: [{ id: '7', header: 'ПЭК' }],
  regions: [{ id: '1', header: 'Москва и Московская область' }],
  addresses: [
    { id: 11, postindex: '101000', full_address: 'Москва, ул. Лесная, 5' },
    { id: 12, postindex: '190000', full_address: 'Санкт-Петербург, Невский пр., 1' },
  ],
  consignees: [{ id: 21, surname: 'Иванов', name: 'Пётр' }],
}
const FORM: DeliveryForm = { method: '3', company: null, type: 'terminal', region: '1', addressId: null, consigneeId: null, comment: '' }
const ORDER: PlacedOrder = { id: 1042, state: 1, status: 'Новый', contract: '1', sum: 4_500, count: 2, created_at: '2026-11-24T09:00:00.000Z' }
const SHORT: StockShortage[] = [
  { line_id: 5, product_id: 505, wms: 1, header: 'Перфоратор', articul: 'PF-800', requested: 4, available: 1 },
  { line_id: 6, product_id: 506, wms: 1, header: 'Дрель', articul: 'DR-10', requested: 2, available: 0 },
]
const WAREHOUSES = [
  { id: 1, header: 'Склад Парнас' },
  { id: 2, header: 'Склад Шушары' },
] as Warehouse[]

const contextOf = (patch: Partial<CheckoutContext> = {}): CheckoutContext => ({
  contract: '1',
  options: OPTIONS,
  form: FORM,
  missing: null,
  order: null,
  shortages: [],
  errorMessage: null,
  ...patch,
})

/** The checkout in a state, with the events its view-model sends. */
function checkoutAt(value: Parameters<typeof checkoutMachine.resolveState>[0]['value'], patch: Partial<CheckoutContext> = {}) {
  const snapshot = checkoutMachine.resolveState({ value, context: contextOf(patch) })
  const sent: CheckoutEvent[] = []
  return { snapshot, sent, api: connect(snapshot, (event) => sent.push(event)) }
}

describe('checkout selectors', () => {
  it('name the view, the step and the notice of each state', () => {
    const cases = [
      ['loading', 'loading', 'editing', 'none'],
      ['loadFailed', 'loadFailed', 'editing', 'none'],
      [{ editing: 'ready' }, 'form', 'editing', 'none'],
      [{ editing: 'incomplete' }, 'form', 'editing', 'incomplete'],
      [{ editing: 'shortage' }, 'form', 'editing', 'shortage'],
      [{ editing: 'failed' }, 'form', 'editing', 'failed'],
      ['confirming', 'form', 'confirming', 'none'],
      ['placing', 'form', 'placing', 'none'],
      ['placed', 'placed', 'editing', 'none'],
    ] as const
    for (const [value, view, step, notice] of cases) {
      const { snapshot } = checkoutAt(value)
      expect([checkoutViewOf(snapshot), checkoutStepOf(snapshot), checkoutNoticeOf(snapshot)], JSON.stringify(value)).toEqual([view, step, notice])
    }
  })

  it('deliveryFieldsOf: pickup needs neither company nor address, city delivery the address, a transport company both', () => {
    const fieldsOf = (method: string) => deliveryFieldsOf(chosenMethodOf(checkoutAt({ editing: 'ready' }, { form: { ...FORM, method } }).snapshot))
    expect(fieldsOf('1')).toEqual({ company: false, address: false, pickup: true })
    expect(fieldsOf('2')).toEqual({ company: false, address: true, pickup: false })
    expect(fieldsOf('3')).toEqual({ company: true, address: true, pickup: false })
    // an unknown method (the options not loaded, or a method the server dropped) shows no method's fields
    expect(fieldsOf('99')).toEqual({ company: false, address: false, pickup: false })
    expect(deliveryFieldsOf(chosenMethodOf(checkoutAt('loading', { options: null }).snapshot))).toEqual({ company: false, address: false, pickup: false })
  })
})

describe('checkout connect', () => {
  it('the body: the form while the basket has lines; without lines only a shortage stays; the placed order wins', () => {
    expect(checkoutAt('loading', { options: null }).api.bodyFor(true)).toBe('loading')
    expect(checkoutAt('loadFailed', { options: null }).api.bodyFor(true)).toBe('loadFailed')
    expect(checkoutAt({ editing: 'ready' }).api.bodyFor(true)).toBe('form')
    expect(checkoutAt({ editing: 'ready' }).api.bodyFor(false)).toBe('none')
    expect(checkoutAt({ editing: 'shortage' }, { shortages: SHORT }).api.bodyFor(false)).toBe('shortage')
    expect(checkoutAt('placed', { order: ORDER }).api.bodyFor(false)).toBe('placed')
  })

  it('a pickup shows the warehouses to pick up from and no company or address select', () => {
    const { api } = checkoutAt({ editing: 'ready' }, { form: { ...FORM, method: '1' } })
    expect(api.fields).toEqual({ company: false, address: false, pickup: true })
    expect(api.pickupOpenersOf(WAREHOUSES)).toEqual([
      { warehouse: WAREHOUSES[0], label: 'Схема проезда: Склад Парнас' },
      { warehouse: WAREHOUSES[1], label: 'Схема проезда: Склад Шушары' },
    ])
  })

  it('a transport company shows the company, terminal type, region and address selects, and no warehouses', () => {
    const { api, sent } = checkoutAt({ editing: 'ready' })
    expect(api.fields).toEqual({ company: true, address: true, pickup: false })
    expect(api.pickupOpenersOf(WAREHOUSES)).toEqual([])
    expect(api.getCompanyProps()).toMatchObject({
      label: 'Транспортная компания',
      value: '',
      placeholder: 'Выберите компанию',
      choices: OPTIONS.delivery_companies,
    })
    expect(api.getTypeProps().choices).toEqual([
      { id: 'terminal', header: 'До терминала транспортной компании' },
      { id: 'door', header: 'До двери' },
    ])
    expect(api.getAddressProps()).toMatchObject({
      label: 'Адрес доставки',
      value: '',
      placeholder: 'Выберите адрес',
      choices: [
        { id: '11', header: '101000, Москва, ул. Лесная, 5' },
        { id: '12', header: '190000, Санкт-Петербург, Невский пр., 1' },
      ],
    })
    expect(api.getConsigneeProps()).toMatchObject({ label: 'Грузополучатель', placeholder: 'Не указан', choices: [{ id: '21', header: 'Иванов Пётр' }] })
    api.getCompanyProps().onChange('7')
    api.getCompanyProps().onChange('')
    api.getAddressProps().onChange('12')
    api.getConsigneeProps().onChange('')
    api.getTypeProps().onChange('door')
    expect(sent).toEqual([
      { type: 'delivery.change', patch: { company: '7' } },
      { type: 'delivery.change', patch: { company: null } },
      { type: 'delivery.change', patch: { addressId: 12 } },
      { type: 'delivery.change', patch: { consigneeId: null } },
      { type: 'delivery.change', patch: { type: 'door' } },
    ])
  })

  it('city delivery shows the address but no company', () => {
    const { api } = checkoutAt({ editing: 'ready' }, { form: { ...FORM, method: '2', addressId: 12 } })
    expect(api.fields).toEqual({ company: false, address: true, pickup: false })
    expect(api.getAddressProps().value).toBe('12')
  })

  it('what is missing shows only while incomplete; the shortage lists each line and says which went', () => {
    expect(checkoutAt({ editing: 'incomplete' }, { missing: 'Выберите адрес доставки' }).api.missing).toBe('Выберите адрес доставки')
    expect(checkoutAt({ editing: 'ready' }, { missing: 'Выберите адрес доставки' }).api.missing).toBeNull()
    expect(checkoutAt({ editing: 'ready' }, { shortages: SHORT }).api.shortage).toBeNull()
    expect(checkoutAt({ editing: 'shortage' }, { shortages: SHORT }).api.shortage).toEqual({
      text: 'Не достаточно свободных остатков на складе. Количество в корзине уменьшено до свободного остатка:',
      lines: [
        { key: 5, text: 'Перфоратор (PF-800): заказано 4, свободно 1' },
        { key: 6, text: 'Дрель (DR-10): заказано 2, свободно 0 — строка удалена' },
      ],
    })
  })

  it('«Оформить заказ» waits for the confirmation; the question waits for the basket; it names the method and sends place or cancel', () => {
    // whatever the basket does: the press that left a quantity field is not lost (the question waits for the save)
    const ready = checkoutAt({ editing: 'ready' })
    expect(ready.api.getPlaceButtonProps()).toMatchObject({ isDisabled: false, children: 'Оформить заказ' })
    expect(ready.api.confirmation).toBeNull()
    ready.api.getPlaceButtonProps().onPress()
    expect(ready.sent).toEqual([{ type: 'order.confirm' }])

    const awaiting = checkoutAt('awaitingBasket')
    expect(checkoutStepOf(awaiting.snapshot)).toBe('awaitingBasket')
    expect(awaiting.api.getPlaceButtonProps()).toMatchObject({ isDisabled: true, children: 'Оформить заказ' })
    expect(awaiting.api.confirmation).toBeNull()

    const confirming = checkoutAt('confirming', { form: { ...FORM, company: '7', addressId: 11 } })
    expect(confirming.api.getPlaceButtonProps().isDisabled).toBe(true)
    expect(confirming.api.confirmation).toMatchObject({
      title: 'Оформить заказ?',
      confirmLabel: 'Оформить',
      isBusy: false,
      methodTitle: 'Транспортной компанией',
    })
    confirming.api.confirmation!.onConfirm()
    confirming.api.confirmation!.onCancel()
    expect(confirming.sent).toEqual([{ type: 'order.place' }, { type: 'order.cancel' }])

    const placing = checkoutAt('placing')
    expect(placing.api.getPlaceButtonProps()).toMatchObject({ isDisabled: true, children: 'Оформление…' })
    expect(placing.api.confirmation?.isBusy).toBe(true)
  })

  it('the placed order and the failures read as the page shows them', () => {
    expect(checkoutAt('placed', { order: ORDER }).api.placed).toEqual({
      title: 'Заказ №1042 оформлен на сумму 4\u00a0500,00\u00a0₽',
      status: 'Статус: Новый. Товары зарезервированы на складе.',
      // the new order, found by its number in the orders list
      orderLink: { label: 'Перейти к заказу №1042', search: { search_doc: '1042' } },
    })
    expect(checkoutAt({ editing: 'ready' }, { order: ORDER }).api.placed).toBeNull()
    const failed = checkoutAt({ editing: 'failed' }, { errorMessage: 'Сервер временно недоступен' })
    expect(failed.api.placeFailed).toMatchObject({ title: 'Заказ не оформлен', message: 'Сервер временно недоступен' })
    failed.api.placeFailed!.onRetry()
    expect(failed.sent).toEqual([{ type: 'checkout.retry' }])
    expect(checkoutAt({ editing: 'ready' }).api.placeFailed).toBeNull()
    expect(checkoutAt('loadFailed', { options: null, errorMessage: 'Нет связи' }).api.getLoadFailedProps()).toMatchObject({
      title: 'Не удалось загрузить способы доставки',
      message: 'Нет связи',
    })
  })
})
