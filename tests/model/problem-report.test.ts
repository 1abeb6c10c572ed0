import { expect, it } from 'vitest'
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import { PROBLEM_REPORT_COMMENT_MAX_LENGTH, PROBLEM_REPORT_MESSAGES, PROBLEM_REPORT_TEXTS, problemCommentError } from '../../src/contract/problem-report'
import { problemReportMachine, type ProblemReportContext } from '../../src/machines/problem-report.machine'
import { commentCounterOf, commentErrorOf, problemReportViewOf } from '../../src/machines/problem-report.selectors'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { connectProblemReport } from '../../src/views/profile/problem-report-connect'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const COMMENT = 'Не добавляется товар в корзину'
const REPORT_ID = 42

const cases: EventCases = {
  'report.change': [
    { type: 'report.change', comment: COMMENT },
    { type: 'report.change', comment: '   ' },
  ],
  'xstate.done.actor.sendReport': [{ type: 'xstate.done.actor.sendReport', output: REPORT_ID }],
  'xstate.error.actor.sendReport': [
    { type: 'xstate.error.actor.sendReport', error: new ApiCallError(PROBLEM_REPORT_MESSAGES.tooMany, 429) },
    { type: 'xstate.error.actor.sendReport', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) },
  ],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ProblemReportContext
const isValid = (context: ProblemReportContext) => problemCommentError(context.comment) === null

// isCommentValid reads the comment: whether it can be sent tells the vertices apart
const serializeState = (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) =>
  `${defaultSerializeState(snapshot, event, prev)} valid=${isValid(contextOf(snapshot))}`

/** Only a comment that can be sent is sent; a failure keeps it; the number shows once sent, with the field emptied. */
function assertReportFacts(snapshot: AnyMachineSnapshot) {
  const context = contextOf(snapshot)
  if (snapshot.matches('sending')) expect(context.comment).toBe(COMMENT)
  if (snapshot.matches({ composing: 'invalid' })) expect(problemCommentError(context.comment)).toBe(PROBLEM_REPORT_MESSAGES.commentRequired)
  if (snapshot.matches({ composing: 'failed' })) {
    expect([PROBLEM_REPORT_MESSAGES.tooMany, NETWORK_ERROR_MESSAGE]).toContain(context.message)
    expect(context.comment).toBe(COMMENT)
  }
  if (snapshot.matches({ composing: 'sent' })) expect([context.reportId, context.comment, context.message]).toEqual([REPORT_ID, '', null])
}

describeMachinePaths(problemReportMachine, { cases, serializeState, limit: 100_000, assertStep: assertReportFacts })

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

it('shows the counter, «Отправляем…» with the button disabled, the server’s message with «Повторить» keeping the comment, then the number', async () => {
  const answers: Array<() => Promise<number>> = [() => Promise.reject(new ApiCallError(PROBLEM_REPORT_MESSAGES.tooMany, 429)), () => Promise.resolve(7)]
  const sent: unknown[] = []
  const machine = problemReportMachine.provide({
    actors: {
      sendReport: fromPromise(({ input }) => {
        sent.push(input)
        return answers.shift()!()
      }),
    },
  })
  const report = createActor(machine).start()
  const api = () => connectProblemReport(report.getSnapshot(), (event) => report.send(event))

  api().submit()
  expect(api().error).toBe(PROBLEM_REPORT_MESSAGES.commentRequired)
  expect(commentErrorOf(report.getSnapshot())).toBe(PROBLEM_REPORT_MESSAGES.commentRequired)
  api().getCommentProps().onChange(COMMENT)
  expect(api().error).toBeNull()
  expect(api().counter).toBe(`${COMMENT.length} / ${PROBLEM_REPORT_COMMENT_MAX_LENGTH}`)

  api().submit()
  expect(problemReportViewOf(report.getSnapshot())).toBe('sending')
  expect([api().submitLabel, api().getSubmitProps().isDisabled, api().getCommentProps().readOnly]).toEqual([PROBLEM_REPORT_TEXTS.sending, true, true])
  await flush()
  expect([api().alert, api().submitLabel, api().getCommentProps().value]).toEqual([PROBLEM_REPORT_MESSAGES.tooMany, PROBLEM_REPORT_TEXTS.retry, COMMENT])

  api().submit()
  await flush()
  expect(api().done).toBe('Спасибо, отчёт отправлен. Номер: 7')
  expect([api().alert, api().getCommentProps().value, api().submitLabel]).toEqual([null, '', PROBLEM_REPORT_TEXTS.send])
  expect(sent).toEqual([{ comment: COMMENT }, { comment: COMMENT }])
  report.stop()
})

it('counts the comment’s characters and refuses spaces alone and over 2,000 characters', () => {
  expect(commentCounterOf('')).toBe('0 / 2000')
  expect(problemCommentError(' \n ')).toBe(PROBLEM_REPORT_MESSAGES.commentRequired)
  expect(problemCommentError('я'.repeat(2000))).toBeNull()
  expect(problemCommentError('я'.repeat(2001))).toBe(PROBLEM_REPORT_MESSAGES.commentTooLong)
})
