import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { generatePaths, type GenerateOptions, type MachinePath } from './path-testing'

export type { MachinePath }

export interface BrowserPathOptions extends GenerateOptions {
  /**
   * Whether a dealer can cause this event on the page in the state before it (a control that is
   * shown and enabled, a call the page is waiting for); a path with any other step is not replayed.
   */
  canCause?: (event: AnyEventObject, before: AnyMachineSnapshot) => boolean
}

export interface BrowserPaths {
  /** every path the project's generator makes with these cases */
  generated: MachinePath[]
  /** the generated paths a dealer can walk on the page */
  walkable: MachinePath[]
  /** the fewest walkable paths (greedily) that still take every transition the walkable ones take */
  replayed: MachinePath[]
}

const stateKey = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value)

/** The transitions a path takes: source state value, event type, target state value. */
export function transitionsOf(path: MachinePath): string[] {
  return path.steps.slice(1).map((step, index) => `${stateKey(path.steps[index]!.state)} ${step.event.type} ${stateKey(step.state)}`)
}

/** Each state value a path goes through. */
export const statesOf = (path: MachinePath): string[] => path.steps.map((step) => stateKey(step.state))

/**
 * The machine's generated paths (tests/support/path-testing.ts, as the model tests make them)
 * narrowed to what the browser can replay: the paths a dealer can walk, then a subset of them
 * that takes every transition they take at least once, longest first.
 */
export function browserPaths(machine: AnyStateMachine, options: BrowserPathOptions = {}): BrowserPaths {
  const { canCause = () => true, ...generate } = options
  const generated = generatePaths(machine, generate)
  const walkable = generated.filter((path) => path.steps.every((step, index) => index === 0 || canCause(step.event, path.steps[index - 1]!.state)))
  const uncovered = new Set(walkable.flatMap(transitionsOf))
  const replayed: MachinePath[] = []
  const gain = (path: MachinePath) => new Set(transitionsOf(path).filter((edge) => uncovered.has(edge))).size
  while (uncovered.size > 0) {
    const best = walkable.reduce((top, path) => (gain(path) > gain(top) ? path : top))
    replayed.push(best)
    for (const edge of transitionsOf(best)) uncovered.delete(edge)
  }
  // paths without transitions (the initial state only) still show a state
  for (const path of walkable) if (!replayed.some((kept) => statesOf(kept).includes(stateKey(path.state)))) replayed.push(path)
  return { generated, walkable, replayed }
}

/** 'xstate.done.actor.loadPage → draft.repeat ⇒ {"loaded":"repeating"}' */
export const pathTitle = (path: MachinePath): string =>
  `${path.steps
    .slice(1)
    .map((step) => step.event.type.replace('xstate.', ''))
    .join(' → ') || '(initial)'} ⇒ ${stateKey(path.state)}`

/** The number of distinct state values among the paths. */
export const stateValueCount = (paths: MachinePath[]): number => new Set(paths.flatMap(statesOf)).size
