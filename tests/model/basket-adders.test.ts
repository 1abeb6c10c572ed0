import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { addToBasketMachine, type AddToBasketInput } from '../../src/machines/add-to-basket.machine'
import { ADDER_CODE_MESSAGES } from '../../src/machines/add-to-basket-messages'
import { ADDERS_KEPT, adderCodeStatusOf, basketAddersMachine, type AdderKey, type BasketAddersContext } from '../../src/machines/basket-adders.machine'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const input = (productId: number): AddToBasketInput => ({ productId, warehouse: 1, available: 5, contract: '101' })
const touch = (key: AdderKey, productId = 7, event: { type: 'quantity.increment' } | { type: 'basket.add' } = { type: 'quantity.increment' }) =>
  ({ type: 'adder.send', key, input: input(productId), event }) as const

const cases: EventCases = {
  'adder.send': [touch('adder a'), touch('adder b', 8)],
  // the adders' code arriving, or not (it is not in the first load)
  'xstate.done.actor.loadAdderCode': [{ type: 'xstate.done.actor.loadAdderCode' }],
  'xstate.error.actor.loadAdderCode': [{ type: 'xstate.error.actor.loadAdderCode', error: new Error('Failed to fetch dynamically imported module') }],
}
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as BasketAddersContext
const waitingOf = (snapshot: AnyMachineSnapshot) => [...new Set(contextOf(snapshot).waiting.map((each) => each.key))].sort().join(',')

// the state and the keys before and after (touching running controls again is a step of its own, and
// so is a touch after the code did not come), and which controls wait for the code (as a set:
// touching them again while they wait is no new vertex)
const serializeState = (snapshot: AnyMachineSnapshot, _event: unknown, prev?: AnyMachineSnapshot) =>
  `${prev ? `${JSON.stringify(prev.value)} ${contextOf(prev).keys.join(',')}` : '-'} → ${JSON.stringify(snapshot.value)} ${contextOf(snapshot).keys.join(',')} waiting ${waitingOf(snapshot)}`

const adderKeysOf = (snapshot: AnyMachineSnapshot) => Object.keys(snapshot.children).filter((id) => id.startsWith('adder '))

describeMachinePaths(basketAddersMachine, {
  cases,
  serializeState,
  assertStep: (snapshot) => {
    // an adder runs exactly for each key touched; no touch waits once the code is there
    const { keys, waiting } = contextOf(snapshot)
    expect(adderKeysOf(snapshot).sort()).toEqual([...keys].sort())
    if (snapshot.matches('running')) expect(waiting).toEqual([])
  },
  expectFullCoverage: false,
  report: false,
})

// when as many adders run as may: with room for one, the walk above reaches it in two touches
describeMachinePaths(basketAddersMachine, { cases: { ...cases, 'adders.retry': [{ type: 'adders.retry' }] }, serializeState, input: { kept: 1 } })

