import {
  createMachine,
  getInitialMicrosteps,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNodeConfig,
  type AnyTransitionDefinition,
} from 'xstate'
import { activeStateNodes, stateNodesOf } from '../../scripts/machine-graph'

export interface TakenStep {
  transitions: AnyTransitionDefinition[]
  /** The microstep's snapshot, preceded on the first microstep of the init macrostep by the
   * snapshot it started from (the one snapshot of a run the inspection stream never shows). */
  snapshots: AnyMachineSnapshot[]
}

/**
 * Which transitions each `@xstate.microstep` of one actor took, worked out with public xstate
 * API only (the inspection event's own list, `_transitions`, is private). It follows xstate's
 * macrostep:
 *
 * - the first microstep after the actor came to rest (`@xstate.snapshot`) takes what the event
 *   selects: `machine.getTransitionData(snapshot, event)`, guards evaluated as xstate does;
 * - each later microstep of the macrostep takes the enabled `always` transitions if there are
 *   any (tried with the event of the microstep before), otherwise what its raised event selects.
 *
 * The init macrostep has no event microstep; the snapshot it starts from comes from
 * `getInitialMicrosteps`. Enabled `always` transitions come from {@link eventlessProbe}.
 */
export class TakenTransitions {
  private previous: AnyMachineSnapshot | undefined
  private lastEvent: AnyEventObject | undefined
  private atRest = false
  private readonly enabledAlways: EventlessProbe

  constructor(
    private readonly machine: AnyStateMachine,
    private readonly input?: unknown,
  ) {
    this.enabledAlways = eventlessProbe(machine)
  }

  /** The actor's snapshot at the end of a macrostep (and once when it starts). */
  settled(snapshot: AnyMachineSnapshot): void {
    this.previous = snapshot
    this.atRest = true
  }

  microstep(event: AnyEventObject, next: AnyMachineSnapshot): TakenStep {
    const snapshots = [next]
    let previous = this.previous
    if (!previous) {
      // the init macrostep, inside createActor: it starts where the initial transition entered
      previous = initialSnapshot(this.machine, this.input)
      this.lastEvent = { type: 'xstate.init', input: this.input }
      snapshots.unshift(previous)
    }
    const eventless = this.atRest ? [] : this.enabledAlways(previous, this.lastEvent!)
    const transitions = event.type === 'xstate.stop' ? [] : eventless.length ? eventless : this.machine.getTransitionData(previous, event)
    this.previous = next
    this.lastEvent = event
    this.atRest = false
    return { transitions, snapshots }
  }
}

/** Per machine and input (every replayed path of a test file starts alike); snapshots are immutable. */
const initialSnapshots = new WeakMap<AnyStateMachine, Map<unknown, AnyMachineSnapshot>>()

function initialSnapshot(machine: AnyStateMachine, input: unknown): AnyMachineSnapshot {
  let byInput = initialSnapshots.get(machine)
  if (!byInput) initialSnapshots.set(machine, (byInput = new Map()))
  let snapshot = byInput.get(input)
  if (!snapshot) byInput.set(input, (snapshot = getInitialMicrosteps(machine, input as never)[0]![0]))
  return snapshot
}

type EventlessProbe = (snapshot: AnyMachineSnapshot, event: AnyEventObject) => AnyTransitionDefinition[]

const ANY_EVENT = '*'
/** What a state node needs to resolve a state value and the targets of its transitions. */
const STRUCTURE = ['id', 'type', 'initial', 'history', 'target'] as const

/**
 * The `always` transitions enabled in a snapshot, first match per atomic state as xstate takes
 * them. A probe machine has the same states and implementations as `machine` and nothing else,
 * each `always` list moved under a wildcard `on`: its `getTransitionData` then evaluates those
 * guards, in their order, with the snapshot's state and context and the given event. (Guards
 * that look at `snapshot.children` see none: the probe runs no actors.)
 */
function eventlessProbe(machine: AnyStateMachine): EventlessProbe {
  let probe = probes.get(machine)
  if (!probe) probes.set(machine, (probe = createProbe(machine)))
  return probe
}

/** One probe per machine: every replayed path of a test file shares it. */
const probes = new WeakMap<AnyStateMachine, EventlessProbe>()

function createProbe(machine: AnyStateMachine): EventlessProbe {
  const nodes = new Map([machine.root, ...stateNodesOf(machine)].map((node) => [node.id, node]))
  if (![...nodes.values()].some((node) => node.always?.length)) return () => []
  const probe = createMachine(
    { ...probeConfig(machine.config as AnyStateNodeConfig), id: machine.id } as never,
    machine.implementations as never,
  ) as AnyStateMachine
  return (snapshot, event) => {
    if (!activeStateNodes(machine, snapshot).some((node) => node.always?.length)) return []
    const probeSnapshot = probe.resolveState({ value: snapshot.value, context: snapshot.context })
    return probe.getTransitionData(probeSnapshot, event).map((t) => {
      const index = t.source.transitions.get(ANY_EVENT)?.indexOf(t) ?? -1
      const original = nodes.get(t.source.id)?.always?.[index]
      if (!original) throw new Error(`${t.source.id}: the probe took an always transition the machine does not have`)
      return original
    })
  }
}

function probeConfig(node: AnyStateNodeConfig): AnyStateNodeConfig {
  const config = node as Record<string, unknown>
  return {
    ...Object.fromEntries(STRUCTURE.filter((key) => config[key] !== undefined).map((key) => [key, config[key]])),
    ...(node.always ? { on: { [ANY_EVENT]: node.always } } : {}),
    ...(node.states ? { states: Object.fromEntries(Object.entries(node.states).map(([key, child]) => [key, probeConfig(child)])) } : {}),
  } as AnyStateNodeConfig
}
