import { fileURLToPath } from 'node:url'

/**
 * The generated paths of the model tests as the atlas words them: each model test file's
 * `describeMachinePaths` writes its machine's paths here (beside reports/path-coverage.json),
 * so the atlas lists exactly the cases the tests replay, generated with the tests' own events.
 */
export const PATH_CASES_FILE = fileURLToPath(new URL('../../reports/path-cases.json', import.meta.url))

interface RecordedStep {
  /** the event's type, e.g. `cancel.confirm` or `xstate.done.actor.cancelOrder` */
  event: string
  /** the transitions the event selects in the state before it, by `transitionKey` */
  transitions: string[]
}

export interface RecordedCase {
  /** the path's name in the model test (`pathName`) */
  name: string
  /** the state value the path ends in */
  state: unknown
  steps: RecordedStep[]
}

export type RecordedCases = Record<string, RecordedCase[]>