describe('basket adders', () => {
  /** The adders with their code loaded when `code` resolves (at once by default); the add call never answers. */
  const start = (code: Promise<void> = Promise.resolve()) =>
    createActor(
      basketAddersMachine.provide({
        actors: {
          addToBasket: addToBasketMachine.provide({ actors: { addLine: fromPromise(() => new Promise(() => undefined)) } }),
          loadAdderCode: fromPromise(() => code),
        },
      }),
      { input: {} },
    ).start()
  const started = async (code?: Promise<void>) => {
    const adders = start(code)
    await code
    await Promise.resolve()
    return adders
  }
  /** A promise and the calls that settle it. */
  const settled = () => {
    let resolve = () => {}
    let reject: (error: Error) => void = () => {}
    const promise = new Promise<void>((done, fail) => {
      resolve = done
      reject = fail
    })
    return { promise, resolve, reject }
  }

  it('starts an adder on the first touch, gives it the event, and keeps it for the next', async () => {
    const adders = await started()
    expect(adders.getSnapshot().value).toBe('running')
    adders.send(touch('adder a'))
    const adder = adders.getSnapshot().children['adder a']
    expect(adder?.getSnapshot().context).toMatchObject({ productId: 7, quantityText: '2' })
    adders.send(touch('adder a'))
    expect(adders.getSnapshot().children['adder a']).toBe(adder)
    expect(adder?.getSnapshot().context.quantityText).toBe('3')
    adders.stop()
  })

  it('tells a running adder the free quantity the controls show before the event (issue 21, item 8)', async () => {
    const adders = await started()
    adders.send(touch('adder a'))
    adders.send(touch('adder a'))
    adders.send(touch('adder a'))
    const adder = adders.getSnapshot().children['adder a']
    // "+" stopped at the 5 free
    expect(adder?.getSnapshot().context.quantityText).toBe('4')
    // the basket took 4 of them meanwhile: the controls show 1 free, and «В корзину» checks against it
    adders.send({ type: 'adder.send', key: 'adder a', input: { ...input(7), available: 1 }, event: { type: 'basket.add' } })
    expect(adder?.getSnapshot().matches({ editing: 'overStock' })).toBe(true)
    expect(adder?.getSnapshot().context).toMatchObject({ available: 1, quantityText: '1' })
    adders.stop()
  })

  it(`keeps at most ${ADDERS_KEPT} adders: the one touched longest ago stops`, async () => {
    const adders = await started()
    for (let index = 0; index <= ADDERS_KEPT; index++) adders.send(touch(`adder ${index}`, index + 1))
    const { children, context } = adders.getSnapshot()
    expect(adderKeysOf(adders.getSnapshot())).toHaveLength(ADDERS_KEPT)
    expect(children['adder 0']).toBeUndefined()
    expect(context.keys.at(-1)).toBe(`adder ${ADDERS_KEPT}`)
    adders.stop()
  })

  it('keeps a click on «В корзину» made while the code loads: the controls wait, and the line is added once it is there', async () => {
    const code = settled()
    const adders = start(code.promise)
    adders.send(touch('adder a', 7, { type: 'basket.add' }))
    adders.send(touch('adder b', 8))
    expect(adders.getSnapshot().value).toBe('loadingCode')
    expect(adders.getSnapshot().children['adder a']).toBeUndefined()
    expect(adderCodeStatusOf(adders.getSnapshot(), 'adder a')).toBe('loading')
    expect(adderCodeStatusOf(adders.getSnapshot(), 'adder c')).toBeNull()

    code.resolve()
    await code.promise
    await Promise.resolve()
    const snapshot = adders.getSnapshot()
    expect(snapshot.value).toBe('running')
    expect(snapshot.context).toMatchObject({ keys: ['adder a', 'adder b'], waiting: [] })
    // the click that waited is the add call now running
    expect(snapshot.children['adder a']?.getSnapshot().matches('adding')).toBe(true)
    expect(snapshot.children['adder b']?.getSnapshot().context.quantityText).toBe('2')
    expect(adderCodeStatusOf(snapshot, 'adder a')).toBeNull()
    adders.stop()
  })

  it('says the code did not come under the controls whose click waits, and «Повторить» adds the line once it comes', async () => {
    const failed = settled()
    let loads = 0
    const again = settled()
    const adders = createActor(
      basketAddersMachine.provide({
        actors: {
          addToBasket: addToBasketMachine.provide({ actors: { addLine: fromPromise(() => new Promise(() => undefined)) } }),
          loadAdderCode: fromPromise(() => (++loads === 1 ? failed.promise : again.promise)),
        },
      }),
      { input: {} },
    ).start()
    adders.send(touch('adder a', 7, { type: 'basket.add' }))
    failed.reject(new Error('Failed to fetch dynamically imported module'))
    await failed.promise.catch(() => undefined)
    await Promise.resolve()
    expect(adders.getSnapshot().value).toBe('codeFailed')
    expect(adderCodeStatusOf(adders.getSnapshot(), 'adder a')).toBe('failed')
    expect(ADDER_CODE_MESSAGES.failed).toBe('Не удалось подготовить добавление в корзину. Проверьте соединение и попробуйте ещё раз.')

    adders.send({ type: 'adders.retry' })
    expect(adderCodeStatusOf(adders.getSnapshot(), 'adder a')).toBe('loading')
    again.resolve()
    await again.promise
    await Promise.resolve()
    expect(loads).toBe(2)
    expect(adders.getSnapshot().children['adder a']?.getSnapshot().matches('adding')).toBe(true)
    adders.stop()
  })

  it('loads the code again on a touch after a load no touch waited for failed', async () => {
    let loads = 0
    const adders = createActor(
      basketAddersMachine.provide({
        actors: {
          addToBasket: addToBasketMachine.provide({ actors: { addLine: fromPromise(() => new Promise(() => undefined)) } }),
          loadAdderCode: fromPromise(async () => {
            if (++loads === 1) throw new Error('offline')
          }),
        },
      }),
      { input: {} },
    ).start()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(adders.getSnapshot().value).toBe('codeFailed')
    // nobody touched any controls: nothing says so
    expect(adderCodeStatusOf(adders.getSnapshot(), 'adder a')).toBeNull()
    adders.send(touch('adder a'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(loads).toBe(2)
    expect(adders.getSnapshot().children['adder a']?.getSnapshot().context.quantityText).toBe('2')
    adders.stop()
  })
})
