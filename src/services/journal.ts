import type { AnyActorRef, AnyEventObject, AnyStateMachine, InspectionEvent } from 'xstate'
import { isMachine, JOURNAL_FORMAT, JOURNAL_VERSION, machineVersion, plainCopy, type JournalEntry, type JournalExport } from './journal-format'
import { createJournalStore, type JournalStorage } from './journal-store'

export type { JournalEntry, JournalExport } from './journal-format'
export { replayJournal, type ReplayedActor } from './journal-replay'

export const JOURNAL_LIMIT = 5_000
/** answers with product lists are large: the journal also keeps to about this many characters */
export const JOURNAL_MAX_CHARS = 5_000_000

/** The public parts of an actor the journal reads (an Actor has them all; ActorRefLike types fewer). */
type RecordedRef = InspectionEvent['actorRef'] & Partial<Pick<AnyActorRef, 'id' | 'src'>> & { systemId?: string }

/** What the inspect hook keeps of a snapshot until the journal has time to copy it: references only. */
interface Recorded {
  at: Date
  ref: RecordedRef
  logic: AnyStateMachine
  event: AnyEventObject
  snapshot: { value?: unknown; context?: unknown; status?: string }
  /** the actor of the system that sent the event, if one did */
  source: { sessionId: string } | undefined
}

/** What the journal knows of a running actor. */
interface ActorInfo {
  header: Omit<JournalEntry, 'at' | 'source' | 'event' | 'value' | 'context'>
  /** the context of its newest entry (an entry with the same object leaves `context` out) */
  context: unknown
}

const NO_CONTEXT_YET = Symbol('no context yet')

/** Runs `task` when the browser is idle (within 2 s), or on the next turn where there is no idle callback. */
const whenIdle = (task: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2_000 })
  else setTimeout(task, 0)
}

/** The stored copy catches up when the page is left (a reload), not only at idle moments. */
const onPageHide = (flush: () => void): void => {
  if (typeof addEventListener === 'function') addEventListener('pagehide', flush)
}

export interface JournalOptions {
  limit?: number
  maxChars?: number
  now?: () => Date
  schedule?: (task: () => void) => void
  /** the tab's sessionStorage: the journal lives across reloads of the tab; without it, in memory only */
  storage?: JournalStorage
  /** how the journal learns the page is left, to store what it has not yet stored */
  onLeave?: (flush: () => void) => void
}

/**
 * The journal (architecture §4): every event that reaches a machine, with time, actor (its parent,
 * id, systemId, src), the machine's version, the actor that sent it, and the state and context it
 * led to, taken through XState's `inspect` hook. It keeps the newest JOURNAL_LIMIT entries (and
 * JOURNAL_MAX_CHARS of JSON); given the tab's sessionStorage it keeps them across reloads, each
 * load's actors prefixed with the load's id. QA exports it as JSON for a bug report, and
 * `replayJournal` reproduces the states and contexts.
 *
 * The hook only notes references (events and snapshots are never changed once made; the sender of
 * an event from its `@xstate.event` inspection); the JSON copies, masking, hashing, trimming and
 * storing wait for an idle moment, so the start-up and a click's paint do not pay for them.
 * Reading the journal catches up first.
 */
