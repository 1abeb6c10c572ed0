import { isDeepStrictEqual } from 'node:util'
import {
  createActor,
  createMachine,
  type AnyStateNodeConfig,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InspectionEvent,
} from 'xstate'
import { getShortestPaths, type StatePath } from 'xstate/graph'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { PATH_CASES_FILE, type RecordedCase } from '../../scripts/atlas/recorded-cases'
import { invokesOf, ownEventTypes, stateNodesOf, transitionKey } from '../../scripts/machine-graph'
import { createFakeActors, type FakeActors, type FakeKind } from './fake-actors'
import {
  type CoverageRecorder,
  DEFAULT_REPORT_FILE,
  describeMissing,
  isFullCoverage,
  mergeIntoJsonFile,
  pathCoverage,
  writeCoverageReport,
} from './path-coverage'

export type MachinePath = StatePath<AnyMachineSnapshot, AnyEventObject>
/** Payloads per event type; a type without an entry is sent as `{ type }` alone. */
export type EventCases = Record<string, AnyEventObject[]>
export type SerializeState = (state: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) => string

export interface GenerateOptions {
  cases?: EventCases
  /** The graph key of a snapshot; two snapshots with one key are one vertex. */
  serializeState?: SerializeState
  /** Throws instead of running forever when the key is too fine. */
  limit?: number
  input?: unknown
}

export interface ReplayOptions {
  /** Invoked (or spawned) actors by `src` name: how the fake behaves. Default 'promise'. */
  actors?: Record<string, FakeKind>
  input?: unknown
  /** Where to record coverage; `false` records nothing. Default: the file-wide recorder. */
  coverage?: CoverageRecorder | false
  /** Extra checks after each step, e.g. on context. */
  assertStep?: (snapshot: AnyMachineSnapshot, expected: AnyMachineSnapshot, index: number) => void
}

/** State value plus the incoming edge, so each transition gets a path of its own. */
export const defaultSerializeState: SerializeState = (state, event, prev) => {
  const value = JSON.stringify(state.value)
  return event && prev ? `${value} via ${event.type} from ${JSON.stringify(prev.value)}` : value
}

/** JSON that keeps an Error's message (plain JSON turns every Error into `{}`). */
export const serializeEvent = (event: AnyEventObject): string => JSON.stringify(event, (_, v: unknown) => (v instanceof Error ? `Error(${v.message})` : v))

// the machine raises these itself on reaching a final child; sent from outside they would
// make paths no real run can take
const isRaisedByMachine = (type: string) => type.startsWith('xstate.done.state.')

const withoutSystemId = ({ systemId: _, ...invoke }: { systemId?: string }) => invoke

function withoutSystemIds(node: AnyStateNodeConfig): AnyStateNodeConfig {
  return {
    ...node,
    ...(node.invoke ? { invoke: ([] as { systemId?: string }[]).concat(node.invoke as never).map(withoutSystemId) } : {}),
    ...(node.states ? { states: Object.fromEntries(Object.entries(node.states).map(([key, child]) => [key, withoutSystemIds(child)])) } : {}),
  } as AnyStateNodeConfig
}

/**
 * The machine as the traversal sees it: xstate/graph evaluates every transition in one mock
 * actor system that never stops a child, so a `systemId` (a long-lived actor such as the shell)
 * would be registered twice. Paths are generated without them and replayed against the real machine.
 */
const traversable = (machine: AnyStateMachine): AnyStateMachine =>
  createMachine(withoutSystemIds(machine.config as AnyStateNodeConfig) as never, machine.implementations as never) as AnyStateMachine

/** Shortest paths to every vertex, minus those that are a prefix of another path. */
export function generatePaths(machine: AnyStateMachine, options: GenerateOptions = {}): MachinePath[] {
  const { cases = {}, serializeState = defaultSerializeState, limit = 5_000, input } = options
  const paths = getShortestPaths(traversable(machine), {
    events: (snapshot) =>
      ownEventTypes(snapshot)
        .filter((type) => !isRaisedByMachine(type))
        .flatMap((type) => cases[type] ?? [{ type }]),
    serializeState: memoized(serializeState),
    serializeEvent,
    limit,
    input,
  }) as MachinePath[]
  return withoutPrefixes(paths)
}

