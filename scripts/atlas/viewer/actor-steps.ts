import type { JournalEntry } from '../../../src/services/journal-format'
import type { ReplayedActor } from '../../../src/services/journal-replay'

type Departure = NonNullable<ReplayedActor['departure']>

/** One event of an actor, as the viewer steps through it. */
export interface ActorStep {
  entry: JournalEntry
  /** milliseconds since the actor's previous event; null for its first */
  sincePrevious: number | null
  /** the context after the event (an entry without one left it as the previous entry's) */
  context: unknown
  /** the context's top-level keys whose value this event changed */
  changed: string[]
  /** the state paths active after the event ('editing', 'editing.ready') */
  activeStates: string[]
  /** where the machine computes something else than the journal recorded */
  departure?: Departure
  /** after the departure: the replay compared no further */
  uncompared: boolean
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** The state paths a state value makes active: 'a' → ['a']; { a: 'b' } → ['a', 'a.b']; parallel regions alike. */
export function activeStatePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value]
  if (!isRecord(value)) return []
  return Object.entries(value).flatMap(([name, inner]) => [prefix + name, ...activeStatePaths(inner, `${prefix}${name}.`)])
}

/** The top-level keys of a context whose JSON differs from the previous context's. */
export function changedKeys(previous: unknown, next: unknown): string[] {
  if (!isRecord(next)) return JSON.stringify(previous) === JSON.stringify(next) ? [] : ['']
  const before = isRecord(previous) ? previous : {}
  return [...new Set([...Object.keys(before), ...Object.keys(next)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(next[key]))
}

/** An actor's steps, each marked by `checked`: the departing one, and the ones after it the replay did not compare. */
export function actorSteps(entries: readonly JournalEntry[], checked: ReplayedActor): ActorStep[] {
  const departingAt = checked.outcome === 'departed' ? checked.mismatchAt : undefined
  let context: unknown
  return entries.map((entry, index) => {
    const previous = entries[index - 1]
    const before = context
    if ('context' in entry) context = entry.context
    return {
      entry,
      sincePrevious: previous ? Date.parse(entry.at) - Date.parse(previous.at) : null,
      context,
      changed: index === 0 ? [] : changedKeys(before, context),
      activeStates: activeStatePaths(entry.value),
      ...(index === departingAt && checked.departure ? { departure: checked.departure } : {}),
      uncompared: departingAt !== undefined && index > departingAt,
    }
  })
}

/** A duration for people: '+0.25 s', '+12 s', '+3 min 05 s', '+1 h 02 min'. */
export function durationText(ms: number): string {
  const sign = ms < 0 ? '−' : '+'
  const abs = Math.abs(ms)
  if (abs < 10_000) return `${sign}${Number((abs / 1000).toFixed(3))} s`
  const seconds = Math.round(abs / 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  if (seconds < 60) return `${sign}${seconds} s`
  if (seconds < 3600) return `${sign}${Math.floor(seconds / 60)} min ${pad(seconds % 60)} s`
  return `${sign}${Math.floor(seconds / 3600)} h ${pad(Math.floor((seconds % 3600) / 60))} min`
}
