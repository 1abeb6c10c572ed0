import { assign, setup } from 'xstate'
import { REMINDER_MESSAGES, type ReminderResponse } from '../contract/registration'
import { submittedForm } from './confirmed-call'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { isBlank } from './required-fields'

/** POST /reminder/ answers result 1 when the letter went out; the texts are the client's own (spec §8). */
export const REMINDER_SENT_RESULT = 1

export interface ReminderContext {
  /** the server's answer, the "nothing entered" notice or the failure; null when none */
  message: string | null
}

export type ReminderEvent =
  | { type: 'reminder.send'; email: string }
  /** the dealer types in the e-mail field again */
  | { type: 'reminder.edit' }

/** The password reminder dialog (spec §5, §8): POST /reminder/ {email}. */
const reminderSetup = setup({
  types: {} as { context: ReminderContext; events: ReminderEvent },
  actors: {
    sendReminder: unprovidedPromise<ReminderResponse, { email: string }>('sendReminder'),
  },
  guards: {
    hasEmail: ({ event }) => event.type === 'reminder.send' && !isBlank(event.email),
    isSent: (_, params: { response: ReminderResponse }) => params.response.result === REMINDER_SENT_RESULT,
  },
  actions: {
    storeMessage: assign({ message: (_, params: { message: string }) => params.message }),
    resetMessage: assign({ message: null }),
  },
})

export const reminderMachine = reminderSetup.createMachine({
  id: 'reminder',
  description: 'Password reminder: the login and a temporary password are mailed to a known e-mail.',
  context: { message: null },
  initial: 'form',
  states: {
    ...submittedForm(reminderSetup, {
      form: {
        state: 'form',
        description: 'The "E-mail" field and "Отправить"',
        submit: { event: 'reminder.send', guard: 'hasEmail', description: 'The dealer presses "Отправить" with an e-mail', actions: 'resetMessage' },
        incomplete: {
          state: 'empty',
          description: 'The dealer presses "Отправить" with the field empty: no call',
          actions: { type: 'storeMessage', params: { message: REMINDER_MESSAGES.empty } },
        },
        idle: { description: 'No message' },
        messages: {
          empty: { description: '"Вы ничего не ввели"' },
          unknown: { description: '"В нашей базе не содержится такого E-mail" (result 0)' },
          failed: { description: 'No answer, or a refusal (too many attempts): the message in red' },
        },
        edit: { event: 'reminder.edit', description: 'The dealer types again: the message goes away', actions: 'resetMessage' },
      },
      call: {
        state: 'sending',
        description: 'POST /reminder/ runs; "Отправить" is disabled',
        invoke: {
          id: 'sendReminder',
          src: 'sendReminder',
          input: ({ event }) => ({ email: event.type === 'reminder.send' ? event.email.trim() : '' }),
          onDone: [
            {
              guard: { type: 'isSent', params: ({ event }) => ({ response: event.output }) },
              target: 'sent',
              description: 'result 1: the letter went out',
              actions: { type: 'storeMessage', params: { message: REMINDER_MESSAGES.sent } },
            },
            {
              target: 'form.unknown',
              description: 'Any other result: no such e-mail',
              actions: { type: 'storeMessage', params: { message: REMINDER_MESSAGES.unknown } },
            },
          ],
          onError: {
            target: 'form.failed',
            description: 'No answer or a refusal',
            actions: { type: 'storeMessage', params: ({ event }) => ({ message: errorMessageOf(event.error) }) },
          },
        },
      },
    }),
    sent: {
      type: 'final',
      description: '"Письмо с вашими данными было отправлено на вашу почту" and "Закрыть"',
    },
  },
})
