import type { SnapshotFrom } from 'xstate'
import { PROBLEM_REPORT_COMMENT_MAX_LENGTH, problemCommentError } from '../contract/problem-report'
import type { problemReportMachine } from './problem-report.machine'

type ProblemReportSnapshot = SnapshotFrom<typeof problemReportMachine>

/** «Сообщить о проблеме»: typing, the comment refused, sending, the failure, or sent. */
export type ProblemReportView = 'editing' | 'invalid' | 'sending' | 'failed' | 'sent'

export function problemReportViewOf(snapshot: ProblemReportSnapshot): ProblemReportView {
  if (snapshot.matches('sending')) return 'sending'
  if (snapshot.matches({ composing: 'invalid' })) return 'invalid'
  if (snapshot.matches({ composing: 'failed' })) return 'failed'
  if (snapshot.matches({ composing: 'sent' })) return 'sent'
  return 'editing'
}

/** The counter under the field: «120 / 2000». */
export const commentCounterOf = (comment: string): string => `${comment.length} / ${PROBLEM_REPORT_COMMENT_MAX_LENGTH}`

/** The field's message while the comment is refused, else null. */
export const commentErrorOf = (snapshot: ProblemReportSnapshot): string | null =>
  problemReportViewOf(snapshot) === 'invalid' ? problemCommentError(snapshot.context.comment) : null
