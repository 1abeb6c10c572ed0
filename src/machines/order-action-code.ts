import { createMachine } from 'xstate'
import { codeStates } from './lazy-logic'
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

/** The tags the orders page reads to show the wait and the failure. */
const ORDER_ACTION_CODE_TAGS = { loading: 'orderActionCodeLoading', failed: 'orderActionCodeFailed' } as const

/**
 * `{action}CodeLoading` → `action` (or `{action}CodeFailed`, left by `close`, the list's own
 * transition back when the dealer closes the message), beside the state `action` that runs the
 * cancel or the repeat: the order's button leads to `{action}CodeLoading`.
 */
export function orderActionCodeStates<const Action extends string, const Close extends object>(action: Action, close: Close) {
  const failedState = `${action}CodeFailed` as const
  const { loadingCode, codeFailed } = codeStates({
    loading: { description: `The cancel's and repeat's code loads (it is not in the first load): "${ORDER_ACTION_CODE_MESSAGES.loading}"` },
    load: { src: 'loadOrderActionCode' },
    loaded: { target: action, description: "The cancel's and repeat's code is there" },
    failed: { description: `"${ORDER_ACTION_CODE_MESSAGES.failed}" with «Закрыть»` },
  })
  const loading = {
    ...loadingCode,
    tags: [ORDER_ACTION_CODE_TAGS.loading],
    invoke: { ...loadingCode.invoke, onError: { ...loadingCode.invoke.onError, target: failedState } },
  }
  const failed = { description: codeFailed.description, tags: [ORDER_ACTION_CODE_TAGS.failed], on: { 'orderAction.close': close } }
  return { [`${action}CodeLoading`]: loading, [failedState]: failed } as Record<`${Action}CodeLoading`, typeof loading> &
    Record<`${Action}CodeFailed`, typeof failed>
}

/** Whether the cancel's or repeat's code is loading or failed to load (a snapshot of the orders list). */
export function orderActionCodeStatusOf(snapshot: { hasTag: (tag: string) => boolean }): 'loading' | 'failed' | null {
  if (snapshot.hasTag(ORDER_ACTION_CODE_TAGS.loading)) return 'loading'
  return snapshot.hasTag(ORDER_ACTION_CODE_TAGS.failed) ? 'failed' : null
}
