import type { SnapshotFrom } from 'xstate'
import type { draftsMachine } from './drafts.machine'

type DraftsSnapshot = SnapshotFrom<typeof draftsMachine>

/** What the list area shows: one per top state (checking reads as loading). */
export type DraftsView = 'loading' | 'failed' | 'empty' | 'loaded'

export function draftsViewOf(snapshot: DraftsSnapshot): DraftsView {
  if (snapshot.matches('failed')) return 'failed'
  if (snapshot.matches('empty')) return 'empty'
  if (snapshot.matches('loading')) return 'loading'
  return 'loaded'
}

/** The rows' buttons wait while a repeat or removal is asked, shown or failed (and while a page loads). */
export const isDraftsBusyOf = (snapshot: DraftsSnapshot): boolean => !snapshot.matches({ loaded: 'idle' })

/** Which dialog the page shows over the list. */
export type DraftDialogStep = 'none' | 'confirmingRemove' | 'removing' | 'added' | 'noStock' | 'repeatFailed' | 'removeFailed'

export function draftDialogStepOf(snapshot: DraftsSnapshot): DraftDialogStep {
  if (snapshot.matches({ loaded: 'confirmingRemove' })) return 'confirmingRemove'
  if (snapshot.matches({ loaded: 'removing' })) return 'removing'
  if (snapshot.matches({ loaded: { repeated: 'added' } })) return 'added'
  if (snapshot.matches({ loaded: { repeated: 'noStock' } })) return 'noStock'
  if (snapshot.matches({ loaded: 'repeatFailed' })) return 'repeatFailed'
  if (snapshot.matches({ loaded: 'removeFailed' })) return 'removeFailed'
  return 'none'
}
