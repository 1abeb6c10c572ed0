import type { InspectionEvent } from 'xstate'
import { whenIdle, type IdleMoment } from './idle'
import type { JournalBook } from './journal-book'
import type { JournalEntry } from './journal-format'
import { isMachine, JOURNAL_LOAD_KEY, type Recorded } from './journal-recorded'
import type { JournalStorage } from './journal-store'

const JOURNAL_LIMIT = 5_000
/** answers with product lists are large: the journal also keeps to about this many characters */
const JOURNAL_MAX_CHARS = 5_000_000

/** The stored copy catches up when the page is left (a reload), not only at idle moments. */
const onPageHide = (flush: () => void): void => {
  if (typeof addEventListener === 'function') addEventListener('pagehide', flush)
}

/** Takes the next page load's number of the tab (1 for its first load) and stores it. */
function nextLoadNumber(storage: JournalStorage): number {
  const loadNumber = (Number.parseInt(storage.read(JOURNAL_LOAD_KEY) ?? '', 10) || 0) + 1
  storage.write(JOURNAL_LOAD_KEY, String(loadNumber))
  return loadNumber
}

export interface JournalOptions {
  limit?: number
  maxChars?: number
  now?: () => Date
  /**
   * runs the journal's catching up at an idle moment (the task's promise settles when it is done);
   * given how long the moment lasts, the task copies a slice of what was noted and schedules the rest
   */
  schedule?: (task: (moment?: IdleMoment) => Promise<void>) => void
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
 * an event from its `@xstate.event` inspection). The JSON copies, masking, hashing, trimming and
 * storing (journal-book.ts) are not in the first load: at the first idle moment that module is
 * loaded and catches up with what was noted meanwhile, then with each burst of events at the next
 * idle moment, and when the page is left. Reading the journal waits for that module and catches
 * up first, so it is asynchronous.
 */
export function createJournal(options: JournalOptions = {}) {
  const limit = options.limit ?? JOURNAL_LIMIT
  const maxChars = options.maxChars ?? JOURNAL_MAX_CHARS
  const now = options.now ?? (() => new Date())
  const schedule = options.schedule ?? whenIdle
  const storage = options.storage
  // taken now: a page load is numbered whether or not its journal gets stored
  const loadNumber = storage ? nextLoadNumber(storage) : 1
  let pending: Recorded[] = []
  let scheduled = false
  // the sender of each event, by its recipient: filled from `@xstate.event`, read with the snapshot
  const sources = new WeakMap<object, WeakMap<object, { sessionId: string }>>()
  let book: JournalBook | undefined
  let loading: Promise<JournalBook> | undefined

  const load = (): Promise<JournalBook> =>
    (loading ??= import('./journal-book').then(
      // the module, not its destructured export: Vite writes a destructured dynamic import out longer, in the first load
      (module) => (book = module.createJournalBook({ limit, maxChars, loadNumber, storage })),
      (error: unknown) => {
        // not loaded (the network): the next idle moment or reading tries again
        loading = undefined
        throw error
      },
    ))

  const flush = (loaded: JournalBook) => {
    pending = loaded.add(pending)
  }

  const scheduleCatchUp = () => {
    if (scheduled) return
    scheduled = true
    schedule(catchUp)
  }

  /** the book, caught up with everything noted so far */
  const caughtUp = async (): Promise<JournalBook> => {
    const loaded = await load()
    flush(loaded)
    return loaded
  }
  const read = async (): Promise<readonly JournalEntry[]> => (await caughtUp()).entries()

  /** copies what was noted, a slice per idle moment (journal-book.ts); the rest at the next one */
  const catchUp = async (moment?: IdleMoment) => {
    scheduled = false
    try {
      const loaded = await load()
      pending = loaded.add(pending, moment)
      if (pending.length > 0) scheduleCatchUp()
    } catch {
      // what was noted stays pending until the module is there
    }
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
    scheduleCatchUp()
    pending.push({ at: now(), ref: actorRef, logic, event, snapshot, source: sources.get(actorRef)?.get(event) })
  }

  // leaving the page cannot wait for a module: what is noted is stored if the module is there
  if (storage) (options.onLeave ?? onPageHide)(() => book && flush(book))

  return {
    inspect,
    entries: read,
    size: async (): Promise<number> => (await read()).length,
    /** this page load's id, the prefix of its actors' ids */
    loadId: `p${loadNumber}`,
    exportJson: async (): Promise<string> => (await caughtUp()).exportJson(now()),
  }
}

export type Journal = ReturnType<typeof createJournal>
