import { createActor, fromPromise, type AnyStateMachine, type InspectionEvent } from 'xstate'

/** One event that reached a machine, and the state it left the machine in. */
export interface JournalEntry {
  /** ISO time */
  at: string
  /** the actor's session id: entries of one actor share it */
  actor: string
  /** the machine's id, e.g. 'catalogueFilter' */
  machine: string
  /** the event as plain JSON (an error keeps its name, message and own fields) */
  event: { type: string } & Record<string, unknown>
  /** the state value after the event */
  value: unknown
}

export interface JournalExport {
  format: 'cabinet-journal'
  version: 1
  exportedAt: string
  entries: JournalEntry[]
}

export const JOURNAL_LIMIT = 5_000
/** answers with product lists are large: the journal also keeps to about this many characters */
export const JOURNAL_MAX_CHARS = 5_000_000
// '{"at":"2026-11-23T10:00:00.000Z","actor":"","machine":"","event":,"value":}'
const ENTRY_OVERHEAD_CHARS = 75

const errorToJson = (error: Error): Record<string, unknown> => ({ ...error, name: error.name, message: error.message })

// a password never leaves the tab: masked with as many dots, so length rules replay alike
const SECRET = 'password'
const mask = (text: string) => '•'.repeat(text.length)

function plainItem(key: string, item: unknown): unknown {
  if (item instanceof Error) return errorToJson(item)
  if (key === SECRET && typeof item === 'string') return mask(item)
  // a form's change event: { field: 'password', value }
  if (item !== null && typeof item === 'object' && 'field' in item && item.field === SECRET && 'value' in item && typeof item.value === 'string') {
    return { ...item, value: mask(item.value) }
  }
  return item
}

/** A JSON copy and its length: errors become objects, passwords are masked, functions dropped (events are data, never cyclic). */
function plainCopy<T>(value: T): { copy: T; chars: number } {
  const text = JSON.stringify(value, plainItem)
  return text === undefined ? { copy: value, chars: 0 } : { copy: JSON.parse(text) as T, chars: text.length }
}

const toPlainJson = <T>(value: T): T => plainCopy(value).copy

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'config' in logic && 'root' in logic

/** What the inspect hook keeps of a snapshot until the journal has time to copy it. */
interface Recorded {
  at: Date
  actor: string
  machine: string
  event: unknown
  value: unknown
}

/** Runs `task` when the browser is idle (within 2 s), or on the next turn where there is no idle callback. */
const whenIdle = (task: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2_000 })
  else setTimeout(task, 0)
}

/**
 * The journal (architecture §4): every event that reaches a machine, with time, actor and the
 * resulting state, taken through XState's `inspect` hook. It keeps the newest JOURNAL_LIMIT
 * entries (and JOURNAL_MAX_CHARS of JSON); QA exports it as JSON for a bug report, and `replayJournal` reproduces the states.
 *
 * The hook only notes the event and the state (events and snapshots are never changed once made);
 * the JSON copies, masking and trimming wait for an idle moment, so the start-up and a click's
 * paint do not pay for them. Reading the journal catches up first.
 */
export function createJournal(options: { limit?: number; maxChars?: number; now?: () => Date; schedule?: (task: () => void) => void } = {}) {
  const limit = options.limit ?? JOURNAL_LIMIT
  const maxChars = options.maxChars ?? JOURNAL_MAX_CHARS
  const now = options.now ?? (() => new Date())
  const schedule = options.schedule ?? whenIdle
  const entries: JournalEntry[] = []
  // the JSON length of each entry, alongside
  const sizes: number[] = []
  let chars = 0
  let pending: Recorded[] = []

  const record = ({ at, actor, machine, event, value }: Recorded) => {
    const plainEvent = plainCopy(event as JournalEntry['event'])
    const plainValue = plainCopy(value)
    const entry: JournalEntry = { at: at.toISOString(), actor, machine, event: plainEvent.copy, value: plainValue.copy }
    // the event and the state, plus the time, ids and keys
    const size = plainEvent.chars + plainValue.chars + ENTRY_OVERHEAD_CHARS + actor.length + machine.length
    entries.push(entry)
    sizes.push(size)
    chars += size
    while (entries.length > 1 && (entries.length > limit || chars > maxChars)) {
      entries.shift()
      chars -= sizes.shift()!
    }
  }

  const catchUp = () => {
    const recorded = pending
    pending = []
    recorded.forEach(record)
  }

  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.snapshot') return
    const { actorRef, event, snapshot } = inspection
    const logic = (actorRef as { logic?: unknown }).logic
    if (!isMachine(logic)) return
    if (pending.length === 0) schedule(catchUp)
    pending.push({ at: now(), actor: actorRef.sessionId, machine: logic.id, event, value: (snapshot as { value?: unknown }).value })
  }

  const read = (): readonly JournalEntry[] => {
    catchUp()
    return entries
  }

  return {
    inspect,
    entries: read,
    size: () => read().length,
    exportJson: (): string =>
      JSON.stringify({ format: 'cabinet-journal', version: 1, exportedAt: now().toISOString(), entries: [...read()] } satisfies JournalExport, null, 2),
  }
}

export type Journal = ReturnType<typeof createJournal>

export interface ReplayedActor {
  actor: string
  machine: string
  /** the state values the replay went through, one per journal entry of the actor */
  values: unknown[]
  /** the actor's journal entries, in order */
  entries: JournalEntry[]
  /** the first entry whose state differs from the journal's, if any */
  mismatchAt?: number
}

// in a replay nothing is fetched: the outcomes come from the journal's own done/error events
const silentActor = fromPromise(() => new Promise<never>(() => undefined))

/**
 * Replays a journal against the machines (by machine id): each actor starts with the input of its
 * `xstate.init` entry and is sent its recorded events; its invoked actors never answer, since their
 * answers are recorded events too. Actors whose journal starts after the limit cut it are skipped.
 */
export function replayJournal(machines: readonly AnyStateMachine[], entries: readonly JournalEntry[]): ReplayedActor[] {
  const byId = new Map(machines.map((machine) => [machine.id, machine]))
  const byActor = new Map<string, JournalEntry[]>()
  for (const entry of entries) {
    const own = byActor.get(entry.actor)
    if (own) own.push(entry)
    else byActor.set(entry.actor, [entry])
  }

  const replayed: ReplayedActor[] = []
  for (const [actorId, actorEntries] of byActor) {
    const [first, ...rest] = actorEntries
    const machine = first && byId.get(first.machine)
    if (!first || !machine || first.event.type !== 'xstate.init') continue
    const silentActors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, silentActor]))
    const actor = createActor(machine.provide({ actors: silentActors }), { input: first.event.input })
    actor.start()
    const values = [toPlainJson(actor.getSnapshot().value)]
    for (const entry of rest) {
      // the recorded stop (the screen was left) ends the actor, but its state stays as it was
      if (entry.event.type !== 'xstate.stop') actor.send(entry.event)
      values.push(toPlainJson(actor.getSnapshot().value))
    }
    actor.stop()
    const mismatchAt = actorEntries.findIndex((entry, index) => JSON.stringify(entry.value) !== JSON.stringify(values[index]))
    replayed.push({ actor: actorId, machine: first.machine, values, entries: actorEntries, ...(mismatchAt >= 0 ? { mismatchAt } : {}) })
  }
  return replayed
}
