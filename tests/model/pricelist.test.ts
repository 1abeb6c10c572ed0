import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import type { BasketSummary } from '../../src/contract/account'
import type { ProductSetResponse } from '../../src/contract/product-set'
import { PRICELIST_MESSAGES, type AddCartFromPricelistRequest, type PricelistResponse } from '../../src/contract/pricelist'
import {
  PRICELIST_PAGE_MESSAGES,
  pricelistMachine,
  type PricelistContext,
  type UploadFileInput,
  type UploadTextInput,
} from '../../src/machines/pricelist.machine'
import { hasChosen, lineQuantity, textProblem } from '../../src/machines/pricelist-rules'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const ANSWER: PricelistResponse = {
  products: [
    { id: 11, header: 'Котёл газовый', articul: 'KT-11', price: 100.5, qnt: 2, selected: true, available: 10, row: 2 },
    { id: 12, header: 'Радиатор', articul: 'RD-12', price: 20, qnt: 30, selected: true, available: 4, row: 3 },
    { id: 13, header: 'Насос', articul: 'NS-13', price: 5, qnt: 1, selected: true, available: 0, row: 5 },
  ],
  unmatched: [{ row: 4, text: 'НЕТ-ТАКОГО; 3', reason: PRICELIST_MESSAGES.notFound }],
  wms: 2,
  contract: '3',
}
const BASKET: BasketSummary = { count: 2, sum: 281 }
const ADDED: ProductSetResponse = { basket: BASKET, count: 2, refused: [] }
const REFUSED: ProductSetResponse = {
  basket: { count: 1, sum: 201 },
  count: 1,
  refused: [{ id: 12, wms: 2, header: 'Радиатор', articul: 'RD-12', requested: 4, available: 1 }],
}
const BAD_FILE = new ApiCallError(PRICELIST_MESSAGES.binaryXls, 400)
const INPUT = { contract: '0', wms: 1 }

const lineInput = (text: string) => ({ type: 'line.input', id: '11', text })

