import { PROBLEM_REPORT_JOURNAL_MINUTES, PROBLEM_REPORT_MAX_BYTES, problemReportResponseSchema } from '../contract/problem-report'
import type { Http } from './http'
import { JOURNAL_FORMAT, JOURNAL_VERSION, type JournalEntry, type JournalExport } from './journal-format'

/** Room left in a report's body for the comment (2,000 characters) and the JSON around the journal. */
const BODY_ROOM_BYTES = 16 * 1024

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length

/**
 * The journal's export of the entries of the last 30 minutes before `now`, in their order, as
 * many of the newest as fit in `maxBytes` (an entry's own size is counted with its comma). The
 * entries are those of the journal, so secrets are masked as in «Скачать журнал». An entry that
 * leaves out an unchanged context relies on its actor's previous one; the first entry kept of
 * each actor gets that context written in, so the report replays without the older entries.
 */
export function recentJournal(entries: readonly JournalEntry[], now: Date, maxBytes = PROBLEM_REPORT_MAX_BYTES - BODY_ROOM_BYTES): JournalExport {
  const since = now.getTime() - PROBLEM_REPORT_JOURNAL_MINUTES * 60_000
  // each entry as the first of its actor: with the context its actor had then
  const contexts = new Map<string, unknown>()
  const asFirst = entries.map((entry) => {
    if (entry.context !== undefined) contexts.set(entry.actor, entry.context)
    return entry.context === undefined && contexts.has(entry.actor) ? { ...entry, context: contexts.get(entry.actor) } : entry
  })
  const kept: number[] = []
  // each actor's first entry among those kept: its index, and the bytes its written-in context adds
  const firsts = new Map<string, { index: number; contextBytes: number }>()
  // n entries take n - 1 commas: the first one added is counted with one it does not have
  let bytes = bytesOf({ format: JOURNAL_FORMAT, version: JOURNAL_VERSION, exportedAt: now.toISOString(), entries: [] }) - 1
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index]!
    if (Date.parse(entry.at) < since) break
    const first = asFirst[index]!
    const firstBytes = bytesOf(first) + 1
    // the actor's later first entry is no longer its first: it drops the context written in
    const added = firstBytes - (firsts.get(entry.actor)?.contextBytes ?? 0)
    if (bytes + added > maxBytes) break
    bytes += added
    firsts.set(entry.actor, { index, contextBytes: first === entry ? 0 : firstBytes - 1 - bytesOf(entry) })
    kept.push(index)
  }
  const firstIndexes = new Set([...firsts.values()].map((first) => first.index))
  const chosen = kept.reverse().map((index) => (firstIndexes.has(index) ? asFirst[index]! : entries[index]!))
  return { format: JOURNAL_FORMAT, version: JOURNAL_VERSION, exportedAt: now.toISOString(), entries: chosen }
}

/** POST /api/problem-reports/ with the comment and the journal of the last 30 minutes before `now`; answers the report's number. */
export async function sendProblemReport(http: Http, comment: string, entries: readonly JournalEntry[], now: Date, signal: AbortSignal): Promise<number> {
  const { report } = await http.postUrl('/api/problem-reports/', { comment, journal: recentJournal(entries, now) }, problemReportResponseSchema, signal)
  return report.id
}
