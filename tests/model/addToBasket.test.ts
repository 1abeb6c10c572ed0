import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import type { BasketSummary } from '../../src/contract/account'
import type { AddLineOutcome, AddLineRequest } from '../../src/contract/basket'
import { addToBasketMachine, type AddToBasketContext, type AddToBasketInput } from '../../src/machines/add-to-basket.machine'
import { ADD_TO_BASKET_MESSAGES } from '../../src/machines/add-to-basket-messages'
import { parseQuantity } from '../../src/machines/quantity'
import { TIMINGS } from '../../src/machines/timings'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const INPUT: AddToBasketInput = { productId: 42, warehouse: 1, available: 10, contract: '3' }
const BASKET: BasketSummary = { count: 2, sum: 1_234.5 }
/** what the server says it can still add (some units are already in the basket) */
const SERVER_AVAILABLE = 4

const input = (text: string) => ({ type: 'quantity.input' as const, text })

const cases: EventCases = {
  // 0, within the stock, over the stock, and non-numeric (resets to 1)
  'quantity.input': [input('000'), input('007'), input('99'), input('abc')],
  // the controls show another free quantity: the basket took some (3 left), or the list reloaded with more (10)
  'stock.known': [
    { type: 'stock.known', available: 3 },
    { type: 'stock.known', available: 10 },
  ],
  'xstate.done.actor.addLine': [
    { type: 'xstate.done.actor.addLine', output: { outcome: 'added', basket: BASKET } satisfies AddLineOutcome },
    { type: 'xstate.done.actor.addLine', output: { outcome: 'overStock', available: SERVER_AVAILABLE } satisfies AddLineOutcome },
  ],
  'xstate.error.actor.addLine': [{ type: 'xstate.error.actor.addLine', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as AddToBasketContext

/** The guards read the quantity against the stock: its kind tells the vertices apart. */
const quantityKind = (context: AddToBasketContext) => {
  const qnt = parseQuantity(context.quantityText)
  return qnt === 0 ? 'zero' : qnt > context.available ? 'over' : 'ok'
}

const serializeState = (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) =>
  `${defaultSerializeState(snapshot, event, prev)} qnt=${quantityKind(contextOf(snapshot))} stock=${contextOf(snapshot).available}`

let previous: AnyMachineSnapshot | undefined

describeMachinePaths(addToBasketMachine, {
  cases,
  serializeState,
  input: INPUT,
  assertStep: (snapshot, expected, index) => {
    const context = contextOf(snapshot)
    const before = index > 0 ? previous : undefined
    previous = snapshot
    // the key merges quantities of one kind, so the kind and the stock are what must agree
    expect(quantityKind(context)).toBe(quantityKind(contextOf(expected)))
    expect(context.available).toBe(contextOf(expected).available)
    // the field never shows a leading zero
    expect(context.quantityText).toMatch(/^(0|[1-9]\d*)?$/)
    // on the refusal the field shows what was free then (a later figure from the controls waits for the next check)
    if (snapshot.matches({ editing: 'overStock' }) && !before?.matches({ editing: 'overStock' })) {
      expect(parseQuantity(context.quantityText)).toBe(context.available)
    }
    if (snapshot.matches({ editing: 'failed' })) expect(context.errorMessage).toBe(NETWORK_ERROR_MESSAGE)
  },
})

describe('addToBasket beyond the paths', () => {
  const start = (addLine: (request: AddLineRequest) => Promise<AddLineOutcome>, available: number | null = INPUT.available) => {
    const requests: AddLineRequest[] = []
    const emitted: { type: 'basket.changed'; basket: BasketSummary }[] = []
    const actor = createActor(
      addToBasketMachine.provide({
        actors: {
          addLine: fromPromise(({ input: request }: { input: AddLineRequest }) => {
            requests.push(request)
            return addLine(request)
          }),
        },
        // the app sends this to the shell by its systemId
        actions: { notifyBasketChanged: (_, { basket }) => void emitted.push({ type: 'basket.changed', basket }) },
      }),
      { input: { ...INPUT, available } },
    )
    actor.start()
    return { actor, requests, emitted }
  }

  it('sends the typed quantity with the product, warehouse and contract, and emits the new summary', async () => {
    const { actor, requests, emitted } = start(() => Promise.resolve({ outcome: 'added', basket: BASKET }))
    actor.send(input('03'))
    actor.send({ type: 'quantity.increment' })
    actor.send({ type: 'basket.add' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ editing: 'added' })).toBe(true))
    expect(requests).toEqual([{ productId: 42, quantity: 4, warehouse: 1, contract: '3' }])
    expect(emitted).toEqual([{ type: 'basket.changed', basket: BASKET }])
  })

  it('hides the "added" popup after exactly 2.5 s', async () => {
    vi.useFakeTimers()
    try {
      const { actor } = start(() => Promise.resolve({ outcome: 'added', basket: BASKET }))
      actor.send({ type: 'basket.add' })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches({ editing: 'added' })).toBe(true)
      await vi.advanceTimersByTimeAsync(TIMINGS.addedPopupMs - 1)
      expect(actor.getSnapshot().matches({ editing: 'added' })).toBe(true)
      await vi.advanceTimersByTimeAsync(1)
      expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses 0 and too many without a call, resetting to the stock', () => {
    const { actor, requests } = start(() => Promise.reject(new Error('must not be called')))
    actor.send(input('0'))
    actor.send({ type: 'basket.add' })
    expect(actor.getSnapshot().matches({ editing: 'zeroQuantity' })).toBe(true)
    actor.send(input('11'))
    actor.send({ type: 'basket.add' })
    expect(actor.getSnapshot().matches({ editing: 'overStock' })).toBe(true)
    expect(actor.getSnapshot().context.quantityText).toBe('10')
    expect(requests).toEqual([])
    expect(ADD_TO_BASKET_MESSAGES.zeroQuantity).toBe('Укажите количество товара')
    expect(ADD_TO_BASKET_MESSAGES.overStock).toBe('Не достаточно свободных остатков на складе')
  })

  it('checks against the free quantity the controls show, and "+" stops there (issue 21, item 8)', () => {
    const { actor, requests } = start(() => Promise.reject(new Error('must not be called')))
    actor.send({ type: 'stock.known', available: 2 })
    actor.send({ type: 'quantity.increment' })
    actor.send({ type: 'quantity.increment' })
    expect(actor.getSnapshot().context.quantityText).toBe('2')
    actor.send({ type: 'stock.known', available: 0 })
    actor.send({ type: 'basket.add' })
    expect(actor.getSnapshot().matches({ editing: 'overStock' })).toBe(true)
    expect(actor.getSnapshot().context.quantityText).toBe('0')
    expect(requests).toEqual([])
  })

  it('counts an unknown stock as 0: any quantity is too many and resets to 0', () => {
    const { actor, requests } = start(() => Promise.reject(new Error('must not be called')), null)
    actor.send({ type: 'basket.add' })
    expect(actor.getSnapshot().matches({ editing: 'overStock' })).toBe(true)
    expect(actor.getSnapshot().context.quantityText).toBe('0')
    expect(requests).toEqual([])
  })

  it('takes the server stock refusal: resets to what can still be added and emits nothing', async () => {
    const { actor, emitted } = start(() => Promise.resolve({ outcome: 'overStock', available: SERVER_AVAILABLE }))
    actor.send(input('8'))
    actor.send({ type: 'basket.add' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ editing: 'overStock' })).toBe(true))
    expect(actor.getSnapshot().context).toMatchObject({ quantityText: '4', available: SERVER_AVAILABLE })
    expect(emitted).toEqual([])
  })

  it('retries the same quantity after a network failure', async () => {
    let attempts = 0
    const { actor, requests } = start(() =>
      ++attempts === 1 ? Promise.reject(new ApiCallError(NETWORK_ERROR_MESSAGE, 0)) : Promise.resolve({ outcome: 'added', basket: BASKET }),
    )
    actor.send(input('2'))
    actor.send({ type: 'basket.add' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ editing: 'failed' })).toBe(true))
    actor.send({ type: 'basket.retry' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ editing: 'added' })).toBe(true))
    expect(requests.map((request) => request.quantity)).toEqual([2, 2])
    expect(actor.getSnapshot().context.errorMessage).toBeNull()
  })
})
