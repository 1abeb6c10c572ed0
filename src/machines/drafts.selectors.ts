import type { SnapshotFrom } from 'xstate'
import { bulkCodeStatusOf } from './bulk-action-code'
import type { draftsMachine } from './drafts.machine'

type DraftsSnapshot = SnapshotFrom<typeof draftsMachine>

/** What the list area shows: one per state of the list (checking reads as loading). */
export type DraftsView = 'loading' | 'failed' | 'empty' | 'loaded'

export function draftsViewOf(snapshot: DraftsSnapshot): DraftsView {
  if (snapshot.matches({ list: 'failed' })) return 'failed'
  if (snapshot.matches({ list: 'empty' })) return 'empty'
  if (snapshot.matches({ list: 'loading' })) return 'loading'
  return 'loaded'
}

/** The selection bar's bulk removal runs (its dialog is open), or its code loads or did not load. */
export const isDraftsBulkBusyOf = (snapshot: DraftsSnapshot): boolean => snapshot.matches({ selection: 'removing' }) || bulkCodeStatusOf(snapshot) !== null

/**
 * The rows' buttons and boxes wait while a repeat or removal is asked, shown or failed, while the
 * bulk removal runs (and while a page loads).
 */
export const isDraftsBusyOf = (snapshot: DraftsSnapshot): boolean => !snapshot.matches({ list: { loaded: 'idle' } }) || isDraftsBulkBusyOf(snapshot)

/** Which dialog the page shows over the list. */
export type DraftDialogStep = 'none' | 'confirmingRemove' | 'removing' | 'added' | 'noStock' | 'repeatFailed' | 'removeFailed'

export function draftDialogStepOf(snapshot: DraftsSnapshot): DraftDialogStep {
  if (snapshot.matches({ list: { loaded: 'confirmingRemove' } })) return 'confirmingRemove'
  if (snapshot.matches({ list: { loaded: 'removing' } })) return 'removing'
  if (snapshot.matches({ list: { loaded: { repeated: 'added' } } })) return 'added'
  if (snapshot.matches({ list: { loaded: { repeated: 'noStock' } } })) return 'noStock'
  if (snapshot.matches({ list: { loaded: 'repeatFailed' } })) return 'repeatFailed'
  if (snapshot.matches({ list: { loaded: 'removeFailed' } })) return 'removeFailed'
  return 'none'
}
