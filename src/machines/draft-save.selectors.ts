import type { SnapshotFrom } from 'xstate'
import type { draftSaveMachine } from './draft-save.machine'

type DraftSaveSnapshot = SnapshotFrom<typeof draftSaveMachine>

/** Where «Сохранить как черновик» stands: the button alone, the clock read for the default name, the name dialog, the call, or the "saved" message. */
export type DraftSaveStep = 'closed' | 'opening' | 'editing' | 'saving' | 'saved'

export function draftSaveStepOf(snapshot: DraftSaveSnapshot): DraftSaveStep {
  if (snapshot.matches('opening')) return 'opening'
  if (snapshot.matches('editing')) return 'editing'
  if (snapshot.matches('saving')) return 'saving'
  if (snapshot.matches('saved')) return 'saved'
  return 'closed'
}

/** The server refused the last save: «Черновик не сохранён» shows in the dialog. */
export const isDraftSaveFailedOf = (snapshot: DraftSaveSnapshot): boolean => snapshot.matches({ editing: 'failed' })
