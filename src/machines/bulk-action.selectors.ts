import type { SnapshotFrom } from 'xstate'
import type { bulkActionMachine } from './bulk-action.machine'

/** The bulk dialog: the question, the call running, the result (all done, or some rows failed), or the failure as a whole. */
export type BulkActionStep = 'asking' | 'running' | 'done' | 'partlyFailed' | 'failed'

export function bulkActionStepOf(snapshot: SnapshotFrom<typeof bulkActionMachine>): BulkActionStep {
  if (snapshot.matches('asking')) return 'asking'
  if (snapshot.matches({ reported: 'done' })) return 'done'
  if (snapshot.matches({ reported: 'partlyFailed' })) return 'partlyFailed'
  return snapshot.matches('failed') ? 'failed' : 'running'
}
