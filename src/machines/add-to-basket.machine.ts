import { assign, setup } from 'xstate'
import type { BasketSummary } from '../contract/account'
import type { AddLineOutcome, AddLineRequest } from '../contract/basket'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { availableQuantity, commitQuantityText, normalizeQuantityText, parseQuantity, stepQuantity } from './quantity'
import { TIMINGS } from './timings'
import { notifyShell } from './shell-links'

export interface AddToBasketInput {
  productId: number
  /** the warehouse the line is taken from (wms) */
  warehouse: number
  /**
   * what can still be added at that warehouse as the controls show it: the list's stock less what
   * the basket already holds there (issue 21, item 8); null counts as 0
   */
  available: number | null
  contract: string
}

export interface AddToBasketContext extends AddToBasketInput {
  available: number
  /** what the quantity field shows (digits, or empty while the dealer types) */
  quantityText: string
  errorMessage: string | null
}

export type AddToBasketEvent =
  | { type: 'quantity.input'; text: string }
  | { type: 'quantity.commit' }
  | { type: 'quantity.increment' }
  | { type: 'quantity.decrement' }
  | { type: 'basket.add' }
  | { type: 'basket.retry' }
  /** what the controls show as free now (the list reloaded, the basket changed): the next check uses it */
  | { type: 'stock.known'; available: number | null }

const quantityOf = (context: AddToBasketContext) => parseQuantity(context.quantityText)

/**
 * "В корзину" for one product at one warehouse (spec §4, §5, §8): the quantity stepper, the
 * checks before the call (0, more than the stock), POST /api/processBasket/, the server's own
 * stock refusal, the 'added' popup for 2.5 s, and a retry after a network failure.
 */
export const addToBasketMachine = setup({
  types: {} as {
    context: AddToBasketContext
    events: AddToBasketEvent
    input: AddToBasketInput
  },
  actors: {
    addLine: unprovidedPromise<AddLineOutcome, AddLineRequest>('addLine'),
  },
  guards: {
    isZeroQuantity: ({ context }) => quantityOf(context) === 0,
    isOverStock: ({ context }) => quantityOf(context) > context.available,
    isStockRefusal: (_, outcome: AddLineOutcome) => outcome.outcome === 'overStock',
  },
  actions: {
    storeQuantityText: assign({ quantityText: (_, params: { text: string }) => normalizeQuantityText(params.text) }),
    storeCommittedQuantity: assign({ quantityText: ({ context }) => commitQuantityText(context.quantityText) }),
    storeStep: assign({
      quantityText: ({ context }, params: { delta: 1 | -1 }) => String(stepQuantity(quantityOf(context), params.delta, context.available)),
    }),
    storeKnownStock: assign({ available: (_, params: { available: number | null }) => availableQuantity(params.available) }),
    resetQuantityToAvailable: assign({ quantityText: ({ context }) => String(context.available) }),
    storeAvailable: assign({
      available: ({ context }, outcome: AddLineOutcome) => (outcome.outcome === 'overStock' ? outcome.available : context.available),
    }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetError: assign({ errorMessage: null }),
    /**
     * provided by the app: `basket.changed` to the actor with systemId 'shell' (the header's basket
     * summary) in the app's actor system
     */
    notifyBasketChanged: notifyShell((params: { basket: BasketSummary }) => ({ type: 'basket.changed', basket: params.basket })),
  },
  delays: { addedPopup: TIMINGS.addedPopupMs },
}).createMachine({
  id: 'addToBasket',
  description: 'Quantity stepper and "В корзину" for one product at one warehouse: checks, the add call, the "added" popup.',
  context: ({ input }) => ({ ...input, available: availableQuantity(input.available), quantityText: '1', errorMessage: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The stepper and "В корзину" are enabled',
      initial: 'ready',
      on: {
        'quantity.input': {
          target: '.ready',
          description: 'The dealer types: leading zeros are stripped, anything non-numeric becomes 1',
          actions: { type: 'storeQuantityText', params: ({ event }) => ({ text: event.text }) },
        },
        'quantity.commit': {
          description: 'The dealer leaves the field: an empty field becomes 1',
          actions: 'storeCommittedQuantity',
        },
        'stock.known': {
          description: 'The controls show another free quantity (stock less what the basket holds): "+" and the check use it',
          actions: { type: 'storeKnownStock', params: ({ event }) => ({ available: event.available }) },
        },
        'quantity.increment': {
          target: '.ready',
          description: '"+": one more, never past the free quantity',
          actions: { type: 'storeStep', params: { delta: 1 } },
        },
        'quantity.decrement': {
          target: '.ready',
          description: '"−": one less, never below 1',
          actions: { type: 'storeStep', params: { delta: -1 } },
        },
        'basket.add': [
          { guard: 'isZeroQuantity', target: '.zeroQuantity', description: 'Quantity 0: nothing is sent' },
          {
            guard: 'isOverStock',
            target: '.overStock',
            description: 'More than the warehouse has free (its stock less the basket): nothing is sent, the quantity resets to that',
            actions: 'resetQuantityToAvailable',
          },
          { target: 'adding', description: 'The dealer presses "В корзину"' },
        ],
      },
      states: {
        ready: { description: 'No message is shown' },
        zeroQuantity: { description: 'Alert "Укажите количество товара"' },
        overStock: { description: 'Alert "Не достаточно свободных остатков на складе"; the field shows the free stock' },
        added: {
          description: 'Popup "Товар добавлен в корзину"; the header summary has changed',
          after: { addedPopup: { target: 'ready', description: 'The popup hides after 2.5 s' } },
        },
        failed: {
          description: '"Товар не добавлен в корзину" with the reason and "Повторить"',
          on: {
            'basket.retry': { target: '#addToBasket.adding', description: 'The dealer sends the same quantity again' },
          },
        },
      },
    },
    adding: {
      description: 'POST /api/processBasket/ runs; the stepper and button are disabled',
      entry: 'resetError',
      invoke: {
        id: 'addLine',
        src: 'addLine',
        input: ({ context }) => ({
          productId: context.productId,
          quantity: quantityOf(context),
          warehouse: context.warehouse,
          contract: context.contract,
        }),
        onDone: [
          {
            guard: { type: 'isStockRefusal', params: ({ event }) => event.output },
            target: 'editing.overStock',
            description: 'The server has less free stock (409): the quantity resets to what it can still add',
            actions: [{ type: 'storeAvailable', params: ({ event }) => event.output }, 'resetQuantityToAvailable'],
          },
          {
            target: 'editing.added',
            description: 'The line is in the basket: basket.changed goes to the shell (systemId "shell"), the header follows',
            actions: {
              type: 'notifyBasketChanged',
              // the branch above takes every stock refusal, so this outcome is 'added'
              params: ({ event }) => ({ basket: (event.output as Extract<AddLineOutcome, { outcome: 'added' }>).basket }),
            },
          },
        ],
        onError: {
          target: 'editing.failed',
          description: 'No connection or a server error',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})
