import type { SnapshotFrom } from 'xstate'
import { PROBLEM_REPORT_COMMENT_MAX_LENGTH, PROBLEM_REPORT_TEXTS } from '../../contract/problem-report'
import type { ProblemReportActor, ProblemReportEvent, problemReportMachine } from '../../machines/problem-report.machine'
import { commentCounterOf, commentErrorOf, problemReportViewOf } from '../../machines/problem-report.selectors'
import { useViewModel } from '../ui/use-view-model'

type ProblemReportSnapshot = SnapshotFrom<typeof problemReportMachine>

const problemReportStateOf = (snapshot: ProblemReportSnapshot) => ({
  view: problemReportViewOf(snapshot),
  comment: snapshot.context.comment,
  error: commentErrorOf(snapshot),
  reportId: snapshot.context.reportId,
  message: snapshot.context.message,
})

type ProblemReportState = ReturnType<typeof problemReportStateOf>

/** «Сообщить о проблеме»: the comment with its counter, «Отправить» («Отправляем…», «Повторить»), the number or the failure. */
function connectProblemReportState({ view, comment, error, reportId, message }: ProblemReportState, send: (event: ProblemReportEvent) => void) {
  const isSending = view === 'sending'
  const isFailed = view === 'failed'
  return {
    getCommentProps: () => ({
      name: 'comment',
      value: comment,
      maxLength: PROBLEM_REPORT_COMMENT_MAX_LENGTH,
      readOnly: isSending,
      'aria-invalid': error !== null,
      onChange: (value: string) => send({ type: 'report.change', comment: value }),
    }),
    counter: commentCounterOf(comment),
    error,
    getSubmitProps: () => ({ type: 'submit' as const, variant: 'primary' as const, isDisabled: isSending }),
    submitLabel: isSending ? PROBLEM_REPORT_TEXTS.sending : isFailed ? PROBLEM_REPORT_TEXTS.retry : PROBLEM_REPORT_TEXTS.send,
    submit: () => send(isFailed ? { type: 'report.retry' } : { type: 'report.submit' }),
    done: view === 'sent' && reportId !== null ? PROBLEM_REPORT_TEXTS.sent(reportId) : null,
    alert: isFailed ? message : null,
  }
}

export const connectProblemReport = (snapshot: ProblemReportSnapshot, send: (event: ProblemReportEvent) => void) =>
  connectProblemReportState(problemReportStateOf(snapshot), send)

export const useProblemReportApi = (actor: ProblemReportActor) => useViewModel(actor, problemReportStateOf, connectProblemReportState)