export function createJournal(options: JournalOptions = {}) {
  const limit = options.limit ?? JOURNAL_LIMIT
  const maxChars = options.maxChars ?? JOURNAL_MAX_CHARS
  const now = options.now ?? (() => new Date())
  const schedule = options.schedule ?? whenIdle
  const store = options.storage && createJournalStore(options.storage, { limit, maxChars })
  const loadId = store?.loadId ?? 'p1'
  const entries: JournalEntry[] = []
  // the JSON length of each entry, alongside
  const sizes: number[] = []
  let chars = 0
  let pending: Recorded[] = []
  let restored = !store
  // the sender of each event, by its recipient: filled from `@xstate.event`, read with the snapshot
  const sources = new WeakMap<object, WeakMap<object, { sessionId: string }>>()
  const actors = new Map<string, ActorInfo>()

  const journalId = (sessionId: string) => `${loadId}:${sessionId}`

  const keep = (entry: JournalEntry, size: number) => {
    entries.push(entry)
    sizes.push(size)
    chars += size
    while (entries.length > 1 && (entries.length > limit || chars > maxChars)) {
      entries.shift()
      chars -= sizes.shift()!
    }
  }

  const infoOf = ({ ref, logic, event, source }: Recorded): ActorInfo => {
    const known = actors.get(ref.sessionId)
    if (known) return known
    // an actor's parent sends it its xstate.init
    const parent = event.type === 'xstate.init' && source ? journalId(source.sessionId) : undefined
    const info: ActorInfo = {
      header: {
        actor: journalId(ref.sessionId),
        ...(parent ? { parent } : {}),
        ...(typeof ref.id === 'string' ? { id: ref.id } : {}),
        ...(typeof ref.systemId === 'string' ? { systemId: ref.systemId } : {}),
        ...(typeof ref.src === 'string' ? { src: ref.src } : {}),
        machine: logic.id,
        version: machineVersion(logic),
      },
      context: NO_CONTEXT_YET,
    }
    actors.set(ref.sessionId, info)
    return info
  }

  const record = (recorded: Recorded): [JournalEntry, number] => {
    const { at, ref, event, snapshot, source } = recorded
    const info = infoOf(recorded)
    const head = { at: at.toISOString(), ...info.header, ...(source ? { source: journalId(source.sessionId) } : {}) }
    const plainEvent = plainCopy(event as JournalEntry['event'])
    const plainValue = plainCopy(snapshot.value)
    // the first entry of an actor has its context; a later one only when the context changed
    const contextChanged = snapshot.context !== undefined && snapshot.context !== info.context
    const plainContext = contextChanged ? plainCopy(snapshot.context) : undefined
    info.context = snapshot.context
    if (snapshot.status !== 'active') actors.delete(ref.sessionId)
    const entry: JournalEntry = { ...head, event: plainEvent.copy, value: plainValue.copy, ...(plainContext ? { context: plainContext.copy } : {}) }
    // the head's JSON with one-character stand-ins for the copied parts, plus those parts
    const parts = [plainEvent, plainValue, ...(plainContext ? [plainContext] : [])]
    const headChars = JSON.stringify({ ...head, event: 0, value: 0, ...(plainContext ? { context: 0 } : {}) }).length
    return [entry, headChars + parts.reduce((sum, part) => sum + part.chars - 1, 0)]
  }

  const catchUp = () => {
    if (!restored) {
      restored = true
      for (const entry of store?.restore() ?? []) keep(entry, JSON.stringify(entry).length)
    }
    const recorded = pending
    pending = []
    const added = recorded.map(record)
    for (const [entry, size] of added) keep(entry, size)
    store?.append(
      added.map(([entry]) => entry),
      added.map(([, size]) => size),
    )
  }

  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.event') {
      const { actorRef, event, sourceRef } = inspection
      if (!sourceRef) return
      let byEvent = sources.get(actorRef)
      if (!byEvent) sources.set(actorRef, (byEvent = new WeakMap()))
      byEvent.set(event, sourceRef)
      return
    }
    if (inspection.type !== '@xstate.snapshot') return
    const { actorRef, event, snapshot } = inspection
    const logic = (actorRef as { logic?: unknown }).logic
    if (!isMachine(logic)) return
    if (pending.length === 0) schedule(catchUp)
    pending.push({ at: now(), ref: actorRef, logic, event, snapshot, source: sources.get(actorRef)?.get(event) })
  }

  if (store) (options.onLeave ?? onPageHide)(catchUp)

  const read = (): readonly JournalEntry[] => {
    catchUp()
    return entries
  }

  return {
    inspect,
    entries: read,
    size: () => read().length,
    /** this page load's id, the prefix of its actors' ids */
    loadId,
    exportJson: (): string =>
      JSON.stringify(
        { format: JOURNAL_FORMAT, version: JOURNAL_VERSION, exportedAt: now().toISOString(), entries: [...read()] } satisfies JournalExport,
        null,
        2,
      ),
  }
}

export type Journal = ReturnType<typeof createJournal>
