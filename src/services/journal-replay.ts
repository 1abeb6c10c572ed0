import { createActor, createMachine, fromPromise, type AnyActorLogic, type AnyActorRef, type AnyStateMachine, type InspectionEvent } from 'xstate'
import { firstDifference, isMachine, machineVersion, normalised, toPlainJson, valueAt, type JournalEntry } from './journal-format'

/** equal in state and context; departed at an entry; recorded by another build of its machine; not replayed */
type ReplayOutcome = 'equal' | 'departed' | 'build' | 'skipped'

/** Where a replayed actor first differs from its journal. */
interface Departure {
  /** the entry's index in the journal's entries */
  entryIndex: number
  /** the entry's event type */
  event: string
  /** what differs: 'value' (the state), 'context' or 'context.<path>', 'event' (the replay got another one here) or 'missing' (the replay never got here) */
  part: string
  /** the journal's side of it (normalised) */
  journal: unknown
  /** the replay's side of it (normalised) */
  replay: unknown
}

export interface ReplayedActor {
  actor: string
  machine: string
  parent?: string
  id?: string
  outcome: ReplayOutcome
  /** why it was skipped, or the two versions of another build */
  note?: string
  /** replayed without its parent (the parent is not in the journal, or was not replayed) */
  standalone?: boolean
  /** the state values the replay went through, one per journal entry of the actor (up to a departure) */
  values: unknown[]
  /** the contexts alike (masked as the journal masks them) */
  contexts: unknown[]
  /** the actor's journal entries, in order */
  entries: JournalEntry[]
  /** the first of `entries` that differs from the replay, if any */
  mismatchAt?: number
  departure?: Departure
}

// in a replay nothing is fetched: the outcomes come from the journal's own done/error events
const silentActor = fromPromise(() => new Promise<never>(() => undefined))

/** One actor's entries in a journal. */
interface Track {
  actor: string
  entries: JournalEntry[]
  /** their indexes in the journal */
  indexes: number[]
  first: JournalEntry
  /** a format-1 entry: no parent, version or context; compared by state value only */
  legacy: boolean
}

/** One snapshot a replayed actor went through. */
interface Step {
  event: string
  value: unknown
  context: unknown
}

/** An actor's failure as the machine got it: the journal keeps an error as its name, message and own fields. */
function revived(event: JournalEntry['event']): JournalEntry['event'] {
  const error = event.error
  if (!event.type.startsWith('xstate.error.actor.') || error === null || typeof error !== 'object' || typeof (error as Error).message !== 'string')
    return event
  return { ...event, error: Object.assign(new Error((error as Error).message), error) }
}

const logicOf = (ref: unknown): unknown => (ref as { logic?: unknown }).logic

function tracksOf(entries: readonly JournalEntry[]): Map<string, Track> {
  const tracks = new Map<string, Track>()
  entries.forEach((entry, index) => {
    const track = tracks.get(entry.actor)
    if (track) {
      track.entries.push(entry)
      track.indexes.push(index)
    } else tracks.set(entry.actor, { actor: entry.actor, entries: [entry], indexes: [index], first: entry, legacy: entry.version === undefined })
  })
  return tracks
}

/**
 * The machines as the replay runs them: every invoked or spawned actor that is not a machine
 * (promises, callbacks, observables) is silent, since its outcomes are recorded events; a child
 * machine runs for real, and where the journal's child of that `src` is a machine of the registry
 * (the shell's stand-in 'basket', a screen the app provides), it is that machine.
 * A format-1 journal replays each machine alone: all its children are silent.
 */
function replayLogic(registry: ReadonlyMap<string, AnyStateMachine>, tracks: ReadonlyMap<string, Track>) {
  // 'shell/basket' → 'basket': the machine the journal's child of that parent machine and src ran
  const childMachines = new Map<string, string>()
  for (const track of tracks.values()) {
    const parent = track.first.parent === undefined ? undefined : tracks.get(track.first.parent)
    if (parent && track.first.src !== undefined) childMachines.set(`${parent.first.machine}/${track.first.src}`, track.first.machine)
  }
  const prepared = new Map<AnyStateMachine, AnyStateMachine>()
  const preparing = new Set<AnyStateMachine>()

  const childLogic = (parent: AnyStateMachine, src: string, given: unknown): AnyActorLogic => {
    const named = childMachines.get(`${parent.id}/${src}`) ?? (isMachine(given) ? given.id : undefined)
    const machine = (named === undefined ? undefined : registry.get(named)) ?? (isMachine(given) ? given : undefined)
    return machine && !preparing.has(machine) ? prepare(machine) : silentActor
  }

  const prepare = (machine: AnyStateMachine): AnyStateMachine => {
    const known = prepared.get(machine)
    if (known) return known
    preparing.add(machine)
    const actors = Object.fromEntries(Object.entries(machine.implementations.actors).map(([src, given]) => [src, childLogic(machine, src, given)]))
    preparing.delete(machine)
    const logic = machine.provide({ actors })
    prepared.set(machine, logic)
    return logic
  }

  const silenced = (machine: AnyStateMachine) =>
    machine.provide({ actors: Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, silentActor])) })

  return (machine: AnyStateMachine, legacy: boolean) => (legacy ? silenced(machine) : prepare(machine))
}

