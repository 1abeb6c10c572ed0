import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import type { BasketSummary } from '../../src/contract/account'
import type { LoadedBasket, SaveLineOutcome, SaveLineRequest } from '../../src/contract/basket'
import type { BasketTableInit } from '../../src/contract/delivery'
import type { AddToDraftRequest } from '../../src/contract/drafts'
import { awaitBasketSaved } from '../../src/machines/basket-saved'
import { BASKET_PAGE_MESSAGES } from '../../src/machines/basket-messages'
import { basketMachine, type BasketContext } from '../../src/machines/basket.machine'
import { checkoutMachine } from '../../src/machines/checkout.machine'
import { draftSaveMachine } from '../../src/machines/draft-save.machine'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { basketLine, basketOf } from '../support/basket-data'
import { dealerLineCases } from '../support/basket-paths'
import { deferred } from '../support/deferred'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

/** Line 1: 2 of 5 at warehouse 1; line 2: 1 of 3 at warehouse 2. */
const DATA = basketOf([basketLine(1, 1, 2, 5), basketLine(2, 2, 1, 3)])
const SAVED: BasketSummary = { count: 2, sum: 400 }
const A = '1'

/** pickup from the warehouse: a complete delivery with nothing to choose */
const CHECKOUT_OPTIONS: BasketTableInit = {
  delivery_methods: [{ id: '1', header: 'Самовывоз со склада', needsCompany: false, isPickup: true }],
  delivery_companies: [],
  regions: [],
  addresses: [],
  consignees: [],
}

/** the warehouse whose map the dealer opens on the basket page */
const MAP_WAREHOUSE = { id: 1, header: 'Склад Парнас' }

