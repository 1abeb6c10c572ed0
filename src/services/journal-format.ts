import type { AnyStateMachine } from 'xstate'
import { maskedItem } from '../contract/journal-secrets'

/**
 * One event that reached a machine, and the state and context it left the machine in
 * (the journal's format 2; format 1 had only at, actor, machine, event and value).
 */
export interface JournalEntry {
  /** ISO time */
  at: string
  /** the actor: its session id prefixed with the page load's id ('p2:x:3'); entries of one actor share it */
  actor: string
  /** the parent actor's `actor` (the actor that invoked or spawned this one); absent for a root actor */
  parent?: string
  /** the actor's id: the invoke or spawn id ('shell', 'basket'), the session id for a root */
  id?: string
  /** the actor's systemId, when it has one */
  systemId?: string
  /** the name its parent's implementations give its logic ('basket'), when it has one */
  src?: string
  /** the machine's id, e.g. 'catalogueFilter' */
  machine: string
  /** a short hash of the machine's definition (`machineVersion`): another value means another build of the machine */
  version?: string
  /**
   * the `actor` of the actor of the same system that sent the event (a parent's sendTo, a child's
   * sendParent or its done event, the actor itself for its delayed events, the parent for
   * xstate.init); absent when the event came from outside the system (the UI, another root)
   */
  source?: string
  /** the event as plain JSON (an error keeps its name, message and own fields; secrets masked) */
  event: { type: string } & Record<string, unknown>
  /** the state value after the event */
  value: unknown
  /**
   * the context after the event as plain JSON, secrets masked; absent when the event left the
   * context as it was (the same object): then it is that of the actor's previous entry
   */
  context?: unknown
}

export interface JournalExport {
  format: 'cabinet-journal'
  /** 2: parents, ids, versions, sources and contexts; 1 (still read): state values only */
  version: 1 | 2
  exportedAt: string
  entries: JournalEntry[]
}

export const JOURNAL_FORMAT = 'cabinet-journal'
export const JOURNAL_VERSION = 2

export { isMachine } from './journal-recorded'

const errorToJson = (error: Error): Record<string, unknown> => ({ ...error, name: error.name, message: error.message })

/** A secret never leaves the tab: masked by the rule the server applies again (contract/journal-secrets.ts). */
const plainItem = (key: string, item: unknown): unknown => (item instanceof Error ? errorToJson(item) : maskedItem(key, item))

/** Stands for a value JSON cannot hold (a cycle, a BigInt): the entry is kept all the same. */
const NOT_JSON = '<not JSON>'

/** A JSON copy and its length: errors become objects, secrets are masked, functions dropped. */
export function plainCopy<T>(value: T): { copy: T; chars: number } {
  let text: string | undefined
  try {
    text = JSON.stringify(value, plainItem)
  } catch {
    text = JSON.stringify(NOT_JSON)
  }
  return text === undefined ? { copy: value, chars: 0 } : { copy: JSON.parse(text) as T, chars: text.length }
}

export const toPlainJson = <T>(value: T): T => plainCopy(value).copy

/**
 * The plain copy of one member of an object, masked by its key, and the length of its JSON
 * (`"key":value`); undefined when JSON leaves the member out (undefined, a function).
 */
export function plainMember(key: string, value: unknown): { copy: unknown; chars: number } | undefined {
  const { copy, chars } = plainCopy({ [key]: value })
  // not JSON (a cycle): the member holds the stand-in
  if (copy === null || typeof copy !== 'object') return { copy, chars: JSON.stringify(key).length + 1 + chars }
  return key in copy ? { copy: (copy as Record<string, unknown>)[key], chars: chars - 2 } : undefined
}

/** cyrb53: a 53-bit string hash, written in base 36 (about 10 characters). */
function hash(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

const versions = new WeakMap<object, string>()

/**
 * The machine's version: a hash of its definition (states, transitions, guards' and actions' names,
 * invokes) as JSON. Written descriptions do not count (production builds drop them), nor do the
 * implementations a machine is provided with, so `machine.provide(…)` has its machine's version.
 * Computed once per logic object.
 */
export function machineVersion(machine: AnyStateMachine): string {
  const known = versions.get(machine)
  if (known !== undefined) return known
  const version = hash(JSON.stringify(machine.definition, (key, item: unknown) => (key === 'description' ? undefined : item)))
  versions.set(machine, version)
  return version
}

/** What a time reads as, on both sides of a comparison. */
const TIME_PLACEHOLDER = '<time>'
const ISO_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?$/
/** keys whose number is a moment: at, savedAt, answeredAt … */
const TIME_KEY = /^at$|At$/

/**
 * The normal form of a context (or any JSON) for a replay's comparison: a string that reads as
 * an ISO date-time, and a number under a key naming a moment (`at`, `…At`), become TIME_PLACEHOLDER;
 * the rest as it is (masked strings compare as their dots).
 */
export function normalised(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return ISO_DATE_TIME.test(value) ? TIME_PLACEHOLDER : value
  if (typeof value === 'number') return TIME_KEY.test(key) ? TIME_PLACEHOLDER : value
  if (Array.isArray(value)) return value.map((item) => normalised(item))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, normalised(item, name)]))
  }
  return value
}

/** The first place where two JSON values differ ('' when at the top, 'lines[0].quantity' inside), or null when equal. */
export function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (Object.is(a, b)) return null
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
      const found = firstDifference(a[index], b[index], `${path}[${index}]`)
      if (found !== null) return found
    }
    return null
  }
  const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)
  if (isRecord(a) && isRecord(b)) {
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[name], b[name], path ? `${path}.${name}` : name)
      if (found !== null) return found
    }
    return null
  }
  return path
}

/** The part of a JSON value at a path firstDifference gave. */
export function valueAt(value: unknown, path: string): unknown {
  if (path === '') return value
  return path.split(/\.|(?=\[)/).reduce<unknown>((item, step) => {
    if (item === null || typeof item !== 'object') return undefined
    const index = /^\[(\d+)\]$/.exec(step)
    return index ? (item as unknown[])[Number(index[1])] : (item as Record<string, unknown>)[step]
  }, value)
}