const cases: EventCases = {
  'warehouse.select': [{ type: 'warehouse.select', wms: 2 }],
  // nothing chosen, an empty file, a good one
  'file.upload': [
    { type: 'file.upload', file: null },
    { type: 'file.upload', file: { name: 'empty.csv', size: 0 } },
    { type: 'file.upload', file: { name: 'order.csv', size: 120 } },
  ],
  'text.input': [
    { type: 'text.input', text: ' \n ' },
    { type: 'text.input', text: 'KT-11\t2' },
  ],
  'line.toggle': [{ type: 'line.toggle', id: '11' }],
  // within the stock, over it, and exactly the stock (a "+" then goes over)
  'line.input': [lineInput('7'), lineInput('50'), lineInput('10')],
  'line.commit': [{ type: 'line.commit', id: '11' }],
  'line.step': [
    { type: 'line.step', id: '11', delta: 1 },
    { type: 'line.step', id: '11', delta: -1 },
  ],
  'xstate.done.actor.uploadFile': [{ type: 'xstate.done.actor.uploadFile', output: ANSWER }],
  'xstate.error.actor.uploadFile': [{ type: 'xstate.error.actor.uploadFile', error: BAD_FILE }],
  'xstate.done.actor.uploadText': [{ type: 'xstate.done.actor.uploadText', output: ANSWER }],
  'xstate.error.actor.uploadText': [{ type: 'xstate.error.actor.uploadText', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }],
  'xstate.done.actor.addToCart': [
    { type: 'xstate.done.actor.addToCart', output: ADDED },
    { type: 'xstate.done.actor.addToCart', output: REFUSED },
  ],
  'xstate.error.actor.addToCart': [{ type: 'xstate.error.actor.addToCart', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PricelistContext

/** Line 11 (stock 10) against its stock: what the commit and step guards read. */
const line11Kind = (context: PricelistContext) => {
  const line = context.lines['11']
  if (!line) return 'none'
  const qnt = lineQuantity(line.text)
  return qnt > 10 ? 'over' : qnt === 10 ? 'top' : 'ok'
}

/** The guards read the text, line 11 against the stock and whether anything is chosen: those facts tell the vertices apart. */
const serializeState = (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) => {
  const context = contextOf(snapshot)
  return `${defaultSerializeState(snapshot, event, prev)} text=${textProblem(context.text) === null} q11=${line11Kind(context)} chosen=${hasChosen(context.lines)}`
}

describeMachinePaths(pricelistMachine, {
  cases,
  serializeState,
  input: INPUT,
  assertStep: (snapshot, expected) => {
    const context = contextOf(snapshot)
    expect(line11Kind(context)).toBe(line11Kind(contextOf(expected)))
    expect(hasChosen(context.lines)).toBe(hasChosen(contextOf(expected).lines))
    if (snapshot.matches({ editing: 'invalid' })) {
      expect([PRICELIST_MESSAGES.noFile, PRICELIST_MESSAGES.emptyFile, PRICELIST_MESSAGES.noText]).toContain(context.errorMessage)
    }
    if (snapshot.matches({ editing: 'failed' })) expect([BAD_FILE.message, NETWORK_ERROR_MESSAGE]).toContain(context.errorMessage)
    if (snapshot.matches('choosing') || snapshot.matches('adding')) {
      expect(context.answer).toEqual(ANSWER)
      // the product with no stock is never chosen; the short one is cut to its stock
      expect(context.lines['13']?.selected).toBe(false)
      expect(lineQuantity(context.lines['12']?.text ?? '')).toBeLessThanOrEqual(4)
    }
    if (snapshot.matches({ choosing: 'overStock' })) {
      expect(context.overStockLine).toBe('11')
      expect(context.lines['11']?.text).toBe('10')
    }
    if (snapshot.matches('refused')) expect(context.refused).toEqual(REFUSED.refused)
    if (snapshot.matches('editing')) expect(context.answer).toBeNull()
  },
})

describe('pricelist beyond the paths', () => {
  const start = (addToCart: (request: AddCartFromPricelistRequest) => Promise<ProductSetResponse> = () => Promise.resolve(ADDED)) => {
    const calls = { files: [] as UploadFileInput[], texts: [] as UploadTextInput[], carts: [] as AddCartFromPricelistRequest[] }
    const notified: BasketSummary[] = []
    let cartOpened = 0
    const actor = createActor(
      pricelistMachine.provide({
        actors: {
          uploadFile: fromPromise(({ input }: { input: UploadFileInput }) => {
            calls.files.push(input)
            return Promise.resolve(ANSWER)
          }),
          uploadText: fromPromise(({ input }: { input: UploadTextInput }) => {
            calls.texts.push(input)
            return Promise.resolve(ANSWER)
          }),
          addToCart: fromPromise(({ input }: { input: AddCartFromPricelistRequest }) => {
            calls.carts.push(input)
            return addToCart(input)
          }),
        },
        actions: {
          notifyBasketChanged: (_, { basket }) => void notified.push(basket),
          notifyCartOpened: () => void cartOpened++,
        },
      }),
      { input: INPUT },
    ).start()
    return { actor, calls, notified, cartOpened: () => cartOpened }
  }

  it('checks the file first: nothing is sent for no file, an empty one or one over 5 МБ', () => {
    const { actor, calls } = start()
    actor.send({ type: 'file.upload', file: { name: '', size: 0 } })
    expect(actor.getSnapshot().context.errorMessage).toBe(PRICELIST_MESSAGES.noFile)
    actor.send({ type: 'file.upload', file: { name: 'order.csv', size: 0 } })
    expect(actor.getSnapshot().context.errorMessage).toBe(PRICELIST_MESSAGES.emptyFile)
    actor.send({ type: 'file.upload', file: { name: 'order.xlsx', size: 5 * 1024 * 1024 + 1 } })
    expect(actor.getSnapshot().context.errorMessage).toBe(PRICELIST_MESSAGES.fileTooLarge)
    expect(actor.getSnapshot().matches({ editing: 'invalid' })).toBe(true)
    expect(actor.getSnapshot().context.source).toBe('file')
    expect(calls.files).toEqual([])
  })

  it('sends the chosen file with the contract and the chosen warehouse', async () => {
    const { actor, calls } = start()
    const file = { name: 'order.csv', size: 12 }
    actor.send({ type: 'warehouse.select', wms: 2 })
    actor.send({ type: 'file.upload', file })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('choosing')).toBe(true))
    expect(calls.files).toEqual([{ file, contract: '0', wms: 2 }])
  })

  it('sends the pasted text; then the chosen lines and quantities go to the basket, the header follows and /cart/ opens', async () => {
    const { actor, calls, notified, cartOpened } = start()
    actor.send({ type: 'text.submit' })
    expect(actor.getSnapshot().context.errorMessage).toBe(PRICELIST_MESSAGES.noText)
    actor.send({ type: 'text.input', text: 'KT-11\t2\nRD-12\t30' })
    actor.send({ type: 'text.submit' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('choosing')).toBe(true))
    expect(calls.texts).toEqual([{ text: 'KT-11\t2\nRD-12\t30', contract: '0', wms: 1 }])
    // 12 asked 30 with 4 free: cut to 4; 13 has none: not chosen
    expect(actor.getSnapshot().context.lines).toEqual({
      '11': { selected: true, text: '2' },
      '12': { selected: true, text: '4' },
      '13': { selected: false, text: '1' },
    })
    actor.send({ type: 'line.toggle', id: '13' })
    expect(actor.getSnapshot().context.lines['13']?.selected).toBe(false)
    actor.send({ type: 'line.input', id: '11', text: '005' })
    actor.send({ type: 'line.commit', id: '11' })
    actor.send({ type: 'line.toggle', id: '12' })
    actor.send({ type: 'cart.add' })
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'))
    // the answer's contract and warehouse, not the page's '0'
    expect(calls.carts).toEqual([{ cartList: { '11': 5 }, contract: '3', wms: 2 }])
    expect(notified).toEqual([BASKET])
    expect(cartOpened()).toBe(1)
  })

  it('lists the refused lines first and opens /cart/ only when asked', async () => {
    const { actor, notified, cartOpened } = start(() => Promise.resolve(REFUSED))
    actor.send({ type: 'file.upload', file: { name: 'order.csv', size: 12 } })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('choosing')).toBe(true))
    actor.send({ type: 'cart.add' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('refused')).toBe(true))
    expect(actor.getSnapshot().context.addedCount).toBe(1)
    expect(notified).toEqual([REFUSED.basket])
    expect(cartOpened()).toBe(0)
    actor.send({ type: 'cart.open' })
    expect(cartOpened()).toBe(1)
  })

  it('a failed add keeps the choice and says why; nothing chosen sends nothing', async () => {
    const { actor, calls } = start(() => Promise.reject(new ApiCallError(NETWORK_ERROR_MESSAGE, 0)))
    actor.send({ type: 'file.upload', file: { name: 'order.csv', size: 12 } })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('choosing')).toBe(true))
    actor.send({ type: 'lines.toggleAll' })
    actor.send({ type: 'cart.add' })
    expect(calls.carts).toEqual([])
    actor.send({ type: 'lines.toggleAll' })
    actor.send({ type: 'cart.add' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ choosing: 'failed' })).toBe(true))
    expect(actor.getSnapshot().context.errorMessage).toBe(NETWORK_ERROR_MESSAGE)
    expect(actor.getSnapshot().context.lines['11']?.selected).toBe(true)
    expect(PRICELIST_PAGE_MESSAGES.overStock).toBe('Не достаточно свободных остатков на складе')
  })
})
