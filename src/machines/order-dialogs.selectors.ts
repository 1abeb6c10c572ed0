import type { SnapshotFrom } from 'xstate'
import type { orderCancelMachine } from './order-cancel.machine'
import type { orderDetailMachine } from './order-detail.machine'
import type { orderRepeatMachine } from './order-repeat.machine'

/** The cancel dialog: the question (with the comment), the call running, or the refusal. */
export type OrderCancelStep = 'confirming' | 'cancelling' | 'failed'

export function orderCancelStepOf(snapshot: SnapshotFrom<typeof orderCancelMachine>): OrderCancelStep {
  if (snapshot.matches('failed')) return 'failed'
  return snapshot.matches('cancelling') ? 'cancelling' : 'confirming'
}

/** The repeat dialog: the call running, the goods added, none in stock, or the failure. */
export type OrderRepeatStep = 'repeating' | 'added' | 'noStock' | 'failed'

export function orderRepeatStepOf(snapshot: SnapshotFrom<typeof orderRepeatMachine>): OrderRepeatStep {
  if (snapshot.matches({ repeated: 'added' })) return 'added'
  if (snapshot.matches({ repeated: 'noStock' })) return 'noStock'
  return snapshot.matches('failed') ? 'failed' : 'repeating'
}

/** An expanded order's detail: loading, loaded, or failed. */
export type OrderDetailView = 'loading' | 'loaded' | 'failed'

export function orderDetailViewOf(snapshot: SnapshotFrom<typeof orderDetailMachine>): OrderDetailView {
  if (snapshot.matches('loaded')) return 'loaded'
  return snapshot.matches('failed') ? 'failed' : 'loading'
}
