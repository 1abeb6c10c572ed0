import * as z from 'zod/mini'
import { multilineText } from './common'
import { PROBLEM_REPORT_COMMENT_MAX_LENGTH, PROBLEM_REPORT_MESSAGES } from './problem-report'

// the server's side of POST /api/problem-reports/: kept out of problem-report.ts, so the profile's
// code (which builds the journal from the journal's own types) does not carry these schemas

const optionalText = z.optional(z.string())
/** a moment as Date#toISOString writes it, the journal's times */
const isoTime = z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/))

/** One journal entry as the export writes it (services/journal-format.ts, JournalEntry). */
const journalEntrySchema = z.object({
  at: isoTime,
  actor: z.string(),
  parent: optionalText,
  id: optionalText,
  systemId: optionalText,
  src: optionalText,
  machine: z.string(),
  version: optionalText,
  source: optionalText,
  event: z.looseObject({ type: z.string() }),
  value: z.unknown(),
  context: z.optional(z.unknown()),
})

/** The journal's export: the file «Скачать журнал» saves and `npm run journal:replay` reads. */
export const journalExportSchema = z.object({
  format: z.literal('cabinet-journal'),
  version: z.union([z.literal(1), z.literal(2)]),
  exportedAt: isoTime,
  entries: z.array(journalEntrySchema),
})

/** POST /api/problem-reports/ {comment, journal}: the dealer's report, stored with the account. */
export const problemReportRequestSchema = z.object({
  comment: multilineText(PROBLEM_REPORT_MESSAGES.commentRequired).check(
    z.refine((text) => text.trim() !== '', PROBLEM_REPORT_MESSAGES.commentRequired),
    z.maxLength(PROBLEM_REPORT_COMMENT_MAX_LENGTH, PROBLEM_REPORT_MESSAGES.commentTooLong),
  ),
  journal: journalExportSchema,
})
export type ProblemReportRequest = z.input<typeof problemReportRequestSchema>
