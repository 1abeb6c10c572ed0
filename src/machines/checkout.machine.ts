import { assign, setup, type ActorRefFrom } from 'xstate'
import {
  DELIVERY_DEFAULTS,
  DELIVERY_MESSAGES,
  type BasketTableInit,
  type DeliveryType,
  type PlaceOrderOutcome,
  type PlaceOrderRequest,
  type StockShortage,
} from '../contract/delivery'
import type { PlacedOrder } from '../contract/placed-order'
import { confirmedCall } from './confirmed-call'
import { basketAloneLogic, errorMessageOf, unprovidedPromise } from './machine-support'
import { notifySystemActor } from './shell-links'

export const CHECKOUT_MESSAGES = {
  loadFailed: 'Не удалось загрузить способы доставки',
  placeFailed: 'Заказ не оформлен',
  confirmQuestion: 'Оформить заказ?',
  overStock: DELIVERY_MESSAGES.overStock,
} as const

/** What the dealer chose in the delivery selector. */
export interface DeliveryForm {
  method: string
  company: string | null
  type: DeliveryType
  region: string
  addressId: number | null
  consigneeId: number | null
  comment: string
}

export interface CheckoutInput {
  contract: string
}

export interface CheckoutContext {
  contract: string
  options: BasketTableInit | null
  form: DeliveryForm
  /** why "Оформить заказ" cannot go yet (no address, no company) */
  missing: string | null
  order: PlacedOrder | null
  shortages: StockShortage[]
  errorMessage: string | null
}

export type CheckoutEvent =
  | { type: 'delivery.change'; patch: Partial<DeliveryForm> }
  | { type: 'order.confirm' }
  | { type: 'order.place' }
  | { type: 'order.cancel' }
  | { type: 'checkout.retry' }
  | { type: 'checkout.dismiss' }

const methodOf = (context: CheckoutContext) => context.options?.delivery_methods.find((method) => method.id === context.form.method)

/** The first thing the form lacks for the chosen method, or null when the order can go. */
export function missingChoice(context: CheckoutContext): string | null {
  const method = methodOf(context)
  if (!method) return DELIVERY_MESSAGES.badMethod
  if (method.needsCompany && !context.form.company) return DELIVERY_MESSAGES.badCompany
  if (!method.isPickup && context.form.addressId === null) return DELIVERY_MESSAGES.badAddress
  return null
}

/** The placeOrder call of the form: only what the method uses. */
export function placeOrderRequest(context: CheckoutContext): PlaceOrderRequest {
  const method = methodOf(context)
  return {
    contract: context.contract,
    delivery: {
      method: context.form.method,
      company: method?.needsCompany ? context.form.company : null,
      type: context.form.type,
      region: context.form.region,
    },
    address_id: method?.isPickup ? null : context.form.addressId,
    consignee_id: context.form.consigneeId,
    comment: context.form.comment,
  }
}

const initialForm = (): DeliveryForm => ({
  method: DELIVERY_DEFAULTS.method,
  company: null,
  type: DELIVERY_DEFAULTS.type,
  region: DELIVERY_DEFAULTS.region,
  addressId: null,
  consigneeId: null,
  comment: '',
})

/**
 * The delivery selector and order placement under the basket: methods, companies, terminal type,
 * region (defaults of spec §9: delivery '3', type 'terminal', region '1'), the address or
 * consignee, a confirmation, then POST /api/placeOrder/. The server reserves stock for every line
 * or for none; when it is short, the basket is told to load again (the lines were cut to what is
 * left) and the shortages are listed.
 */
