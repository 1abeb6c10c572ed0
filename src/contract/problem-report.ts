import * as z from 'zod/mini'

export const PROBLEM_REPORT_COMMENT_MAX_LENGTH = 2000
/** A report sends the journal of this many last minutes. */
export const PROBLEM_REPORT_JOURNAL_MINUTES = 30
/** The largest report body the server takes; the browser leaves out the oldest entries to fit. */
export const PROBLEM_REPORT_MAX_BYTES = 1024 * 1024

export const PROBLEM_REPORT_MESSAGES = {
  commentRequired: 'Опишите проблему',
  commentTooLong: `Комментарий не длиннее ${PROBLEM_REPORT_COMMENT_MAX_LENGTH} символов`,
  badJournal: 'Журнал не в формате выгрузки кабинета',
  tooLarge: 'Отчёт слишком большой: не более 1 МБ',
  tooMany: 'Слишком много отчётов за час. Попробуйте позже.',
} as const

export const PROBLEM_REPORT_TEXTS = {
  title: 'Сообщить о проблеме',
  send: 'Отправить',
  sending: 'Отправляем…',
  retry: 'Повторить',
  sent: (id: number) => `Спасибо, отчёт отправлен. Номер: ${id}`,
} as const

/** The comment's message, or null when it can be sent: required (spaces alone do not count), at most 2,000 characters. */
export function problemCommentError(comment: string): string | null {
  if (comment.trim() === '') return PROBLEM_REPORT_MESSAGES.commentRequired
  return comment.length > PROBLEM_REPORT_COMMENT_MAX_LENGTH ? PROBLEM_REPORT_MESSAGES.commentTooLong : null
}

export const problemReportResponseSchema = z.object({ report: z.object({ id: z.int() }) })
export type ProblemReportResponse = z.output<typeof problemReportResponseSchema>