/** Why an actor cannot be replayed: before the journal's window, its machine unknown, or another build. */
function verdictBefore(track: Track, registry: ReadonlyMap<string, AnyStateMachine>): Pick<ReplayedActor, 'outcome' | 'note'> | null {
  if (track.first.event.type !== 'xstate.init') return { outcome: 'skipped', note: "started before the journal's window" }
  const machine = registry.get(track.first.machine)
  if (!machine) return { outcome: 'skipped', note: `no machine '${track.first.machine}' in src/machines` }
  const version = machineVersion(machine)
  if (!track.legacy && track.first.version !== version) {
    return { outcome: 'build', note: `recorded by another build: version ${track.first.version ?? '?'}, now ${version}` }
  }
  return null
}

/**
 * Replays a journal against the machines (by machine id) as the systems it recorded: each root
 * actor (no parent, starting with `xstate.init`) runs its machine with the input of that entry,
 * its non-machine children silent and its child machines real (`replayLogic`); a child the replay
 * starts is the journal's actor with the same parent and id (the next one not yet matched). Every
 * event from outside the system (the UI, a silenced actor's done or error event, the actor's own
 * delayed events) is sent again in the journal's order; an event a replayed actor of the same
 * system sent (sendTo, sendParent, a child's done event) the replay makes itself. An actor whose
 * parent is not replayed runs alone, all its events sent to it.
 *
 * Each actor's snapshots are then compared with its entries, one by one: the event, the state value
 * and the context, normalised (`normalised`: times) and masked alike. Actors whose journal starts
 * after the limit cut it, or whose machine is unknown, are skipped; a machine whose version differs
 * is reported as another build, not compared.
 */
