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
    serializeState,
    serializeEvent,
    limit,
    input,
  }) as MachinePath[]
  return withoutPrefixes(paths)
}

function withoutPrefixes(paths: MachinePath[]): MachinePath[] {
  const keyOf = (p: MachinePath) => p.steps.map((s) => serializeEvent(s.event)).join('\n') + '\n'
  const kept: string[] = []
  return [...paths]
    .sort((a, b) => b.steps.length - a.steps.length)
    .filter((p) => {
      const key = keyOf(p)
      if (kept.some((longer) => longer.startsWith(key))) return false
      kept.push(key)
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

/**
 * Replays a generated path against the real machine: fake actors the path settles step by
 * step, fake timers advanced to each delayed transition, and after every step the actor's
 * state value must equal the path's.
 */
export async function replayPath(machine: AnyStateMachine, path: MachinePath, options: ReplayOptions = {}) {
  const kinds = Object.fromEntries(invokedSources(machine).map((src) => [src, 'promise' as FakeKind]))
  const fakes = createFakeActors({ ...kinds, ...options.actors })
  const coverage = options.coverage === false ? undefined : (options.coverage ?? pathCoverage)
  let failure: unknown
  const received: AnyEventObject[] = []
  const record = coverage?.inspector(machine, options.input)
  const inspect = (ev: InspectionEvent) => {
    record?.(ev)
    if (ev.type === '@xstate.event' && ev.actorRef.sessionId === ev.rootId) received.push(ev.event)
  }
  vi.useFakeTimers()
  const actor = createActor(machine.provide({ actors: fakes.logic }), { input: options.input, inspect })
  actor.subscribe({ error: (err) => (failure = err) })
  try {
    actor.start()
    coverage?.recordSnapshot(machine, actor.getSnapshot())
    for (const [index, step] of path.steps.entries()) {
      await dispatch(actor, step.event, fakes, received)
      await vi.advanceTimersByTimeAsync(0)
      const where = `step ${index} (${describeEvent(step.event)}) of ${pathName(path)}`
      if (failure !== undefined) throw new Error(`${where}: the machine failed`, { cause: failure })
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot
      expect(snapshot.value, where).toEqual(step.state.value)
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
