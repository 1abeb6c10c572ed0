import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { addToBasketMachine, type AddToBasketInput } from '../../src/machines/add-to-basket.machine'
import { ADDERS_KEPT, basketAddersMachine, type BasketAddersContext } from '../../src/machines/basket-adders.machine'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const input = (productId: number): AddToBasketInput => ({ productId, warehouse: 1, available: 5, contract: '101' })
const touch = (key: string, productId = 7) => ({ type: 'adder.send', key, input: input(productId), event: { type: 'quantity.increment' } })

const cases: EventCases = { 'adder.send': [touch('row a'), touch('row b', 8)] }
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as BasketAddersContext

// the keys before and after: touching running controls again is a step of its own
const serializeState = (snapshot: AnyMachineSnapshot, _event: unknown, prev?: AnyMachineSnapshot) =>
  `${prev ? contextOf(prev).keys.join(',') : '-'} → ${contextOf(snapshot).keys.join(',')}`

describeMachinePaths(basketAddersMachine, {
  cases,
  serializeState,
  assertStep: (snapshot) => {
    // an adder runs exactly for each key touched
    const { keys } = contextOf(snapshot)
    expect(Object.keys(snapshot.children).sort()).toEqual([...keys].sort())
  },
  expectFullCoverage: false,
  report: false,
})

// when as many adders run as may: with room for one, the walk above reaches it in two touches
describeMachinePaths(basketAddersMachine, { cases, serializeState, input: { kept: 1 } })

describe('basket adders', () => {
  const start = () =>
    createActor(
      basketAddersMachine.provide({
        actors: { addToBasket: addToBasketMachine.provide({ actors: { addLine: fromPromise(() => new Promise(() => undefined)) } }) },
      }),
      { input: {} },
    ).start()

  it('starts an adder on the first touch, gives it the event, and keeps it for the next', () => {
    const adders = start()
    adders.send(touch('row a') as never)
    const adder = adders.getSnapshot().children['row a']
    expect(adder?.getSnapshot().context).toMatchObject({ productId: 7, quantityText: '2' })
    adders.send(touch('row a') as never)
    expect(adders.getSnapshot().children['row a']).toBe(adder)
    expect(adder?.getSnapshot().context.quantityText).toBe('3')
    adders.stop()
  })

  it('tells a running adder the free quantity the controls show before the event (issue 21, item 8)', () => {
    const adders = start()
    adders.send(touch('row a') as never)
    adders.send(touch('row a') as never)
    adders.send(touch('row a') as never)
    const adder = adders.getSnapshot().children['row a']
    // "+" stopped at the 5 free
    expect(adder?.getSnapshot().context.quantityText).toBe('4')
    // the basket took 4 of them meanwhile: the controls show 1 free, and «В корзину» checks against it
    adders.send({ type: 'adder.send', key: 'row a', input: { ...input(7), available: 1 }, event: { type: 'basket.add' } })
    expect(adder?.getSnapshot().matches({ editing: 'overStock' })).toBe(true)
    expect(adder?.getSnapshot().context).toMatchObject({ available: 1, quantityText: '1' })
    adders.stop()
  })

  it(`keeps at most ${ADDERS_KEPT} adders: the one touched longest ago stops`, () => {
    const adders = start()
    for (let index = 0; index <= ADDERS_KEPT; index++) adders.send(touch(`row ${index}`, index + 1) as never)
    const { children, context } = adders.getSnapshot()
    expect(Object.keys(children)).toHaveLength(ADDERS_KEPT)
    expect(children['row 0']).toBeUndefined()
    expect(context.keys.at(-1)).toBe(`row ${ADDERS_KEPT}`)
    adders.stop()
  })
})
