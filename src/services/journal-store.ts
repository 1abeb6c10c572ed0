import type { JournalEntry } from './journal-format'
import type { AppStorage } from './storage'

/** Where the journal lives across reloads of the tab: sessionStorage through the storage service. */
export type JournalStorage = Pick<AppStorage, 'read' | 'write' | 'remove'>

/** the index: which chunks hold the journal, oldest first */
export const JOURNAL_STORAGE_KEY = 'cabinet.journal'

/**
 * a chunk is rewritten with the new entries of each idle moment until it holds about this many
 * characters: the rewrite (the storage write) grows with the chunk, and it runs in the idle
 * moment's task, where a dealer's tap may have to wait for it (filtering the catalogue on a
 * desktop, the storing took about 7 ms a click at 200,000 and 3.4 ms at 50,000)
 */
const CHUNK_CHARS = 50_000

/** An entry the journal adds, with its JSON length. */
export interface NewEntry {
  entry: JournalEntry
  size: number
  /**
   * the members of its context that differ from the actor's previous context (same keys): the
   * chunk stores only these when it holds that previous context
   */
  contextChanges?: Record<string, unknown>
}

/** An entry as a chunk holds it: its context whole, or the members changed since the actor's previous entry in the chunk. */
type StoredEntry = JournalEntry | (Omit<JournalEntry, 'context'> & { contextChanges: Record<string, unknown> })

interface ChunkInfo {
  key: string
  count: number
  chars: number
}

interface StoredIndex {
  chunks: ChunkInfo[]
}

const isChunkInfo = (item: unknown): item is ChunkInfo =>
  item !== null &&
  typeof item === 'object' &&
  typeof (item as ChunkInfo).key === 'string' &&
  (item as ChunkInfo).key.startsWith(`${JOURNAL_STORAGE_KEY}.`) &&
  typeof (item as ChunkInfo).count === 'number' &&
  typeof (item as ChunkInfo).chars === 'number'

const isEntry = (item: unknown): item is JournalEntry =>
  item !== null &&
  typeof item === 'object' &&
  typeof (item as JournalEntry).actor === 'string' &&
  typeof (item as JournalEntry).machine === 'string' &&
  typeof (item as JournalEntry).at === 'string' &&
  typeof (item as JournalEntry).event?.type === 'string'

function parsed<T>(text: string | null, valid: (value: unknown) => value is T): T | null {
  if (text === null) return null
  try {
    const value: unknown = JSON.parse(text)
    return valid(value) ? value : null
  } catch {
    return null
  }
}

const isIndex = (value: unknown): value is StoredIndex =>
  value !== null && typeof value === 'object' && Array.isArray((value as StoredIndex).chunks) && (value as StoredIndex).chunks.every(isChunkInfo)

const isEntryList = (value: unknown): value is StoredEntry[] => Array.isArray(value) && value.every(isEntry)

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** A chunk's entries with their contexts whole again: each change applied to the actor's previous context in the chunk. */
function wholeEntries(stored: readonly StoredEntry[]): JournalEntry[] {
  const contexts = new Map<string, unknown>()
  return stored.map((item) => {
    if (!('contextChanges' in item)) {
      if ('context' in item) contexts.set(item.actor, item.context)
      return item
    }
    const { contextChanges, ...entry } = item
    const previous = contexts.get(entry.actor)
    if (!isRecord(previous) || !isRecord(contextChanges)) return entry
    const context = { ...previous, ...contextChanges }
    contexts.set(entry.actor, context)
    return { ...entry, context }
  })
}

/**
 * The journal's copy in sessionStorage: an index (JOURNAL_STORAGE_KEY) naming chunks of entries,
 * each a JSON array under `cabinet.journal.<load>.<n>`. Each idle moment rewrites only this load's
 * newest chunk and the index; a chunk whose entries the limits would drop anyway is removed. When
 * the storage is full the oldest chunks make room; when even that fails, the journal stays in the
 * tab's memory only. Anything stored that does not parse is dropped. The page load's number
 * (`nextLoadNumber`, journal.ts) is given: it is taken at start-up, before this module is loaded.
 */
