import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { BasketTableInit, PlaceOrderOutcome, PlaceOrderRequest } from '../../src/contract/delivery'
import { checkoutMachine, placeOrderRequest, type CheckoutContext } from '../../src/machines/checkout.machine'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const OPTIONS: BasketTableInit = {
  delivery_methods: [
    { id: '1', header: 'Самовывоз со склада', needsCompany: false, isPickup: true },
    { id: '2', header: 'Доставка по городу', needsCompany: false, isPickup: false },
    { id: '3', header: 'Доставка транспортной компанией', needsCompany: true, isPickup: false },
  ],
  delivery_companies: [{ id: '1', header: 'ПЭК' }],
  regions: [{ id: '1', header: 'Москва и Московская область' }],
  addresses: [
    { id: 7, full_address: 'г. Москва, ул. Лесная, д. 5', postindex: '125047' },
    { id: 8, full_address: 'г. Химки, ул. Заводская, д. 1', postindex: '141400' },
  ],
  consignees: [{ id: 3, surname: 'Петров', name: 'Пётр' }],
}
const ORDER = { id: 4101, state: 1, status: 'Новый', contract: '1', sum: 1_000, count: 2, created_at: '2026-11-24T09:00:00.000Z' }
const SHORTAGE = { line_id: 1, product_id: 501, wms: 1, header: 'Товар 1', articul: 'ART-1', requested: 3, available: 1 }

const cases: EventCases = {
  'xstate.done.actor.loadOptions': [{ type: 'xstate.done.actor.loadOptions', output: OPTIONS }],
  'xstate.error.actor.loadOptions': [{ type: 'xstate.error.actor.loadOptions', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }],
  // complete (pickup), complete (a company and an address), and the default method without them
  'delivery.change': [
    { type: 'delivery.change', patch: { method: '1' } },
    { type: 'delivery.change', patch: { method: '3', company: '1', addressId: 7 } },
  ],
  // the basket has saved the quantities typed before «Оформить заказ»
  'xstate.done.actor.awaitBasketSaved': [{ type: 'xstate.done.actor.awaitBasketSaved' }],
  'xstate.done.actor.placeOrder': [
    { type: 'xstate.done.actor.placeOrder', output: { outcome: 'placed', order: ORDER, basket: { count: 0, sum: 0 } } satisfies PlaceOrderOutcome },
    {
      type: 'xstate.done.actor.placeOrder',
      output: { outcome: 'shortage', shortages: [SHORTAGE], basket: { count: 1, sum: 100 } } satisfies PlaceOrderOutcome,
    },
  ],
  'xstate.error.actor.placeOrder': [{ type: 'xstate.error.actor.placeOrder', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CheckoutContext

describeMachinePaths(checkoutMachine, {
  cases,
  input: { contract: '1' },
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    if (snapshot.matches({ editing: 'incomplete' })) expect(context.missing).toMatch(/^Выберите /)
    if (snapshot.matches('confirming')) expect(context.missing).toBeNull()
    if (snapshot.matches('placed')) expect(context.order?.id).toBe(ORDER.id)
    if (snapshot.matches({ editing: 'shortage' })) expect(context.shortages).toEqual([SHORTAGE])
    if (snapshot.matches({ editing: 'failed' }) || snapshot.matches('loadFailed')) expect(context.errorMessage).toBe(NETWORK_ERROR_MESSAGE)
  },
})

describe('checkout beyond the paths', () => {
  it('starts with the spec §9 defaults: delivery 3, type terminal, region 1', () => {
    const { form } = createActor(checkoutMachine, { input: { contract: '1' } }).getSnapshot().context
    expect(form).toMatchObject({ method: '3', type: 'terminal', region: '1' })
  })

  it('sends only what the method uses, and tells the basket after the order', async () => {
    const requests: PlaceOrderRequest[] = []
    let notified = 0
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadOptions: fromPromise(() => Promise.resolve(OPTIONS)),
          placeOrder: fromPromise(({ input }: { input: PlaceOrderRequest }) => {
            requests.push(input)
            return Promise.resolve({ outcome: 'placed', order: ORDER, basket: { count: 0, sum: 0 } } as PlaceOrderOutcome)
          }),
        },
        actions: { notifyBasketChanged: () => void notified++ },
      }),
      { input: { contract: '1' } },
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true))
    actor.send({ type: 'order.confirm' })
    expect(actor.getSnapshot().context.missing).toBe('Выберите транспортную компанию')
    actor.send({ type: 'delivery.change', patch: { method: '1', company: '1', addressId: 8, comment: 'Позвонить за час' } })
    actor.send({ type: 'order.confirm' })
    // alone, no basket has a quantity on its way: the question comes at once
    await vi.waitFor(() => expect(actor.getSnapshot().matches('confirming')).toBe(true))
    actor.send({ type: 'order.place' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('placed')).toBe(true))
    expect(requests).toEqual([
      {
        contract: '1',
        delivery: { method: '1', company: null, type: 'terminal', region: '1' },
        address_id: null,
        consignee_id: null,
        comment: 'Позвонить за час',
      },
    ])
    expect(notified).toBe(1)
    expect(placeOrderRequest(actor.getSnapshot().context).address_id).toBeNull()
  })
})
