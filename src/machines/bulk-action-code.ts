import { createMachine } from 'xstate'
import type { bulkActionMachine } from './bulk-action.machine'
import { childCodeStates, codeStatusOf } from './child-code'
import { unprovidedPromise } from './machine-support'

/**
 * The bulk action's machine is not in a list's first load: a list whose selection bar runs one
 * (orders, favourites and needs, drafts) waits in a state of its own until the route has loaded
 * it, then runs it. The route provides both actors (a deferred logic and the promise that loads
 * it); a machine not given them (a test of the list alone) runs a bulk action that does nothing.
 */
export const unprovidedBulkAction = createMachine({ id: 'bulkAction' }) as unknown as typeof bulkActionMachine
export const unprovidedBulkCode = unprovidedPromise<void>('loadBulkCode')

/** The dealer closes the message that the bulk action's code did not load. */
export type BulkCodeEvent = { type: 'bulk.close' }

export const BULK_CODE_MESSAGES = {
  loading: 'Готовим действие с выбранными…',
  failed: 'Не удалось выполнить действие с выбранными. Проверьте соединение и попробуйте ещё раз.',
} as const

const BULK_CODE = {
  whose: "The bulk action's",
  load: 'loadBulkCode',
  messages: BULK_CODE_MESSAGES,
  /** whichever list runs the action, its view reads these */
  tags: { loading: 'bulkCodeLoading', failed: 'bulkCodeFailed' },
  closeEvent: 'bulk.close',
} as const

/**
 * `{bulk}CodeLoading` → `bulk` (or `{bulk}CodeFailed`, left by `close`, the list's own transition
 * back to its selection when the dealer closes the message), beside the list's state `bulk` that
 * runs the action: the selection bar's button leads to `{bulk}CodeLoading`. The bar's buttons wait
 * while the code loads.
 */
export const bulkCodeStates = <const Bulk extends string, const Close extends object>(bulk: Bulk, close: Close) => childCodeStates(bulk, BULK_CODE, close)

/** Whether the bulk action's code is loading or failed to load (a snapshot of the list that runs it). */
export const bulkCodeStatusOf = codeStatusOf(BULK_CODE.tags)
