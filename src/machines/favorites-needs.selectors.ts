import type { SnapshotFrom } from 'xstate'
import type { favoritesNeedsMachine } from './favorites-needs.machine'

type FavoritesNeedsSnapshot = SnapshotFrom<typeof favoritesNeedsMachine>

/** What the list area shows, as the shared paged-products view names it (checking reads as loading). */
export type MarkedListView = 'failed' | 'empty' | 'loading' | 'loaded'

export function markedListViewOf(snapshot: FavoritesNeedsSnapshot): MarkedListView {
  if (snapshot.matches({ list: 'failed' })) return 'failed'
  if (snapshot.matches({ list: 'empty' })) return 'empty'
  return snapshot.matches({ list: 'loaded' }) ? 'loaded' : 'loading'
}

/** Taking a product off the list failed: the notice above the list shows. */
export const isRemoveFailedOf = (snapshot: FavoritesNeedsSnapshot): boolean => snapshot.matches({ list: { loaded: 'removeFailed' } })

/** The product being taken off the list while its call runs (every «Убрать» waits meanwhile). */
export const removingIdOf = (snapshot: FavoritesNeedsSnapshot): number | null =>
  snapshot.matches({ list: { loaded: 'removing' } }) ? (snapshot.context.removing?.id ?? null) : null

/** A row's need field: the row being edited follows the `need` region; every other row shows its saved need. */
export type NeedView = 'idle' | 'editing' | 'invalid' | 'saving' | 'saved' | 'failed'

const NEED_VIEWS: readonly NeedView[] = ['editing', 'invalid', 'saving', 'saved', 'failed']

export const needViewOf = (snapshot: FavoritesNeedsSnapshot, productId: number): NeedView =>
  snapshot.context.needEdit?.productId === productId ? (NEED_VIEWS.find((view) => snapshot.matches({ need: view })) ?? 'idle') : 'idle'

/** The text typed into a row's need field, null for the rows not being edited. */
export const needTextOf = (snapshot: FavoritesNeedsSnapshot, productId: number): string | null =>
  snapshot.context.needEdit?.productId === productId ? snapshot.context.needEdit.text : null

/** A bulk action of the selection bar runs (its dialog is open): the boxes and the bar wait. */
export const isMarkedBulkBusyOf = (snapshot: FavoritesNeedsSnapshot): boolean =>
  !snapshot.matches({ selection: 'none' }) && !snapshot.matches({ selection: 'some' })