export function replayJournal(machines: readonly AnyStateMachine[], entries: readonly JournalEntry[]): ReplayedActor[] {
  const registry = new Map(machines.map((machine) => [machine.id, machine]))
  const tracks = tracksOf(entries)
  const logicFor = replayLogic(registry, tracks)
  const verdicts = new Map([...tracks.values()].map((track) => [track.actor, verdictBefore(track, registry)]))

  // an actor runs in its parent's replay when the parent runs; else it is a root when it can be replayed
  const runsMemo = new Map<string, boolean>()
  const parentRuns = (track: Track): boolean => {
    const parent = track.first.parent === undefined ? undefined : tracks.get(track.first.parent)
    return parent !== undefined && runs(parent)
  }
  const runs = (track: Track): boolean => {
    let known = runsMemo.get(track.actor)
    if (known === undefined) {
      runsMemo.set(track.actor, false)
      known = parentRuns(track) || verdicts.get(track.actor) === null
      runsMemo.set(track.actor, known)
    }
    return known
  }
  const isRoot = (track: Track) => verdicts.get(track.actor) === null && !parentRuns(track)
  const childrenOf = new Map<string, Track[]>()
  for (const track of tracks.values()) {
    if (track.first.parent === undefined || track.first.event.type !== 'xstate.init') continue
    childrenOf.set(track.first.parent, [...(childrenOf.get(track.first.parent) ?? []), track])
  }

  const live = new Map<string, AnyActorRef>()
  const bound = new Map<unknown, string>()
  const rootOf = new Map<string, string>()
  const steps = new Map<string, Step[]>()
  let recording = true
  const bind = (ref: AnyActorRef, actor: string, root: string) => {
    live.set(actor, ref)
    bound.set(ref, actor)
    rootOf.set(actor, root)
    steps.set(actor, [])
  }

  const inspect = (inspection: InspectionEvent) => {
    if (!recording) return
    if (inspection.type === '@xstate.event' && inspection.event.type === 'xstate.init' && inspection.sourceRef) {
      const ref = inspection.actorRef as AnyActorRef
      const hosted = hosts.get(inspection.sourceRef as AnyActorRef)
      if (hosted) return bind(ref, hosted.actor, hosted.actor)
      const parent = bound.get(inspection.sourceRef)
      if (parent === undefined || !isMachine(logicOf(ref))) return
      const child = childrenOf.get(parent)?.find((track) => !live.has(track.actor) && track.first.id === ref.id)
      if (child) bind(ref, child.actor, rootOf.get(parent)!)
    } else if (inspection.type === '@xstate.snapshot') {
      const actor = bound.get(inspection.actorRef)
      const snapshot = inspection.snapshot as { value?: unknown; context?: unknown }
      if (actor !== undefined)
        steps.get(actor)!.push({ event: inspection.event.type, value: toPlainJson(snapshot.value), context: toPlainJson(snapshot.context) })
    }
  }

  // each replayed root runs as the one child of a host that stands for whatever started it: a
  // machine that sends to its parent (sendParent) runs alone as it ran with one
  const hosts = new Map<AnyActorRef, Track>()
  const startRoot = (track: Track) => {
    const { id, systemId, event } = track.first
    const host = createMachine({
      id: 'journalReplayHost',
      invoke: {
        id: id ?? 'replayed',
        src: logicFor(registry.get(track.first.machine)!, track.legacy),
        input: event.input,
        ...(systemId ? { systemId } : {}),
      },
    })
    const actor = createActor(host, { inspect })
    hosts.set(actor, track)
    // a machine that fails in the replay departs; it must not throw out of the replay
    actor.subscribe({ error: () => undefined })
    actor.start()
  }

  const hostOf = (actor: string) => [...hosts].find(([, track]) => track.actor === actor)?.[0]

  /** an event from outside the actor's system in the replay: from no actor, itself (a delay), or an actor the replay does not run beside it */
  const fromOutside = (entry: JournalEntry) =>
    entry.source === undefined || entry.source === entry.actor || !live.has(entry.source) || rootOf.get(entry.source) !== rootOf.get(entry.actor)

  // how many of each actor's entries the loop has passed
  const passed = new Map<string, number>()
  // a child's first events can be journaled before its parent's step that started it (the parent's
  // snapshot is taken when its whole step is over): they wait until the replay starts the child
  const waiting = new Map<string, { entry: JournalEntry; position: number }[]>()
  const replayEntry = (entry: JournalEntry, position: number) => {
    const track = tracks.get(entry.actor)!
    // the replay already went through this entry's step: an actor of its system sent the event
    // by a plain `send` (no sender in the journal), and the replay made it so again
    if ((steps.get(entry.actor)?.length ?? 0) > position) return
    if (entry.event.type === 'xstate.init') {
      if (track.first === entry && isRoot(track)) startRoot(track)
      return
    }
    const ref = live.get(entry.actor)
    if (!ref && !isRoot(track) && !verdicts.get(entry.actor)) {
      waiting.set(entry.actor, [...(waiting.get(entry.actor) ?? []), { entry, position }])
      return
    }
    if (!ref || (ref.getSnapshot() as { status: string }).status !== 'active') return
    // the recorded stop (the screen was left) ends a root; a child is stopped by its parent
    if (entry.event.type === 'xstate.stop') {
      if (rootOf.get(entry.actor) === entry.actor) hostOf(entry.actor)?.stop()
    } else if (fromOutside(entry)) ref.send(revived(entry.event))
  }
  const replayWaiting = () => {
    for (const [actor, held] of waiting) {
      if (!live.has(actor)) continue
      waiting.delete(actor)
      for (const { entry, position } of held) replayEntry(entry, position)
    }
  }
  entries.forEach((entry) => {
    const position = passed.get(entry.actor) ?? 0
    passed.set(entry.actor, position + 1)
    replayEntry(entry, position)
    replayWaiting()
  })
  recording = false
  for (const host of hosts.keys()) host.stop()

  return [...tracks.values()].map((track) => {
    const verdict = verdicts.get(track.actor)
    const parentOf = track.first.parent === undefined ? {} : { parent: track.first.parent }
    const base = {
      actor: track.actor,
      machine: track.first.machine,
      ...parentOf,
      ...(track.first.id === undefined ? {} : { id: track.first.id }),
      entries: track.entries,
      ...(track.first.parent !== undefined && isRoot(track) ? { standalone: true } : {}),
    }
    if (verdict) return { ...base, ...verdict, values: [], contexts: [] }
    return compared(track, base, steps.get(track.actor))
  })
}

/** The actor's replayed steps against its entries: equal, or departed at the first that differs. */
function compared(track: Track, base: Omit<ReplayedActor, 'outcome' | 'values' | 'contexts'>, got: readonly Step[] | undefined): ReplayedActor {
  const values: unknown[] = []
  const contexts: unknown[] = []
  const withContext = !track.legacy && track.entries.some((entry) => 'context' in entry)
  let expectedContext: unknown
  for (const [index, entry] of track.entries.entries()) {
    if ('context' in entry) expectedContext = entry.context
    const step = got?.[index]
    const departed = (part: string, journal: unknown, replay: unknown): ReplayedActor => ({
      ...base,
      outcome: 'departed',
      values,
      contexts,
      mismatchAt: index,
      departure: { entryIndex: track.indexes[index]!, event: entry.event.type, part, journal, replay },
    })
    if (!step) return departed('missing', entry.event.type, got ? null : 'its parent did not start it')
    values.push(step.value)
    contexts.push(step.context)
    if (step.event !== entry.event.type) return departed('event', entry.event.type, step.event)
    if (firstDifference(entry.value, step.value) !== null) return departed('value', entry.value, step.value)
    if (!withContext) continue
    const journal = normalised(expectedContext)
    const replay = normalised(step.context)
    const path = firstDifference(journal, replay)
    if (path !== null) {
      const part = path === '' ? 'context' : path.startsWith('[') ? `context${path}` : `context.${path}`
      return departed(part, valueAt(journal, path), valueAt(replay, path))
    }
  }
  return { ...base, outcome: 'equal', values, contexts }
}
