import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { ownEventTypes } from '../../scripts/machine-graph'
import { getShortestPaths } from 'xstate/graph'
import { defaultSerializeState, generatePaths, serializeEvent, type GenerateOptions, type MachinePath } from './path-testing'

export type { MachinePath }

export interface BrowserPathOptions extends GenerateOptions {
  /**
   * Whether a dealer can cause this event on the page in the state before it (a control that is
   * shown and enabled, a call the page is waiting for); a path with any other step is not replayed.
   */
  canCause?: (event: AnyEventObject, before: AnyMachineSnapshot) => boolean
  /** what tells two transitions apart for the replayed subset; default the graph key without the edge */
  coverKey?: (snapshot: AnyMachineSnapshot) => string
  /**
   * 'definition': the replayed subset takes each transition of the machine's definition once (the
   * state node that defines it, the event and which of its guarded branches), so a transition a
   * parent state defines is not taken again from each of its children, and goes through each
   * leaf state a walkable path reaches; default 'graph' (`coverKey`)
   */
  cover?: 'graph' | 'definition'
  /**
   * Whether every state value a walkable path ends in is shown too (default true); a machine of
   * parallel regions, whose values are the product of its regions', leaves this off
   */
  everyStateValue?: boolean
}

export interface BrowserPaths {
  /** every path the project's generator makes with these cases */
  generated: MachinePath[]
  /** the shortest paths (the same cases) when the traversal takes only the steps a dealer can cause */
  walkable: MachinePath[]
  /** the fewest walkable paths (greedily) that still take every transition the walkable ones take */
  replayed: MachinePath[]
}

const stateKey = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value)

/** The transitions a path takes: source, event type, target (as the graph keys them, without the edge). */
function transitionsOf(path: MachinePath, key: (snapshot: AnyMachineSnapshot) => string = stateKey): string[] {
  return path.steps.slice(1).map((step, index) => `${key(path.steps[index]!.state)} ${step.event.type} ${key(step.state)}`)
}

/** The transitions of the machine's definition a path takes: the defining state node, the event and the branch. */
function definedTransitionsOf(path: MachinePath): string[] {
  return path.steps.slice(1).flatMap((step, index) => {
    const before = path.steps[index]!.state
    return before.machine.getTransitionData(before, step.event).map((transition) => {
      const branch = transition.source.transitions.get(transition.eventType)?.indexOf(transition) ?? -1
      return `${transition.source.id} ${transition.eventType} #${branch}`
    })
  })
}

/** 'list.live.shown.empty' for each state node a value is in, down to its leaves. */
export function leafNodesOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => leafNodesOf(child, `${prefix}${key}.`))
}

/** The transitions of the definition a path takes, and the leaf states it goes through (an eventless branch's target too). */
const definitionGoalsOf = (path: MachinePath): string[] => [
  ...definedTransitionsOf(path),
  ...path.steps.flatMap((step) => leafNodesOf(step.state.value).map((node) => `in ${node}`)),
]

/** Each state value a path goes through. */
export const statesOf = (path: MachinePath): string[] => path.steps.map((step) => stateKey(step.state))

/** Keeps the paths no other path starts with. */
function withoutPrefixes(paths: MachinePath[]): MachinePath[] {
  const keyOf = (path: MachinePath) => `${path.steps.map((step) => serializeEvent(step.event)).join('\n')}\n`
  const keys = paths.map(keyOf)
  return paths.filter((_, index) => !keys.some((other, at) => at !== index && other.length > keys[index]!.length && other.startsWith(keys[index]!)))
}

/**
 * The machine's paths for the browser: generated as the model tests generate them
 * (tests/support/path-testing.ts, for the count), then again with the traversal taking only the
 * steps a dealer can cause (a path through a step the page cannot make would hide the walkable
 * path to the same state), then the fewest of those that take every transition they take.
 */
export function browserPaths(machine: AnyStateMachine, options: BrowserPathOptions = {}): BrowserPaths {
  const { canCause = () => true, cases = {}, serializeState = defaultSerializeState, limit = 5_000, input } = options
  const coverKey = options.coverKey ?? ((snapshot: AnyMachineSnapshot) => serializeState(snapshot, undefined))
  const generated = generatePaths(machine, { cases, serializeState, limit, input })
  const shortest = getShortestPaths(machine, {
    events: (snapshot) =>
      ownEventTypes(snapshot)
        .filter((type) => !type.startsWith('xstate.done.state.'))
        .flatMap((type) => cases[type] ?? [{ type }])
        .filter((event) => canCause(event, snapshot)),
    serializeState,
    serializeEvent,
    limit,
    input,
  }) as MachinePath[]
  const walkable = withoutPrefixes(shortest)
  const edgesOf = (path: MachinePath) => (options.cover === 'definition' ? definitionGoalsOf(path) : transitionsOf(path, coverKey))
  const uncovered = new Set(walkable.flatMap(edgesOf))
  const replayed: MachinePath[] = []
  const gain = (path: MachinePath) => new Set(edgesOf(path).filter((edge) => uncovered.has(edge))).size
  while (uncovered.size > 0) {
    const best = walkable.reduce((top, path) => (gain(path) > gain(top) ? path : top))
    replayed.push(best)
    for (const edge of edgesOf(best)) uncovered.delete(edge)
  }
  // paths without transitions (the initial state only) still show a state
  if (options.everyStateValue !== false)
    for (const path of walkable) if (!replayed.some((kept) => statesOf(kept).includes(stateKey(path.state)))) replayed.push(path)
  return { generated, walkable, replayed }
}

/** 'xstate.done.actor.loadPage → draft.repeat ⇒ {"loaded":"repeating"}' */
export const pathTitle = (path: MachinePath): string =>
  `${
    path.steps
      .slice(1)
      .map((step) => step.event.type.replace('xstate.', ''))
      .join(' → ') || '(initial)'
  } ⇒ ${stateKey(path.state)}`
