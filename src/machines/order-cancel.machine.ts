import { assign, setup, type ActorRefFrom } from 'xstate'
import type { OrderRow } from '../contract/orders'
import type { OrderCancelledResponse } from '../contract/order-actions'
import type { CancelOrderRequest } from '../services/orders'
import { errorMessageOf, unprovidedPromise } from './machine-support'

export const ORDER_CANCEL_MESSAGES = {
  question: (id: number) => `Отменить заказ № ${id}?`,
  commentLabel: 'Причина отмены (необязательно)',
  confirm: 'Отменить заказ',
  keep: 'Не отменять',
  failed: 'Заказ не отменён',
} as const

export interface OrderCancelInput {
  order: OrderRow
}

export interface OrderCancelContext {
  order: OrderRow
  comment: string
  errorMessage: string | null
  /** the order as the server answered after the cancel */
  cancelled: OrderRow | null
}

export type OrderCancelEvent = { type: 'cancel.confirm'; comment: string } | { type: 'dialog.close' }

/** What the orders list gets back: the cancelled order, or null when the dealer kept it. */
export interface OrderCancelOutput {
  order: OrderRow | null
}

/**
 * One order's cancel (spec §2, §4): the dealer confirms, with an optional comment; the server
 * answers the order's new state and status, or refuses (e.g. an order already shipped).
 */
export const orderCancelMachine = setup({
  types: {} as { context: OrderCancelContext; events: OrderCancelEvent; input: OrderCancelInput; output: OrderCancelOutput },
  actors: { cancelOrder: unprovidedPromise<OrderCancelledResponse, CancelOrderRequest>('cancelOrder') },
  actions: {
    storeComment: assign({ comment: (_, params: { comment: string }) => params.comment.trim() }),
    storeCancelled: assign({ cancelled: (_, params: { order: OrderRow }) => params.order }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
  },
}).createMachine({
  id: 'orderCancel',
  description: 'Cancelling one order: a confirmation with an optional comment, then POST /api/order/ {id, action: "cancel", cancelComment}.',
  context: ({ input }) => ({ order: input.order, comment: '', errorMessage: null, cancelled: null }),
  initial: 'confirming',
  output: ({ context }) => ({ order: context.cancelled }),
  states: {
    confirming: {
      description: '"Отменить заказ № N?" with the order\'s sum and status, a comment field, «Отменить заказ» and «Не отменять»',
      on: {
        'cancel.confirm': {
          target: 'cancelling',
          description: 'The dealer confirms, with or without a comment',
          actions: { type: 'storeComment', params: ({ event }) => ({ comment: event.comment }) },
        },
        'dialog.close': { target: 'closed', description: 'The dealer keeps the order (the button, Escape or a click outside)' },
      },
    },
    cancelling: {
      description: 'POST /api/order/ {id, action: "cancel", cancelComment} runs; the buttons are disabled',
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ id: context.order.id, cancelComment: context.comment }),
        onDone: {
          target: 'cancelled',
          description: 'The order is cancelled: its row shows the returned state and status',
          actions: { type: 'storeCancelled', params: ({ event }) => ({ order: event.output.order }) },
        },
        onError: {
          target: 'failed',
          description: 'The server refused (its state allows no cancel, or the order is gone) or could not be reached',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: '"Заказ не отменён" with the server\'s message and «Закрыть»',
      on: { 'dialog.close': { target: 'closed', description: 'The dealer closes the message' } },
    },
    cancelled: { type: 'final', description: 'Done: the list replaces the row' },
    closed: { type: 'final', description: 'Done: nothing changed' },
  },
})

export type OrderCancelActor = ActorRefFrom<typeof orderCancelMachine>
