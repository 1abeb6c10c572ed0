import { assign, setup, type ActorRefFrom } from 'xstate'
import { problemCommentError } from '../contract/problem-report'
import { errorMessageOf, unprovidedPromise } from './machine-support'

export interface ProblemReportContext {
  /** the comment as typed */
  comment: string
  /** the number the server gave the last report sent */
  reportId: number | null
  /** the server's refusal or the network message */
  message: string | null
}

export type ProblemReportEvent = { type: 'report.change'; comment: string } | { type: 'report.submit' } | { type: 'report.retry' }

/**
 * «Сообщить о проблеме» on the profile: the dealer describes the problem and sends it with the
 * last 30 minutes of the journal (POST /api/problem-reports/); the server answers the report's
 * number. A failure keeps the comment, so «Повторить» sends it again.
 */
export const problemReportMachine = setup({
  types: {} as { context: ProblemReportContext; events: ProblemReportEvent },
  actors: {
    sendReport: unprovidedPromise<number, { comment: string }>('sendReport'),
  },
  guards: {
    isCommentValid: ({ context }) => problemCommentError(context.comment) === null,
  },
  actions: {
    storeComment: assign({ comment: (_, params: { comment: string }) => params.comment }),
    storeReportId: assign((_, params: { id: number }) => ({ reportId: params.id, comment: '', message: null })),
    storeMessage: assign({ message: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
  },
}).createMachine({
  id: 'problemReport',
  description: '«Сообщить о проблеме»: a comment and the last 30 minutes of the journal, sent to the supplier.',
  context: { comment: '', reportId: null, message: null },
  initial: 'composing',
  states: {
    composing: {
      description: 'The comment field (up to 2,000 characters, with a counter) and «Отправить»',
      initial: 'editing',
      on: {
        'report.change': {
          target: '.editing',
          description: 'The dealer types the comment; a message shown so far goes',
          actions: { type: 'storeComment', params: ({ event }) => ({ comment: event.comment }) },
        },
        'report.submit': [
          { guard: 'isCommentValid', target: 'sending', description: 'The comment is there: send the report' },
          { target: '.invalid', description: 'No comment (or spaces only): «Опишите проблему»; no call' },
        ],
      },
      states: {
        editing: { description: 'The field as typed' },
        invalid: { description: '«Опишите проблему» under the field' },
        failed: {
          description: "The server's message (or the network's) and «Повторить»; the comment stays",
          on: { 'report.retry': { target: '#problemReport.sending', description: 'The dealer sends the same report again' } },
        },
        sent: { description: '«Спасибо, отчёт отправлен. Номер: N»; the field is empty for another report' },
      },
    },
    sending: {
      description: 'The journal of the last 30 minutes is read and POST /api/problem-reports/ runs: «Отправляем…», the button disabled, the field read-only',
      invoke: {
        id: 'sendReport',
        src: 'sendReport',
        input: ({ context }) => ({ comment: context.comment }),
        onDone: {
          target: 'composing.sent',
          description: 'Stored: the report has its number',
          actions: { type: 'storeReportId', params: ({ event }) => ({ id: event.output }) },
        },
        onError: {
          target: 'composing.failed',
          description: 'Refused (too many reports in an hour, too large) or no answer',
          actions: { type: 'storeMessage', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})
export type ProblemReportActor = ActorRefFrom<typeof problemReportMachine>