const cases: EventCases = {
  'map.open': [{ type: 'map.open', warehouse: MAP_WAREHOUSE }],
  'xstate.done.actor.loadBasket': [
    { type: 'xstate.done.actor.loadBasket', output: { data: DATA, unsaved: {} } satisfies LoadedBasket },
    // a field typed before a reload goes to the server once loaded
    { type: 'xstate.done.actor.loadBasket', output: { data: DATA, unsaved: { [A]: '4' } } satisfies LoadedBasket },
  ],
  'xstate.error.actor.loadBasket': [{ type: 'xstate.error.actor.loadBasket', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }],
  'xstate.done.actor.reloadBasket': [{ type: 'xstate.done.actor.reloadBasket', output: { data: DATA, unsaved: {} } satisfies LoadedBasket }],
  'xstate.error.actor.reloadBasket': [{ type: 'xstate.error.actor.reloadBasket', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }],
  // line.input (within the stock, over it (5), zero, not a number), line.commit, line.step, line.remove
  ...dealerLineCases(A, '9'),
  'xstate.done.actor.saveLine': [
    { type: 'xstate.done.actor.saveLine', output: { outcome: 'saved', basket: SAVED } satisfies SaveLineOutcome },
    { type: 'xstate.done.actor.saveLine', output: { outcome: 'overStock', available: 2 } satisfies SaveLineOutcome },
  ],
  'xstate.error.actor.saveLine': [{ type: 'xstate.error.actor.saveLine', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }],
  'xstate.done.actor.clearBasket': [{ type: 'xstate.done.actor.clearBasket', output: { basket: { count: 0, sum: 0 } } }],
  'xstate.error.actor.clearBasket': [{ type: 'xstate.error.actor.clearBasket', error: new ApiCallError('Корзина занята', 409) }],
  'basket.contract': [
    { type: 'basket.contract', contract: '2' },
    { type: 'basket.contract', contract: '1' },
  ],
  'basket.overStock': [{ type: 'basket.overStock', lineId: A }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as BasketContext

/** What the guards read: the queue's length, line 1's field against its stock, and whether it is still there. */
const factsOf = (context: BasketContext) => {
  const line = context.data?.products[A]
  const text = context.texts[A]
  const kind = !line ? 'gone' : text === String(line.qnt) ? 'saved' : Number(text) > line.product.quantity ? 'over' : 'typed'
  return `queue=${Math.min(context.queue.length, 2)} line=${kind} contract=${context.contract}`
}

const serializeState = (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) =>
  `${defaultSerializeState(snapshot, event, prev)} ${factsOf(contextOf(snapshot))}`

// The page region (checkout and draft saving while the basket page is shown) is walked on its own:
// with every quantity edit beside it the graph would double. Both walks count towards one coverage.
const NO_PAGE_EVENTS: EventCases = { 'page.shown': [], 'page.hidden': [], 'map.open': [], 'map.close': [] }
const NO_LINE_EDITS: EventCases = Object.fromEntries(
  [...Object.keys(dealerLineCases(A, '9')), 'basket.clear', 'basket.overStock', 'notice.dismiss'].map((type) => [type, []]),
)

describeMachinePaths(basketMachine, {
  cases: { ...cases, ...NO_LINE_EDITS },
  serializeState,
  input: { contract: '1' },
  assertStep: (snapshot) => {
    const children = (snapshot as AnyMachineSnapshot).children as Record<string, unknown>
    // the checkout and draft saving run exactly while the page is shown, for the basket's contract
    const shown = snapshot.matches({ ready: { page: 'shown' } })
    expect([children.checkout !== undefined, children.draftSave !== undefined]).toEqual([shown, shown])
    // a warehouse's map runs exactly while its modal is open on the shown page
    const map = snapshot.matches({ ready: { page: { shown: 'map' } } })
    expect(children.warehouseMap !== undefined).toBe(map)
    expect(contextOf(snapshot).mapWarehouse).toEqual(map ? MAP_WAREHOUSE : null)
  },
  expectFullCoverage: false,
  report: false,
})

describeMachinePaths(basketMachine, {
  cases: { ...cases, ...NO_PAGE_EVENTS },
  serializeState,
  input: { contract: '1' },
  limit: 20_000,
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    // a field never shows a leading zero or anything but digits
    for (const text of Object.values(context.texts)) expect(text).toMatch(/^(0|[1-9]\d*)?$/)
    // nothing more than the warehouse holds is ever queued
    for (const edit of context.queue) {
      const line = context.data?.products[edit.lineId]
      if (line) expect(edit.qnt).toBeLessThanOrEqual(line.product.quantity)
    }
    if (snapshot.matches('loadFailed')) expect(context.errorMessage).toBe(NETWORK_ERROR_MESSAGE)
    if (snapshot.matches({ ready: { sync: 'saveFailed' } })) expect(context.errorMessage).toBe(NETWORK_ERROR_MESSAGE)
    if (snapshot.matches({ ready: { notice: 'overStock' } })) expect(context.overStockLine).toBe(A)
    if (snapshot.matches({ ready: { sync: 'idle' } })) expect(context.queue).toEqual([])
  },
})

describe('basket beyond the paths', () => {
  const start = (save: (request: SaveLineRequest) => Promise<SaveLineOutcome>, unsaved: Record<string, string> = {}) => {
    const requests: SaveLineRequest[] = []
    const persisted: Record<string, string>[] = []
    const actor = createActor(
      basketMachine.provide({
        actors: {
          loadBasket: fromPromise(() => Promise.resolve({ data: DATA, unsaved })),
          saveLine: fromPromise(({ input }: { input: SaveLineRequest }) => {
            requests.push(input)
            return save(input)
          }),
        },
        actions: { persistUnsaved: (_, { unsaved: fields }) => void persisted.push(fields) },
      }),
      { input: { contract: '1' } },
    )
    actor.start()
    return { actor, requests, persisted }
  }
  const settled = async (actor: ReturnType<typeof start>['actor']) =>
    vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { sync: 'idle' } })).toBe(true))

  it('saves the typed quantity with the product, warehouse and contract; totals follow the server', async () => {
    const { actor, requests } = start(() => Promise.resolve({ outcome: 'saved', basket: { count: 2, sum: 500 } }))
    await settled(actor)
    actor.send({ type: 'line.input', lineId: A, text: '004' })
    expect(actor.getSnapshot().context.texts[A]).toBe('4')
    actor.send({ type: 'line.commit', lineId: A })
    await settled(actor)
    expect(requests).toEqual([{ contract: '1', productId: 501, wms: 1, qnt: 4 }])
    const data = actor.getSnapshot().context.data
    expect(data?.products[A]).toMatchObject({ qnt: 4, sum: 400 })
    expect([data?.qnt, data?.sum, data?.stats.count.products]).toEqual([5, 500, 2])
  })

  it('over the stock: says so, shows the stock and saves that much', async () => {
    const { actor, requests } = start(() => Promise.resolve({ outcome: 'saved', basket: SAVED }))
    await settled(actor)
    actor.send({ type: 'line.input', lineId: A, text: '9' })
    actor.send({ type: 'line.commit', lineId: A })
    expect(actor.getSnapshot().matches({ ready: { notice: 'overStock' } })).toBe(true)
    expect(actor.getSnapshot().context.texts[A]).toBe('5')
    await settled(actor)
    expect(requests.map((request) => request.qnt)).toEqual([5])
    expect(BASKET_PAGE_MESSAGES.overStock).toBe('Не достаточно свободных остатков на складе')
  })

  it('non-numeric input counts as 1; "−" never goes below 1; 0 removes the line', async () => {
    const { actor, requests } = start(() => Promise.resolve({ outcome: 'saved', basket: SAVED }))
    await settled(actor)
    actor.send({ type: 'line.input', lineId: A, text: 'abc' })
    actor.send({ type: 'line.commit', lineId: A })
    await settled(actor)
    actor.send({ type: 'line.step', lineId: A, delta: -1 })
    await settled(actor)
    actor.send({ type: 'line.input', lineId: A, text: '0' })
    actor.send({ type: 'line.commit', lineId: A })
    await settled(actor)
    expect(requests.map((request) => request.qnt)).toEqual([1, 0])
    expect(actor.getSnapshot().context.data?.products[A]).toBeUndefined()
    expect(actor.getSnapshot().context.data?.actualWms.map((warehouse) => warehouse.id)).toEqual([2])
  })

  it('a failed save rolls the line back, keeps the change for "Повторить", and the retry saves it', async () => {
    let attempts = 0
    const { actor, requests } = start(() =>
      ++attempts === 1 ? Promise.reject(new ApiCallError(NETWORK_ERROR_MESSAGE, 0)) : Promise.resolve({ outcome: 'saved', basket: SAVED }),
    )
    await settled(actor)
    actor.send({ type: 'line.input', lineId: A, text: '3' })
    actor.send({ type: 'line.commit', lineId: A })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { sync: 'saveFailed' } })).toBe(true))
    expect(actor.getSnapshot().context.texts[A]).toBe('2')
    actor.send({ type: 'basket.retry' })
    await settled(actor)
    expect(requests.map((request) => request.qnt)).toEqual([3, 3])
    expect(actor.getSnapshot().context.data?.products[A]?.qnt).toBe(3)
  })

  it('a field kept from before a reload is saved once the basket loads, and is then forgotten', async () => {
    const { actor, requests, persisted } = start(() => Promise.resolve({ outcome: 'saved', basket: SAVED }), { [A]: '4' })
    await settled(actor)
    expect(requests.map((request) => request.qnt)).toEqual([4])
    expect(persisted.at(-1)).toEqual({})
  })

  it('the server refusing for stock resets the field to what it has left and saves that', async () => {
    let attempts = 0
    const { actor, requests } = start(() => Promise.resolve(++attempts === 1 ? { outcome: 'overStock', available: 3 } : { outcome: 'saved', basket: SAVED }))
    await settled(actor)
    actor.send({ type: 'line.input', lineId: A, text: '5' })
    actor.send({ type: 'line.commit', lineId: A })
    await settled(actor)
    expect(requests.map((request) => request.qnt)).toEqual([5, 3])
    expect(actor.getSnapshot().context.data?.products[A]).toMatchObject({ qnt: 3, product: { quantity: 3 } })
  })

  it('a draft or an order asked for while a quantity is being saved waits for the save (a click that left the field is not lost)', async () => {
    const save = deferred<SaveLineOutcome>()
    const drafts: AddToDraftRequest[] = []
    const actor = createActor(
      basketMachine.provide({
        actors: {
          loadBasket: fromPromise(() => Promise.resolve({ data: DATA, unsaved: {} })),
          saveLine: fromPromise(() => save.promise),
          draftSave: draftSaveMachine.provide({
            actors: {
              readClock: fromPromise(() => Promise.resolve('2026-11-24T09:05:30.000Z')),
              awaitBasketSaved,
              saveDraft: fromPromise(({ input }: { input: AddToDraftRequest }) => {
                drafts.push(input)
                return Promise.resolve({ id: 1, header: String(input.header), count: 2, contract: '1', created_at: '2026-11-24T09:05:30.000Z' })
              }),
            },
          }),
          checkout: checkoutMachine.provide({
            actors: { loadOptions: fromPromise(() => Promise.resolve(CHECKOUT_OPTIONS)), awaitBasketSaved },
          }),
        },
      }),
      // the shell runs the basket under this systemId; its children find it there
      { input: { contract: '1', isPageShown: true }, systemId: 'basket' },
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: { sync: 'idle' } })).toBe(true))
    const { draftSave, checkout } = actor.getSnapshot().children
    await vi.waitFor(() => expect(checkout?.getSnapshot().matches({ editing: 'ready' })).toBe(true))

    // the dealer types 4, then clicks «Сохранить как черновик» and «Оформить заказ»: the field is left first
    actor.send({ type: 'line.input', lineId: A, text: '4' })
    actor.send({ type: 'line.commit', lineId: A })
    expect(actor.getSnapshot().matches({ ready: { sync: 'saving' } })).toBe(true)
    draftSave!.send({ type: 'draft.open' })
    await vi.waitFor(() => expect(draftSave!.getSnapshot().matches('editing')).toBe(true))
    draftSave!.send({ type: 'draft.save' })
    checkout!.send({ type: 'delivery.change', patch: { method: '1' } })
    checkout!.send({ type: 'order.confirm' })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(draftSave!.getSnapshot().value).toEqual({ saving: 'waitingForBasket' })
    expect(checkout!.getSnapshot().value).toBe('awaitingBasket')
    expect(drafts).toEqual([])

    // the quantity is saved: the draft goes, and the question shows the new sum
    save.resolve({ outcome: 'saved', basket: { count: 2, sum: 700 } })
    await vi.waitFor(() => expect(draftSave!.getSnapshot().matches('saved')).toBe(true))
    expect(drafts).toHaveLength(1)
    expect(checkout!.getSnapshot().value).toBe('confirming')
    expect(actor.getSnapshot().context.data?.sum).toBe(700)
    actor.stop()
  })
})
