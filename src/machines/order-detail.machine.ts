import { assign, setup, type ActorRefFrom } from 'xstate'
import type { OrderDetail } from '../contract/order-actions'
import { errorMessageOf, unprovidedPromise } from './machine-support'

export const ORDER_DETAIL_MESSAGES = {
  loading: 'Загрузка состава заказа…',
  failed: 'Не удалось загрузить состав заказа',
} as const

export interface OrderDetailContext {
  id: number
  detail: OrderDetail | null
  errorMessage: string | null
}

/** An expanded order's detail and composition, loaded when its row is expanded (GET /api/order/{id}/). */
export const orderDetailMachine = setup({
  types: {} as { context: OrderDetailContext; events: { type: 'detail.retry' }; input: { id: number } },
  actors: { loadDetail: unprovidedPromise<OrderDetail, { id: number }>('loadDetail') },
  actions: {
    storeDetail: assign({ detail: (_, params: { detail: OrderDetail }) => params.detail, errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
  },
}).createMachine({
  id: 'orderDetail',
  description: 'One expanded order: its delivery, comment and lines, loaded while the row is open.',
  context: ({ input }) => ({ id: input.id, detail: null, errorMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      description: '"Загрузка состава заказа…" while GET /api/order/{id}/ runs',
      invoke: {
        id: 'loadDetail',
        src: 'loadDetail',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'loaded', actions: { type: 'storeDetail', params: ({ event }) => ({ detail: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: { description: 'Delivery, comment, and the lines: product, articul, warehouse, quantity, price, sum' },
    failed: {
      description: '"Не удалось загрузить состав заказа" with the server message and «Повторить»',
      on: { 'detail.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
  },
})

export type OrderDetailActor = ActorRefFrom<typeof orderDetailMachine>
