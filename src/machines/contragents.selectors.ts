import type { SnapshotFrom } from 'xstate'
import { CONTRAGENTS_MESSAGES, type contragentsMachine } from './contragents.machine'

type ContragentsSnapshot = SnapshotFrom<typeof contragentsMachine>

/** What the list area shows. */
export type ContragentsView = 'loading' | 'failed' | 'empty' | 'list'

export function contragentsViewOf(snapshot: ContragentsSnapshot): ContragentsView {
  if (snapshot.matches('loading')) return 'loading'
  if (snapshot.matches('failed')) return 'failed'
  return snapshot.context.contragents.length === 0 ? 'empty' : 'list'
}

/** The rows' buttons wait while a call runs, a question or a failure shows, or the modal is open. */
export const isContragentsBusyOf = (snapshot: ContragentsSnapshot): boolean =>
  !snapshot.matches('ready') || !['idle', 'saved', 'activated', 'deactivated', 'removed'].some((state) => snapshot.matches({ ready: state as 'idle' }))

/** The 3-second confirmation, or null. */
export function contragentNoticeOf(snapshot: ContragentsSnapshot): string | null {
  if (snapshot.matches({ ready: 'saved' })) return CONTRAGENTS_MESSAGES.saved
  if (snapshot.matches({ ready: 'activated' })) return CONTRAGENTS_MESSAGES.activated
  if (snapshot.matches({ ready: 'deactivated' })) return CONTRAGENTS_MESSAGES.deactivated
  if (snapshot.matches({ ready: 'removed' })) return CONTRAGENTS_MESSAGES.removed
  return null
}

/** The dialog over the list. */
export type ContragentDialogStep = 'none' | 'confirmingRemove' | 'removing' | 'removeFailed' | 'switchFailed'

export function contragentDialogStepOf(snapshot: ContragentsSnapshot): ContragentDialogStep {
  for (const step of ['confirmingRemove', 'removing', 'removeFailed', 'switchFailed'] as const) if (snapshot.matches({ ready: step })) return step
  return 'none'
}
