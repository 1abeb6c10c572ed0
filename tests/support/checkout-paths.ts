import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { BasketTableInit, PlaceOrderOutcome, StockShortage } from '../../src/contract/delivery'
import { checkoutMachine, missingChoice, type CheckoutContext } from '../../src/machines/checkout.machine'
import { browserPaths, type BrowserPaths } from './browser-paths'
import { defaultSerializeState, type EventCases } from './path-testing'

export const CHECKOUT_REFUSAL = 'Сервер временно недоступен'

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CheckoutContext

/**
 * The checkout's events as a dealer causes them under the basket on /cart/ (the real delivery
 * options of the signed-in company; `shortage` is the line another order could take first), and
 * the answers of its two calls.
 */
function checkoutCases(options: BasketTableInit, shortage: StockShortage): EventCases {
  const placed: PlaceOrderOutcome = {
    outcome: 'placed',
    order: { id: 1, state: 1, status: 'Новый', contract: '1', sum: 100, count: 1, created_at: '2026-11-24T09:00:00.000Z' },
    basket: { count: 0, sum: 0 },
  }
  return {
    'xstate.done.actor.loadOptions': [{ type: 'xstate.done.actor.loadOptions', output: options }],
    'xstate.error.actor.loadOptions': [{ type: 'xstate.error.actor.loadOptions', error: new Error(CHECKOUT_REFUSAL) }],
    // pickup (complete), and a transport company for the default method (still no address)
    'delivery.change': [
      { type: 'delivery.change', patch: { method: '1' } },
      { type: 'delivery.change', patch: { company: options.delivery_companies[0]!.id } },
    ],
    // the basket is idle on the page: its wait ends at once (tests/e2e/cart.spec.ts holds a save to show it)
    'xstate.done.actor.awaitBasketSaved': [{ type: 'xstate.done.actor.awaitBasketSaved' }],
    'xstate.done.actor.placeOrder': [
      { type: 'xstate.done.actor.placeOrder', output: placed },
      { type: 'xstate.done.actor.placeOrder', output: { outcome: 'shortage', shortages: [shortage], basket: { count: 1, sum: 100 } } },
    ],
    'xstate.error.actor.placeOrder': [{ type: 'xstate.error.actor.placeOrder', error: new Error(CHECKOUT_REFUSAL) }],
    // the result and the failure have no «Закрыть»: nothing on the page sends it
    'checkout.dismiss': [],
  }
}

/** The company select is on the page only while the chosen method needs one. */
const canCause = (event: AnyEventObject, before: AnyMachineSnapshot) =>
  !(event.type === 'delivery.change' && 'company' in (event.patch as object) && contextOf(before).form.method === '1')

/** The checkout's generated paths and the ones /cart/ replays (tests/e2e/checkout-paths.spec.ts). */
export const checkoutBrowserPaths = (options: BasketTableInit, shortage: StockShortage): BrowserPaths =>
  browserPaths(checkoutMachine, {
    cases: checkoutCases(options, shortage),
    input: { contract: '0' },
    canCause,
    // the guard reads what the form lacks; the method decides which selects are shown
    serializeState: (state, event, prev) =>
      `${defaultSerializeState(state, event, prev)} ${contextOf(state).form.method} ${String(contextOf(state).options && missingChoice(contextOf(state)))}`,
  })
