import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { ProductSetResponse } from '../../src/contract/product-set'
import { PRICELIST_MESSAGES, type PricelistResponse } from '../../src/contract/pricelist'
import { hasChosen, lineQuantity, stockOf, textProblem } from '../../src/machines/pricelist-rules'
import { pricelistMachine, type PricelistContext } from '../../src/machines/pricelist.machine'
import { NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { browserPaths, type BrowserPaths } from './browser-paths'
import { defaultSerializeState, type EventCases } from './path-testing'

/** What the server says when it refuses a file (400): an old binary XLS. */
export const FILE_REFUSAL = PRICELIST_MESSAGES.binaryXls

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PricelistContext

/** The real answers the replay works with: the file's and the text's (the same rows). */
export interface PricelistAnswers {
  file: PricelistResponse
  text: PricelistResponse
  /** the file's and text's rows: what the dealer chooses and pastes */
  rows: string
}

/** The line the dealer types into and steps: the answer's first product, with its free stock. */
export const firstLineOf = (answer: PricelistResponse) => {
  const product = answer.products[0]
  if (!product || stockOf(product) < 12) throw new Error('the first product of the answer needs at least 12 units free')
  return { id: String(product.id), header: product.header, stock: stockOf(product) }
}

/** The answer of addCartFromPricelist when another order took the first line's stock first. */
const refusedAdd = (answer: PricelistResponse): ProductSetResponse => {
  const product = answer.products[0]!
  return {
    basket: { count: answer.products.length - 1, sum: 0 },
    count: answer.products.length - 1,
    refused: [{ id: product.id, wms: answer.wms, header: product.header, articul: product.articul, requested: 2, available: 1 }],
  }
}

/** The first line against its stock, as the commit and step guards read it. */
export function lineKind(context: PricelistContext, id: string, stock: number): 'none' | 'ok' | 'top' | 'over' {
  const line = context.lines[id]
  if (!line) return 'none'
  const qnt = lineQuantity(line.text)
  return qnt > stock ? 'over' : qnt === stock ? 'top' : 'ok'
}

/**
 * The price-list page's generated paths and the ones /cabinet/pricelist/ replays
 * (tests/e2e/pricelist-paths.spec.ts): the model test's events (tests/model/pricelist.test.ts)
 * with the real answers of the seeded catalogue. The first product stands for the model's line
 * 11: a quantity within its stock, exactly its stock, and over it.
 */
export function pricelistBrowserPaths(answers: PricelistAnswers): BrowserPaths {
  const line = firstLineOf(answers.text)
  const lineInput = (text: string) => ({ type: 'line.input', id: line.id, text })
  const cases: EventCases = {
    'warehouse.select': [{ type: 'warehouse.select', wms: 2 }],
    // nothing chosen, an empty file, a good one
    'file.upload': [
      { type: 'file.upload', file: null },
      { type: 'file.upload', file: { name: 'empty.csv', size: 0 } },
      { type: 'file.upload', file: { name: 'order.csv', size: answers.rows.length } },
    ],
    'text.input': [
      { type: 'text.input', text: ' \n ' },
      { type: 'text.input', text: answers.rows },
    ],
    'line.toggle': [{ type: 'line.toggle', id: line.id }],
    'line.input': [lineInput('7'), lineInput(String(line.stock + 40)), lineInput(String(line.stock))],
    'line.commit': [{ type: 'line.commit', id: line.id }],
    'line.step': [
      { type: 'line.step', id: line.id, delta: 1 },
      { type: 'line.step', id: line.id, delta: -1 },
    ],
    'xstate.done.actor.uploadFile': [{ type: 'xstate.done.actor.uploadFile', output: answers.file }],
    'xstate.error.actor.uploadFile': [{ type: 'xstate.error.actor.uploadFile', error: new Error(FILE_REFUSAL) }],
    'xstate.done.actor.uploadText': [{ type: 'xstate.done.actor.uploadText', output: answers.text }],
    'xstate.error.actor.uploadText': [{ type: 'xstate.error.actor.uploadText', error: new Error(NETWORK_ERROR_MESSAGE) }],
    'xstate.done.actor.addToCart': [
      { type: 'xstate.done.actor.addToCart', output: { basket: { count: 1, sum: 0 }, count: 1, refused: [] } },
      { type: 'xstate.done.actor.addToCart', output: refusedAdd(answers.text) },
    ],
    'xstate.error.actor.addToCart': [{ type: 'xstate.error.actor.addToCart', error: new Error(NETWORK_ERROR_MESSAGE) }],
  }
  const kind = (snapshot: AnyMachineSnapshot) => lineKind(contextOf(snapshot), line.id, line.stock)
  return browserPaths(pricelistMachine, {
    cases,
    input: { contract: '0', wms: 1 },
    // the replay takes each transition of the machine's definition once
    cover: 'definition',
    /**
     * A control that is shown and enabled: «Добавить в корзину» with a line chosen. A quantity
     * typed over the stock and not yet committed is committed by the field's blur, so the only
     * next steps are the blur itself and more typing (a click elsewhere would commit first).
     */
    canCause: (event: AnyEventObject, before: AnyMachineSnapshot) => {
      if (before.matches({ choosing: 'ready' }) && kind(before) === 'over') return event.type === 'line.commit' || event.type === 'line.input'
      return event.type !== 'cart.add' || hasChosen(contextOf(before).lines)
    },
    // the model's key: the text's check, the line against its stock, whether any is chosen
    serializeState: (state, event, prev) => {
      const context = contextOf(state)
      return `${defaultSerializeState(state, event, prev)} text=${textProblem(context.text) === null} q=${kind(state)} chosen=${hasChosen(context.lines)}`
    },
  })
}