/**
 * The traversal serializes each (state, event, previous state) twice, once to find the vertex and
 * once to weigh the edge; snapshots are immutable, so the first answer holds.
 */
function memoized(serializeState: SerializeState): SerializeState {
  const cache = new WeakMap<AnyMachineSnapshot, Map<AnyEventObject | undefined, Map<AnyMachineSnapshot | undefined, string>>>()
  return (state, event, prev) => {
    let byEvent = cache.get(state)
    if (!byEvent) cache.set(state, (byEvent = new Map()))
    let byPrev = byEvent.get(event)
    if (!byPrev) byEvent.set(event, (byPrev = new Map()))
    let key = byPrev.get(prev)
    if (key === undefined) byPrev.set(prev, (key = serializeState(state, event, prev)))
    return key
  }
}

function withoutPrefixes(paths: MachinePath[]): MachinePath[] {
  // events become small numbers, so that a path's key and the keys of its prefixes stay short
  const eventIds = new Map<string, number>()
  const idOf = (event: AnyEventObject) => {
    const key = serializeEvent(event)
    let id = eventIds.get(key)
    if (id === undefined) eventIds.set(key, (id = eventIds.size))
    return id
  }
  // the keys of every step prefix of the paths kept so far (each as long or longer than the next)
  const keptPrefixes = new Set<string>()
  return [...paths]
    .sort((a, b) => b.steps.length - a.steps.length)
    .filter((p) => {
      const ids = p.steps.map((s) => idOf(s.event))
      if (keptPrefixes.has(ids.join())) return false
      for (let i = 1; i <= ids.length; i++) keptPrefixes.add(ids.slice(0, i).join())
      return true
    })
    .reverse()
}

const describeEvent = ({ type, ...payload }: AnyEventObject): string =>
  Object.keys(payload).length ? `${type} ${serializeEvent(payload as AnyEventObject)}` : type

/** 'item.load → xstate.done.actor.loadItem {"output":…} ⇒ {"ready":"editing"}' */
export function pathName(path: MachinePath): string {
  const events = path.steps.slice(1).map((s) => describeEvent(s.event))
  return `${events.join(' → ') || '(initial)'} ⇒ ${JSON.stringify(path.state.value)}`
}

/** A path as the atlas lists it: each step's event and the transitions it selects in the state before. */
export function recordedCase(path: MachinePath): RecordedCase {
  return {
    name: pathName(path),
    state: path.state.value,
    steps: path.steps.slice(1).map((step, index) => {
      const before = path.steps[index]!.state
      return { event: step.event.type, transitions: before.machine.getTransitionData(before, step.event).map(transitionKey) }
    }),
  }
}

/** Every `src` name the machine invokes, so each gets a fake. */
function invokedSources(machine: AnyStateMachine): string[] {
  const nodes = [machine.root, ...stateNodesOf(machine)]
  return nodes
    .flatMap(invokesOf)
    .map((i) => i.src)
    .filter((src) => src !== 'inline')
}

interface MachineWithFakes {
  fakes: FakeActors
  provided: AnyStateMachine
}

/** Per machine and `actors` option: building the provided machine costs more than a short path. */
const machinesWithFakes = new WeakMap<AnyStateMachine, Map<ReplayOptions['actors'], MachineWithFakes>>()

function withFakes(machine: AnyStateMachine, actors: ReplayOptions['actors']): MachineWithFakes {
  let byActors = machinesWithFakes.get(machine)
  if (!byActors) machinesWithFakes.set(machine, (byActors = new Map()))
  let entry = byActors.get(actors)
  if (!entry) {
    const kinds = Object.fromEntries(invokedSources(machine).map((src) => [src, 'promise' as FakeKind]))
    const fakes = createFakeActors({ ...kinds, ...actors })
    byActors.set(actors, (entry = { fakes, provided: machine.provide({ actors: fakes.logic }) }))
  }
  return entry
}

/**
 * Replays a generated path against the real machine: fake actors the path settles step by
 * step, fake timers advanced to each delayed transition, and after every step the actor's
 * state value must equal the path's.
 */
