import type { SnapshotFrom } from 'xstate'
import type { DeliveryMethod } from '../contract/delivery'
import type { checkoutMachine } from './checkout.machine'

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>

/** What the checkout panel shows: the options loading, their failure, the placed order, or the delivery form. */
export type CheckoutView = 'loading' | 'loadFailed' | 'placed' | 'form'

export function checkoutViewOf(snapshot: CheckoutSnapshot): CheckoutView {
  if (snapshot.matches('loading')) return 'loading'
  if (snapshot.matches('loadFailed')) return 'loadFailed'
  if (snapshot.matches('placed')) return 'placed'
  return 'form'
}

/** Where «Оформить заказ» stands: the form, the wait for a quantity still being saved, its confirmation, or the call. */
export type CheckoutStep = 'editing' | 'awaitingBasket' | 'confirming' | 'placing'

export function checkoutStepOf(snapshot: CheckoutSnapshot): CheckoutStep {
  if (snapshot.matches('awaitingBasket')) return 'awaitingBasket'
  if (snapshot.matches('confirming')) return 'confirming'
  if (snapshot.matches('placing')) return 'placing'
  return 'editing'
}

/** What the form shows beside the button: nothing, what is missing, the stock shortage, or the failed call. */
export type CheckoutNotice = 'none' | 'incomplete' | 'shortage' | 'failed'

export function checkoutNoticeOf(snapshot: CheckoutSnapshot): CheckoutNotice {
  if (snapshot.matches({ editing: 'incomplete' })) return 'incomplete'
  if (snapshot.matches({ editing: 'shortage' })) return 'shortage'
  if (snapshot.matches({ editing: 'failed' })) return 'failed'
  return 'none'
}

/** The delivery method chosen in the form, once the options are loaded. */
export const chosenMethodOf = (snapshot: CheckoutSnapshot): DeliveryMethod | null =>
  snapshot.context.options?.delivery_methods.find((method) => method.id === snapshot.context.form.method) ?? null

/** Which delivery fields a method asks for (spec: pickup needs neither a company nor an address; city delivery needs the address). */
export interface DeliveryFields {
  /** the transport company, its terminal type and the region */
  company: boolean
  /** one of the dealer's delivery addresses */
  address: boolean
  /** the goods are picked up: the warehouses' maps («Откуда забрать») */
  pickup: boolean
}

export const deliveryFieldsOf = (method: DeliveryMethod | null): DeliveryFields => ({
  company: method?.needsCompany ?? false,
  address: method !== null && !method.isPickup,
  pickup: method?.isPickup ?? false,
})
