import { JOURNAL_FORMAT, JOURNAL_VERSION, machineVersion, plainCopy, plainMember, type JournalEntry, type JournalExport } from './journal-format'
import type { IdleMoment } from './idle'
import type { Recorded } from './journal-recorded'
import { createJournalStore, type JournalStorage, type NewEntry } from './journal-store'

/** One member of a context as copied: the object it was copied from, its plain copy and its JSON length (`"key":value`). */
interface CopiedMember {
  live: unknown
  copy: unknown
  chars: number
}

/** What the journal knows of a running actor. */
interface ActorInfo {
  header: Omit<JournalEntry, 'at' | 'source' | 'event' | 'value' | 'context'>
  /** the context of its newest entry (an entry with the same object leaves `context` out) */
  context: unknown
  /** that context's members as copied, when it is a plain object */
  members?: Map<string, CopiedMember>
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype

/**
 * The plain copy of a context and its JSON length. Assigns replace the members they change and
 * keep the others' objects, so only a member whose object differs from the one in `previous` is
 * copied again (the catalogue's query on a filter click, not its page of products); `changes`
 * holds those members when the context has the same keys as before (the stored copy keeps only them).
 */
function copyContext(previous: Map<string, CopiedMember> | undefined, context: unknown) {
  if (!isPlainObject(context)) return { ...plainCopy(context), members: undefined, changes: undefined }
  const members = new Map<string, CopiedMember>()
  const copy: Record<string, unknown> = {}
  const changes: Record<string, unknown> = {}
  let sameKeys = previous !== undefined && previous.size === Object.keys(context).length
  let chars = 1
  for (const [key, live] of Object.entries(context)) {
    const known = previous?.get(key)
    const member = known && known.live === live ? known : { live, ...(plainMember(key, live) ?? { copy: undefined, chars: 0 }) }
    members.set(key, member)
    if (member !== known) sameKeys &&= known !== undefined && (member.chars === 0) === (known.chars === 0)
    // a member JSON leaves out (undefined)
    if (member.chars === 0) continue
    copy[key] = member.copy
    if (member !== known) changes[key] = member.copy
    chars += member.chars + 1
  }
  return { copy, chars: Math.max(chars, 2), members, changes: sameKeys ? changes : undefined }
}

const NO_CONTEXT_YET = Symbol('no context yet')

/**
 * The longest slice of copying one idle moment gets, in ms: a phone, four times slower, stays
 * under its 50 ms long-task line (issue 24); what is left waits for the next idle moment.
 */
const IDLE_SLICE_MS = 10

export interface JournalBookOptions {
  limit: number
  maxChars: number
  /** the page load's number: its actors' ids are prefixed with `p<number>` */
  loadNumber: number
  storage?: JournalStorage
}

/**
 * The journal's entries (journal.ts): the JSON copies of what its inspect hook noted, secrets
 * masked, each actor's machine version hashed, the newest kept within the limits, and, given the
 * tab's sessionStorage, the stored copy (journal-store.ts) restored and appended to. Not in the
 * first load: journal.ts loads it at the first idle moment and hands it what it noted meanwhile.
 */
export function createJournalBook(options: JournalBookOptions) {
  const { limit, maxChars, loadNumber } = options
  const store = options.storage && createJournalStore(options.storage, { limit, maxChars }, loadNumber)
  const loadId = `p${loadNumber}`
  const entries: JournalEntry[] = []
  // the JSON length of each entry, alongside
  const sizes: number[] = []
  let chars = 0
  let restored = !store
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

  const record = (recorded: Recorded): NewEntry => {
    const { at, ref, event, snapshot, source } = recorded
    const info = infoOf(recorded)
    const head = { at: at.toISOString(), ...info.header, ...(source ? { source: journalId(source.sessionId) } : {}) }
    const plainEvent = plainCopy(event as JournalEntry['event'])
    const plainValue = plainCopy(snapshot.value)
    // the first entry of an actor has its context; a later one only when the context changed
    const contextChanged = snapshot.context !== undefined && snapshot.context !== info.context
    const plainContext = contextChanged ? copyContext(info.members, snapshot.context) : undefined
    info.context = snapshot.context
    if (plainContext) info.members = plainContext.members
    if (snapshot.status !== 'active') actors.delete(ref.sessionId)
    const entry: JournalEntry = { ...head, event: plainEvent.copy, value: plainValue.copy, ...(plainContext ? { context: plainContext.copy } : {}) }
    // the head's JSON with one-character stand-ins for the copied parts, plus those parts
    const parts = [plainEvent, plainValue, ...(plainContext ? [plainContext] : [])]
    const headChars = JSON.stringify({ ...head, event: 0, value: 0, ...(plainContext ? { context: 0 } : {}) }).length
    const size = headChars + parts.reduce((sum, part) => sum + part.chars - 1, 0)
    return { entry, size, ...(plainContext?.changes ? { contextChanges: plainContext.changes } : {}) }
  }

  /**
   * Adds what the hook noted, in order (the stored copy first, the first time). Given an idle
   * moment, it copies for IDLE_SLICE_MS of it at most (one entry at least); it returns what it left.
   */
  const add = (recorded: readonly Recorded[], moment?: IdleMoment): Recorded[] => {
    if (!restored) {
      restored = true
      for (const entry of store?.restore() ?? []) keep(entry, JSON.stringify(entry).length)
    }
    // the time left is read now: loading this module may have used some of the moment
    const sliceEnd = performance.now() + Math.min(IDLE_SLICE_MS, moment?.timeRemaining() ?? Infinity)
    const added: NewEntry[] = []
    for (const item of recorded) {
      if (added.length > 0 && performance.now() >= sliceEnd) break
      added.push(record(item))
    }
    for (const { entry, size } of added) keep(entry, size)
    store?.append(added)
    return recorded.slice(added.length)
  }

  return {
    add,
    entries: (): readonly JournalEntry[] => entries,
    exportJson: (exportedAt: Date): string =>
      JSON.stringify(
        { format: JOURNAL_FORMAT, version: JOURNAL_VERSION, exportedAt: exportedAt.toISOString(), entries: [...entries] } satisfies JournalExport,
        null,
        2,
      ),
  }
}

export type JournalBook = ReturnType<typeof createJournalBook>
