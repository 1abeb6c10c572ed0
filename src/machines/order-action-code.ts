import { createMachine } from 'xstate'
import { childCodeStates, codeStatusOf } from './child-code'
import { unprovidedPromise } from './machine-support'
import type { orderCancelMachine } from './order-cancel.machine'
import type { orderRepeatMachine } from './order-repeat.machine'

/**
 * The machines of one order's cancel and repeat are not in the orders list's first load: the list
 * waits in a state of its own until the route has loaded them (both at once), then runs the one
 * the dealer pressed. The route provides the three actors (two deferred logics and the promise
 * that loads them); a list not given them (a test of the list alone) runs dialogs that do nothing.
 */
export const unprovidedOrderCancel = createMachine({ id: 'orderCancel' }) as unknown as typeof orderCancelMachine
export const unprovidedOrderRepeat = createMachine({ id: 'orderRepeat' }) as unknown as typeof orderRepeatMachine
export const unprovidedOrderActionCode = unprovidedPromise<void>('loadOrderActionCode')

/** The dealer closes the message that the cancel's or repeat's code did not load. */
export type OrderActionCodeEvent = { type: 'orderAction.close' }

export const ORDER_ACTION_CODE_MESSAGES = {
  loading: 'Открываем действие с заказом…',
  failed: 'Не удалось открыть действие с заказом. Проверьте соединение и попробуйте ещё раз.',
} as const

const ORDER_ACTION_CODE = {
  whose: "The cancel's and repeat's",
  load: 'loadOrderActionCode',
  messages: ORDER_ACTION_CODE_MESSAGES,
  tags: { loading: 'orderActionCodeLoading', failed: 'orderActionCodeFailed' },
  closeEvent: 'orderAction.close',
} as const

/**
 * `{action}CodeLoading` → `action` (or `{action}CodeFailed`, left by `close`, the list's own
 * transition back when the dealer closes the message), beside the state `action` that runs the
 * cancel or the repeat: the order's button leads to `{action}CodeLoading`.
 */
export const orderActionCodeStates = <const Action extends string, const Close extends object>(action: Action, close: Close) =>
  childCodeStates(action, ORDER_ACTION_CODE, close)

/** Whether the cancel's or repeat's code is loading or failed to load (a snapshot of the orders list). */
export const orderActionCodeStatusOf = codeStatusOf(ORDER_ACTION_CODE.tags)
