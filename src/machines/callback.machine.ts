import { assign, setup, type ActorRefFrom } from 'xstate'
import { CALLBACK_SUCCESS, type CallbackRequest, type CallbackResponse } from '../contract/callback'
import { contactFieldError } from './contact-fields'
import { errorMessageOf, FALLBACK_ERROR_MESSAGE, unprovidedPromise } from './machine-support'
import { formatPhone } from './phone'
import { TIMINGS } from './timings'

export const CALLBACK_FIELDS = ['firstname', 'phone'] as const
export type CallbackField = (typeof CALLBACK_FIELDS)[number]
export type CallbackValues = Record<CallbackField, string>
/** a field's message, or null while it is valid or not yet checked */
export type CallbackErrors = Record<CallbackField, string | null>

export interface CallbackContext {
  values: CallbackValues
  errors: CallbackErrors
  /** the server's message of a refused request (shown 2 s, spec §8); null when none */
  message: string | null
}

export type CallbackEvent =
  { type: 'callback.change'; field: CallbackField; value: string } | { type: 'callback.blur'; field: CallbackField } | { type: 'callback.submit' }

/** Registration's rules: required first ('Это поле необходимо заполнить.'), then the phone's mask. */
const errorOf = (field: CallbackField, value: string) => contactFieldError(field === 'firstname' ? 'name' : 'phone', value)
const errorsOf = (values: CallbackValues): CallbackErrors => ({ firstname: errorOf('firstname', values.firstname), phone: errorOf('phone', values.phone) })

/** The call's body: the name trimmed, the phone in the mask's form. */
export const callbackRequestOf = (values: CallbackValues): CallbackRequest => ({
  data: { phone: formatPhone(values.phone), firstname: values.firstname.trim() },
})

/**
 * «Заказать звонок» (spec §3 Callback, §7, §8): the name and the phone behind the mask, then
 * `callback {data{phone, firstname}}`; status 'success' shows the confirmation, anything else the
 * server's message for 2 s. The dialog is the child of the shell's callback host while it is open.
 */
export const callbackMachine = setup({
  types: {} as { context: CallbackContext; events: CallbackEvent; children: { sendCallback: 'sendCallback' } },
  actors: {
    sendCallback: unprovidedPromise<CallbackResponse, CallbackRequest>('sendCallback'),
  },
  guards: {
    areFieldsValid: ({ context }) => Object.values(errorsOf(context.values)).every((error) => error === null),
    isAccepted: (_, params: { response: CallbackResponse }) => params.response.status === CALLBACK_SUCCESS,
  },
  actions: {
    // once a field shows an error it is checked on every keystroke, so the error goes as soon as it is fixed
    storeValue: assign(({ context }, params: { field: CallbackField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
      errors: context.errors[params.field] === null ? context.errors : { ...context.errors, [params.field]: errorOf(params.field, params.value) },
    })),
    storeFieldError: assign({
      errors: ({ context }, params: { field: CallbackField }) => ({ ...context.errors, [params.field]: errorOf(params.field, context.values[params.field]) }),
    }),
    storeAllErrors: assign({ errors: ({ context }) => errorsOf(context.values) }),
    storeMessage: assign({ message: (_, params: { message: string }) => params.message }),
    resetMessage: assign({ message: null }),
  },
  delays: { callbackError: TIMINGS.callbackErrorMs },
}).createMachine({
  id: 'callback',
  description: '«Заказать звонок»: the name and the phone, sent as callback {data{phone, firstname}}.',
  context: { values: { firstname: '', phone: '' }, errors: { firstname: null, phone: null }, message: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: «Имя», «Телефон» (+7 (xxx) xxx-xx-xx) and «Отправить»',
      initial: 'idle',
      on: {
        'callback.change': {
          description: 'The dealer types in a field',
          actions: { type: 'storeValue', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'callback.blur': {
          description: 'A field loses the focus: it is checked',
          actions: { type: 'storeFieldError', params: ({ event }) => ({ field: event.field }) },
        },
        'callback.submit': [
          { guard: 'areFieldsValid', target: 'sending', description: 'The dealer presses «Отправить» with both fields filled in', actions: 'resetMessage' },
          {
            target: '.invalid',
            description: 'A field is empty or the phone incomplete: no call, the messages under the fields',
            actions: ['storeAllErrors', 'resetMessage'],
          },
        ],
      },
      states: {
        idle: { description: 'No message' },
        invalid: { description: '«Это поле необходимо заполнить.» (or the phone format) under each field that is wrong' },
        failed: {
          description: "The server's message in red, for 2 s (spec §8); the form stays filled in",
          after: { callbackError: { target: 'idle', description: 'After 2 s the message goes', actions: 'resetMessage' } },
        },
      },
    },
    sending: {
      description: 'POST /api/callback/ runs; «Отправить» is disabled',
      invoke: {
        id: 'sendCallback',
        src: 'sendCallback',
        input: ({ context }) => callbackRequestOf(context.values),
        onDone: [
          { guard: { type: 'isAccepted', params: ({ event }) => ({ response: event.output }) }, target: 'sent', description: "status 'success'" },
          {
            target: 'editing.failed',
            description: 'Any other status: its message',
            actions: { type: 'storeMessage', params: ({ event }) => ({ message: event.output.message ?? FALLBACK_ERROR_MESSAGE }) },
          },
        ],
        onError: {
          target: 'editing.failed',
          description: 'A refusal (a field, too many requests) or no answer: the message',
          actions: { type: 'storeMessage', params: ({ event }) => ({ message: errorMessageOf(event.error) }) },
        },
      },
    },
    sent: { description: 'The confirmation and «Закрыть»' },
  },
})

export type CallbackActor = ActorRefFrom<typeof callbackMachine>
