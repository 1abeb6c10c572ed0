import type { SnapshotFrom } from 'xstate'
import type { actRequestMachine } from './act-request.machine'

/** The request form: being filled in, refused by its own check, sending, refused by the server, or done. */
export type ActRequestStep = 'editing' | 'invalid' | 'submitting' | 'failed' | 'done'

const STEPS: readonly ActRequestStep[] = ['invalid', 'submitting', 'failed', 'done']

/** validating passes at once (an always transition), so it never shows; editing is the rest. */
export const actRequestStepOf = (snapshot: SnapshotFrom<typeof actRequestMachine>): ActRequestStep =>
  STEPS.find((step) => snapshot.matches(step)) ?? 'editing'