export function createJournalStore(storage: JournalStorage, limits: { limit: number; maxChars: number }, loadNumber: number) {
  /** this page load's id: actor ids restart at each load, so they are prefixed with it */
  const loadId = `p${loadNumber}`
  let chunks: ChunkInfo[] = []
  /** the chunk being written: its entries' JSON, and the actors whose newest context it holds */
  let current: { info: ChunkInfo; texts: string[]; chars: number; actors: Set<string> } | null = null

  /** removes the chunks of earlier loads an unreadable index may have left (their keys are known) */
  const forgetEarlierLoads = () => {
    for (let load = 1; load < loadNumber; load += 1) {
      for (let seq = 0; storage.read(`${JOURNAL_STORAGE_KEY}.p${load}.${seq}`) !== null; seq += 1) storage.remove(`${JOURNAL_STORAGE_KEY}.p${load}.${seq}`)
    }
  }

  /** The entries earlier loads of this tab stored, oldest first. */
  const restore = (): JournalEntry[] => {
    const text = storage.read(JOURNAL_STORAGE_KEY)
    const index = parsed(text, isIndex)
    if (!index) {
      if (text !== null) forgetEarlierLoads()
      storage.remove(JOURNAL_STORAGE_KEY)
      return []
    }
    const restored: JournalEntry[] = []
    for (const chunk of index.chunks) {
      const entries = parsed(storage.read(chunk.key), isEntryList)
      if (entries) {
        chunks.push(chunk)
        restored.push(...wholeEntries(entries))
      } else storage.remove(chunk.key)
    }
    return restored
  }

  const writeIndex = () => storage.write(JOURNAL_STORAGE_KEY, JSON.stringify({ chunks } satisfies StoredIndex))

  /** drops the oldest chunk (never the one being written): false when there is none */
  const dropOldest = (): boolean => {
    const oldest = chunks[0]
    if (!oldest || oldest === current?.info) return false
    chunks.shift()
    storage.remove(oldest.key)
    return true
  }

  /** whether the limits would drop the oldest chunk whole on the next load */
  const oldestIsSurplus = (): boolean => {
    const oldest = chunks[0]
    if (!oldest) return false
    const rest = chunks.slice(1)
    return rest.reduce((sum, chunk) => sum + chunk.count, 0) >= limits.limit || rest.reduce((sum, chunk) => sum + chunk.chars, 0) >= limits.maxChars
  }

  // chunk keys of this load: p2.0, p2.1 … (never reused within the load)
  let seq = 0

  /** The entry as the chunk stores it: the changes of its context alone when the chunk holds the actor's previous one. */
  const storedOf = (chunk: NonNullable<typeof current>, { entry, contextChanges }: NewEntry): StoredEntry => {
    if (!('context' in entry)) return entry
    if (contextChanges && chunk.actors.has(entry.actor)) {
      const { context: _whole, ...rest } = entry
      return { ...rest, contextChanges }
    }
    chunk.actors.add(entry.actor)
    return entry
  }

  /** Adds entries (with their JSON lengths) to the stored copy. */
  const append = (added: readonly NewEntry[]) => {
    if (added.length === 0) return
    if (!current || current.chars >= CHUNK_CHARS) {
      current = { info: { key: `${JOURNAL_STORAGE_KEY}.${loadId}.${seq++}`, count: 0, chars: 0 }, texts: [], chars: 0, actors: new Set() }
      chunks.push(current.info)
    }
    for (const item of added) {
      const text = JSON.stringify(storedOf(current, item))
      current.texts.push(text)
      current.chars += text.length + 1
    }
    current.info.count += added.length
    current.info.chars += added.reduce((sum, { size }) => sum + size, 0)
    while (oldestIsSurplus() && dropOldest()) {
      // dropped
    }
    const text = `[${current.texts.join(',')}]`
    while (!storage.write(current.info.key, text)) {
      if (dropOldest()) continue
      // not even this chunk fits: its entries stay in this tab's memory only
      const failed = current.info
      chunks = chunks.filter((chunk) => chunk !== failed)
      storage.remove(failed.key)
      current = null
      break
    }
    writeIndex()
  }

  return { loadId, restore, append }
}