export async function replayPath(machine: AnyStateMachine, path: MachinePath, options: ReplayOptions = {}) {
  const { fakes, provided } = withFakes(machine, options.actors)
  fakes.forget()
  const coverage = options.coverage === false ? undefined : (options.coverage ?? pathCoverage)
  let failure: unknown
  const received: AnyEventObject[] = []
  const record = coverage?.inspector(machine, options.input)
  const inspect = (ev: InspectionEvent) => {
    record?.(ev)
    if (ev.type === '@xstate.event' && ev.actorRef.sessionId === ev.rootId) received.push(ev.event)
  }
  vi.useFakeTimers()
  const actor = createActor(provided, { input: options.input, inspect })
  actor.subscribe({ error: (err) => (failure = err) })
  try {
    actor.start()
    coverage?.recordSnapshot(machine, actor.getSnapshot())
    for (const [index, step] of path.steps.entries()) {
      await dispatch(actor, step.event, fakes, received)
      await vi.advanceTimersByTimeAsync(0)
      // built only for a failure: naming the path costs more than the step itself
      const where = () => `step ${index} (${describeEvent(step.event)}) of ${pathName(path)}`
      if (failure !== undefined) throw new Error(`${where()}: the machine failed`, { cause: failure })
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot
      if (!isDeepStrictEqual(snapshot.value, step.state.value)) expect(snapshot.value, where()).toEqual(step.state.value)
      options.assertStep?.(snapshot, step.state, index)
    }
  } finally {
    actor.stop()
    vi.useRealTimers()
  }
}

async function dispatch(actor: AnyActorRef, event: AnyEventObject, fakes: FakeActors, received: AnyEventObject[]): Promise<void> {
  const { type } = event
  const after = (prefix: string) => type.slice(prefix.length)
  if (type === 'xstate.init') return
  if (type.startsWith('xstate.done.actor.')) fakes.current(after('xstate.done.actor.')).done(event.output)
  else if (type.startsWith('xstate.error.actor.')) fakes.current(after('xstate.error.actor.')).fail(event.error)
  else if (type.startsWith('xstate.snapshot.')) fakes.current(after('xstate.snapshot.')).emit(event.snapshot)
  else if (type.startsWith('xstate.after.')) await advanceToTimer(type, received)
  else actor.send(event)
}

/** Enough for any chain of timers a machine sets in one state; more means one repeats forever. */
const MAX_TIMERS = 1_000

/**
 * Moves the fake clock from timer to timer until the actor has received the delayed event,
 * whatever its delay's name: the clock ends exactly where the machine's timer fired.
 */
async function advanceToTimer(type: string, received: AnyEventObject[]): Promise<void> {
  received.length = 0
  for (let fired = 0; !received.some((event) => event.type === type); fired++) {
    if (vi.getTimerCount() === 0 || fired === MAX_TIMERS) {
      const seen = received.map((event) => event.type).join(', ') || 'none'
      throw new Error(`${type}: no such timer is pending (events received meanwhile: ${seen})`)
    }
    await vi.advanceTimersToNextTimerAsync()
  }
}

export interface MachinePathsOptions extends GenerateOptions, Omit<ReplayOptions, 'coverage'> {
  /** Fail the suite unless every state and transition was covered. Default true. */
  expectFullCoverage?: boolean
  /** The JSON file to merge coverage into; `false` writes nothing (fixtures). */
  report?: string | false
}

/**
 * One call per machine in a test file: generates the paths, registers one test per path,
 * and after them writes the coverage report and holds the machine to 100%.
 */
export function describeMachinePaths(machine: AnyStateMachine, options: MachinePathsOptions = {}): MachinePath[] {
  const { expectFullCoverage = true, report = DEFAULT_REPORT_FILE, ...rest } = options
  const paths = generatePaths(machine, rest)
  describe(`${machine.id} paths`, () => {
    let replayed = 0
    it.each(paths.map((p) => [pathName(p), p] as const))('%s', async (_, path) => {
      await replayPath(machine, path, rest)
      replayed++
    })
    afterAll(() => {
      const summary = pathCoverage.summary(machine)
      if (report !== false) {
        writeCoverageReport({ [machine.id]: summary }, report)
        if (report === DEFAULT_REPORT_FILE) mergeIntoJsonFile(PATH_CASES_FILE, { [machine.id]: paths.map(recordedCase) })
      }
      // a failed or filtered-out path already says why; a coverage gap on top would be noise
      if (expectFullCoverage && replayed === paths.length && !isFullCoverage(summary)) {
        throw new Error(describeMissing(machine.id, summary))
      }
    })
  })
  return paths
}