const checkoutSetup = setup({
  types: {} as { context: CheckoutContext; events: CheckoutEvent; input: CheckoutInput },
  actors: {
    loadOptions: unprovidedPromise<BasketTableInit>('loadOptions'),
    placeOrder: unprovidedPromise<PlaceOrderOutcome, PlaceOrderRequest>('placeOrder'),
    /** resolves once the basket has saved every quantity typed (the app provides the basket's own; alone, there is nothing to wait for) */
    awaitBasketSaved: basketAloneLogic,
  },
  guards: {
    canPlace: ({ context }) => missingChoice(context) === null,
    isShort: (_, params: { outcome: PlaceOrderOutcome }) => params.outcome.outcome === 'shortage',
  },
  actions: {
    storeOptions: assign(({ context }, params: { options: BasketTableInit }) => ({
      options: params.options,
      errorMessage: null,
      // the only address is the obvious choice
      form: { ...context.form, addressId: params.options.addresses.length === 1 ? (params.options.addresses[0]?.id ?? null) : context.form.addressId },
    })),
    storeChange: assign({
      form: ({ context }, params: { patch: Partial<DeliveryForm> }) => ({ ...context.form, ...params.patch }),
      missing: null,
    }),
    storeMissing: assign({ missing: ({ context }) => missingChoice(context) }),
    storeOrder: assign({ order: (_, params: { order: PlacedOrder }) => params.order, shortages: [], errorMessage: null }),
    storeShortages: assign({ shortages: (_, params: { shortages: StockShortage[] }) => params.shortages }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetResult: assign({ shortages: [], errorMessage: null, missing: null }),
    /** the basket (systemId 'basket') loads again: emptied by the order, or cut to the stock left (provided by the app) */
    /** the basket, which runs the checkout, loads again (the order took its lines, or some were short) */
    notifyBasketChanged: notifySystemActor('basket', () => ({ type: 'basket.stale' as const })),
  },
})

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  description: 'Delivery selector and order placement under the basket: choose, confirm, place; stock is reserved on the server all at once.',
  context: ({ input }) => ({
    contract: input.contract,
    options: null,
    form: initialForm(),
    missing: null,
    order: null,
    shortages: [],
    errorMessage: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /api/getBasketTableInit/: delivery methods, companies, regions, the addresses and consignees',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        onDone: { target: 'editing', actions: { type: 'storeOptions', params: ({ event }) => ({ options: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: '"Не удалось загрузить способы доставки" with "Повторить"',
      on: { 'checkout.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
    editing: {
      description: 'The delivery selector and "Оформить заказ"',
      initial: 'ready',
      on: {
        'delivery.change': {
          target: '.ready',
          description: 'The dealer changes the method, company, terminal type, region, address, consignee or comment',
          actions: { type: 'storeChange', params: ({ event }) => ({ patch: event.patch }) },
        },
        'order.confirm': [
          {
            guard: 'canPlace',
            target: 'awaitingBasket',
            description: 'The dealer presses "Оформить заказ" with the delivery complete',
            actions: 'resetResult',
          },
          { target: '.incomplete', description: 'Something the method needs is not chosen: no call', actions: 'storeMissing' },
        ],
      },
      states: {
        ready: { description: 'Nothing missing is shown' },
        incomplete: { description: 'What is missing ("Выберите адрес доставки", "Выберите транспортную компанию") beside the button' },
        shortage: {
          description:
            '"Не достаточно свободных остатков на складе" with the lines that were short and what is left of each; the basket shows the cut quantities',
        },
        failed: {
          description: '"Заказ не оформлен" with the reason and "Повторить"',
          on: {
            'checkout.retry': { target: '#checkout.placing', description: 'The dealer tries again' },
            'checkout.dismiss': { target: 'ready', description: 'The dealer closes the message', actions: 'resetResult' },
          },
        },
      },
    },
    awaitingBasket: {
      description:
        'A quantity typed just before (the click on "Оформить заказ" left its field) is still on its way to the server: the question waits for it, so it shows the sum that will be ordered',
      invoke: { id: 'awaitBasketSaved', src: 'awaitBasketSaved', onDone: { target: 'confirming', description: 'Every quantity is saved' } },
    },
    ...confirmedCall(checkoutSetup, {
      ask: {
        state: 'confirming',
        description: '"Оформить заказ?" with the sum, the delivery and the address; "Оформить" and "Отмена"',
        confirm: { event: 'order.place', description: 'The dealer confirms' },
        cancel: { event: 'order.cancel', target: 'editing', description: 'The dealer goes back to the basket' },
      },
      call: {
        state: 'placing',
        description: 'POST /api/placeOrder/ runs; the button says "Оформление…"',
        invoke: {
          id: 'placeOrder',
          src: 'placeOrder',
          input: ({ context }) => placeOrderRequest(context),
          onDone: [
            {
              guard: { type: 'isShort', params: ({ event }) => ({ outcome: event.output }) },
              target: 'editing.shortage',
              description: 'Another order took the stock first: nothing was reserved and the basket keeps its lines, cut to what is left',
              actions: [
                { type: 'storeShortages', params: ({ event }) => ({ shortages: event.output.outcome === 'shortage' ? event.output.shortages : [] }) },
                'notifyBasketChanged',
              ],
            },
            {
              target: 'placed',
              description: 'The order is placed: its number is shown and the basket is empty',
              actions: [
                { type: 'storeOrder', params: ({ event }) => ({ order: event.output.outcome === 'placed' ? event.output.order : (null as never) }) },
                'notifyBasketChanged',
              ],
            },
          ],
          onError: { target: 'editing.failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
    }),
    placed: {
      description: '"Заказ №… оформлен" with its sum; the basket page shows the empty basket',
      on: { 'checkout.dismiss': { target: 'editing', description: 'The dealer closes the message', actions: 'resetResult' } },
    },
  },
})

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>
