import { assign, setup } from 'xstate'
import { REMINDER_MESSAGES, type ReminderResponse } from '../contract/registration'
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

const EDIT_AGAIN = {
  target: 'idle',
  actions: 'resetMessage',
  description: 'The dealer types again: the message goes away',
} as const

/** The password reminder dialog (spec §5, §8): POST /reminder/ {email}. */
export const reminderMachine = setup({
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
}).createMachine({
  id: 'reminder',
  description: 'Password reminder: the login and a temporary password are mailed to a known e-mail.',
  context: { message: null },
  initial: 'form',
  states: {
    form: {
      description: 'The "E-mail" field and "Отправить"',
      initial: 'idle',
      on: {
        'reminder.send': [
          {
            guard: 'hasEmail',
            target: 'sending',
            description: 'The dealer presses "Отправить" with an e-mail',
            actions: 'resetMessage',
          },
          {
            target: '.empty',
            description: 'The dealer presses "Отправить" with the field empty: no call',
            actions: { type: 'storeMessage', params: { message: REMINDER_MESSAGES.empty } },
          },
        ],
      },
      states: {
        idle: { description: 'No message' },
        empty: { description: '"Вы ничего не ввели"', on: { 'reminder.edit': EDIT_AGAIN } },
        unknown: {
          description: '"В нашей базе не содержится такого E-mail" (result 0)',
          on: { 'reminder.edit': EDIT_AGAIN },
        },
        failed: {
          description: 'No answer, or a refusal (too many attempts): the message in red',
          on: { 'reminder.edit': EDIT_AGAIN },
        },
      },
    },
    sending: {
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
    sent: {
      type: 'final',
      description: '"Письмо с вашими данными было отправлено на вашу почту" and "Закрыть"',
    },
  },
})
