import { createMachine } from 'xstate'
import type { bulkActionMachine } from './bulk-action.machine'
import { codeStates } from './lazy-logic'
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

/** The tags views read to show the wait and the failure, whichever list runs the action. */
const BULK_CODE_TAGS = { loading: 'bulkCodeLoading', failed: 'bulkCodeFailed' } as const

export const BULK_CODE_MESSAGES = {
  loading: 'Готовим действие с выбранными…',
  failed: 'Не удалось выполнить действие с выбранными. Проверьте соединение и попробуйте ещё раз.',
} as const

/**
 * `{bulk}CodeLoading` → `bulk` (or `{bulk}CodeFailed`, left by `close`, the list's own transition
 * back to its selection when the dealer closes the message), beside the list's state `bulk` that
 * runs the action: the selection bar's button leads to `{bulk}CodeLoading`. The bar's buttons wait
 * while the code loads.
 */
export function bulkCodeStates<const Bulk extends string, const Close extends object>(bulk: Bulk, close: Close) {
  const failedState = `${bulk}CodeFailed` as const
  const { loadingCode, codeFailed } = codeStates({
    loading: { description: `The bulk action's code loads (it is not in the first load): "${BULK_CODE_MESSAGES.loading}"` },
    load: { src: 'loadBulkCode' },
    loaded: { target: bulk, description: "The bulk action's code is there" },
    failed: { description: `"${BULK_CODE_MESSAGES.failed}" with «Закрыть»` },
  })
  const loading = {
    ...loadingCode,
    tags: [BULK_CODE_TAGS.loading],
    invoke: { ...loadingCode.invoke, onError: { ...loadingCode.invoke.onError, target: failedState } },
  }
  const failed = { description: codeFailed.description, tags: [BULK_CODE_TAGS.failed], on: { 'bulk.close': close } }
  return { [`${bulk}CodeLoading`]: loading, [failedState]: failed } as Record<`${Bulk}CodeLoading`, typeof loading> &
    Record<`${Bulk}CodeFailed`, typeof failed>
}

/** Whether the bulk action's code is loading or failed to load (a snapshot of the list that runs it). */
export function bulkCodeStatusOf(snapshot: { hasTag: (tag: string) => boolean }): 'loading' | 'failed' | null {
  if (snapshot.hasTag(BULK_CODE_TAGS.loading)) return 'loading'
  return snapshot.hasTag(BULK_CODE_TAGS.failed) ? 'failed' : null
}
