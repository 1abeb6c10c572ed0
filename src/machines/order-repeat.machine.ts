import { assign, setup, type ActorRefFrom } from 'xstate'
import type { BasketSummary } from '../contract/account'
import type { OrderRow } from '../contract/orders'
import type { OrderRepeatedResponse } from '../contract/order-actions'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { notifyShell } from './shell-links'

/** Spec §2 order repeat dialogs and §8, to the letter. */
export const ORDER_REPEAT_MESSAGES = {
  noStockTitle: 'Нет в наличии',
  noStockText: 'Невозможно повторить заказ. Товаров нет в наличии!',
  addedTitle: 'Заказ добавлен в корзину',
  addedText: (count: number) => `Добавлено товаров - ${count} шт.`,
  /** above the lines the stock could not cover in full (each added as far as the stock allowed) */
  shortTitle: 'Не хватило свободного остатка на складе:',
  failed: 'Заказ не повторён',
  repeating: 'Заказ добавляется в корзину…',
} as const

export interface OrderRepeatInput {
  order: OrderRow
}

export interface OrderRepeatContext {
  order: OrderRow
  repeat: OrderRepeatedResponse | null
  errorMessage: string | null
}

export type OrderRepeatEvent = { type: 'dialog.close' }

/**
 * One order's repeat (spec §2, §4): each line goes into the basket of the order's contract as far
 * as its warehouse has stock free beyond the basket; the dialog says how many lines went in and
 * lists those that were short, or that there are none. The header's summary follows.
 */
export const orderRepeatMachine = setup({
  types: {} as { context: OrderRepeatContext; events: OrderRepeatEvent; input: OrderRepeatInput },
  actors: { repeatOrder: unprovidedPromise<OrderRepeatedResponse, { id: number }>('repeatOrder') },
  guards: {
    hasAdded: ({ context }) => (context.repeat?.count ?? 0) > 0,
  },
  actions: {
    storeRepeat: assign({ repeat: (_, params: { repeat: OrderRepeatedResponse }) => params.repeat }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    /** the header's basket summary follows (provided by the app: the shell's `basket.changed` with the contract) */
    // the order's contract's basket: the shell ignores it unless that contract is selected
    notifyBasketChanged: notifyShell((params: { basket: BasketSummary; contract: string }) => ({ type: 'basket.changed', ...params })),
  },
}).createMachine({
  id: 'orderRepeat',
  description: 'Repeating one order: POST /api/order/ {id, action: "repeat"}, then the dialog with the count added.',
  context: ({ input }) => ({ order: input.order, repeat: null, errorMessage: null }),
  initial: 'repeating',
  states: {
    repeating: {
      description: 'POST /api/order/ {id, action: "repeat"} runs; the order\'s buttons are disabled',
      invoke: {
        id: 'repeatOrder',
        src: 'repeatOrder',
        input: ({ context }) => ({ id: context.order.id }),
        onDone: {
          target: 'repeated',
          description: "The goods in stock went into the basket of the order's contract: the header summary follows",
          actions: [
            { type: 'storeRepeat', params: ({ event }) => ({ repeat: event.output }) },
            { type: 'notifyBasketChanged', params: ({ context, event }) => ({ basket: event.output.basket, contract: context.order.contract }) },
          ],
        },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    repeated: {
      description: 'The repeat dialog',
      initial: 'checking',
      on: { 'dialog.close': { target: 'closed', description: 'The dealer presses «Закрыть» or Escape' } },
      states: {
        checking: {
          description: 'Decides between the two dialogs by the count added',
          always: [{ guard: 'hasAdded', target: 'added' }, { target: 'noStock' }],
        },
        added: { description: '"Заказ добавлен в корзину": "Добавлено товаров - {count} шт.", the goods short listed, «В корзину» and «Закрыть»' },
        noStock: { description: '"Нет в наличии": "Невозможно повторить заказ. Товаров нет в наличии!" and «Закрыть»' },
      },
    },
    failed: {
      description: '"Заказ не повторён" with the server\'s message and «Закрыть»',
      on: { 'dialog.close': { target: 'closed', description: 'The dealer closes the message' } },
    },
    closed: { type: 'final', description: 'Done: back to the list' },
  },
})

export type OrderRepeatActor = ActorRefFrom<typeof orderRepeatMachine>
