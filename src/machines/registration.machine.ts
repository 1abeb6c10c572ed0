import { assign, sendTo, setup } from 'xstate'
import { DRAFT_FIELDS, type RegistrationRequest } from '../contract/registration'
import { captchaUrl, type RegistrationAnswer } from '../services/registration'
import type { ClockTime } from '../services/clock'
import { errorMessageOf, unprovidedClock, unprovidedPromise } from './machine-support'
import { formatPhone } from './phone'
import { REGISTRATION_FIELDS, fieldError, type RegistrationField } from './registration-fields'
import { TIMINGS } from './timings'

export { fieldError, REGISTRATION_FIELDS, type RegistrationField } from './registration-fields'
export type RegistrationValues = Record<RegistrationField, string>
/** a field's message, or null while it is valid or not yet checked */
export type RegistrationErrors = Record<RegistrationField, string | null>

export const REGISTRATION_SUCCESS_STATE = 'success'

export interface RegistrationInput {
  /** the first captcha image's time parameter: when the dealer arrived at the form */
  captchaTime: number
  /**
   * the context of the snapshot this tab kept before a reload (`keptContextOf`), as read back from
   * storage: only its draft fields' strings are taken, anything else is ignored
   */
  kept?: unknown
}

export interface RegistrationContext {
  values: RegistrationValues
  errors: RegistrationErrors
  /** the captcha image's time parameter; a new one is a new image and a new code */
  captchaTime: number
  /** the server's congratulation or refusal, or the network message */
  message: string | null
}

export type RegistrationEvent =
  | { type: 'registration.change'; field: RegistrationField; value: string }
  | { type: 'registration.blur'; field: RegistrationField }
  | { type: 'registration.submit' }
  /** spec §2: the image is refreshed with a time parameter, which the form's clock gives */
  | { type: 'registration.refreshCaptcha' }
  /** the form's clock answers: the current time in ms */
  | ClockTime

const errorsOf = (values: RegistrationValues): RegistrationErrors =>
  Object.fromEntries(REGISTRATION_FIELDS.map((field) => [field, fieldError(field, values[field])])) as RegistrationErrors

const emptyValues = (): RegistrationValues => Object.fromEntries(REGISTRATION_FIELDS.map((field) => [field, ''])) as RegistrationValues

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

const restoredValues = (kept: unknown): RegistrationValues => {
  const values = emptyValues()
  const keptValues = isRecord(kept) && isRecord(kept.values) ? kept.values : {}
  for (const field of DRAFT_FIELDS) {
    const value = keptValues[field]
    if (typeof value === 'string') values[field] = value
  }
  return values
}

/** The context as this tab may keep it: never the password or the captcha code. */
export const keptContextOf = (context: RegistrationContext) => {
  const { password: _password, captcha: _captcha, ...values } = context.values
  return { ...context, values }
}

const noErrors = (): RegistrationErrors => Object.fromEntries(REGISTRATION_FIELDS.map((field) => [field, null])) as RegistrationErrors

/** The address of the context's captcha image. */
export const captchaSrcOf = (context: RegistrationContext) => captchaUrl(context.captchaTime)

/** The request body: the typed values, the phone in the mask's form. */
const requestOf = (values: RegistrationValues): RegistrationRequest => ({ ...values, phone: formatPhone(values.phone) })

/**
 * The registration form (spec §2 /registration/form, §4, §5, §8): fields checked on blur, a
 * captcha, POST /registration/; a refusal is shown in red for 3 s and brings a new captcha.
 */
export const registrationMachine = setup({
  types: {} as { context: RegistrationContext; events: RegistrationEvent; input: RegistrationInput },
  actors: {
    submitRegistration: unprovidedPromise<RegistrationAnswer, RegistrationRequest>('submitRegistration'),
    /** the current time for a new captcha picture, from the clock the app provides */
    clock: unprovidedClock,
  },
  guards: {
    isFormValid: ({ context }) => Object.values(errorsOf(context.values)).every((error) => error === null),
    isSuccess: (_, params: { response: RegistrationAnswer }) => params.response.state === REGISTRATION_SUCCESS_STATE,
  },
  actions: {
    // once a field shows an error it is checked on every keystroke, so the error goes as soon as it is fixed
    storeValue: assign(({ context }, params: { field: RegistrationField; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
      errors: context.errors[params.field] === null ? context.errors : { ...context.errors, [params.field]: fieldError(params.field, params.value) },
    })),
    storeFieldError: assign({
      errors: ({ context }, params: { field: RegistrationField }) => ({
        ...context.errors,
        [params.field]: fieldError(params.field, context.values[params.field]),
      }),
    }),
    storeAllErrors: assign({ errors: ({ context }) => errorsOf(context.values) }),
    storeMessage: assign({ message: (_, params: { message: string }) => params.message }),
    // the current time, as the spec asks; never the same as before, so the browser fetches anew
    resetCaptcha: assign({
      captchaTime: ({ context }, params: { time: number }) => Math.max(params.time, context.captchaTime + 1),
      values: ({ context }) => ({ ...context.values, captcha: '' }),
      errors: ({ context }) => ({ ...context.errors, captcha: null }),
    }),
    resetMessage: assign({ message: null }),
    readClock: sendTo('clock', { type: 'clock.read' as const }),
  },
  delays: {
    registrationError: TIMINGS.registrationErrorMs,
  },
}).createMachine({
  id: 'registration',
  description: 'Registration of a new trade customer with a captcha; the account then waits for approval.',
  context: ({ input }) => ({ values: restoredValues(input.kept), errors: noErrors(), captchaTime: input.captchaTime, message: null }),
  initial: 'filling',
  states: {
    filling: {
      description: 'The form with the captcha image, "Обновить картинку" and "Зарегистрироваться"',
      initial: 'editing',
      invoke: { id: 'clock', src: 'clock' },
      on: {
        'registration.change': {
          description: 'The dealer types in a field (also while a message shows: nothing typed is lost)',
          actions: { type: 'storeValue', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'registration.blur': {
          description: 'The dealer leaves a field: it is checked',
          actions: { type: 'storeFieldError', params: ({ event }) => ({ field: event.field }) },
        },
        'registration.submit': [
          { guard: 'isFormValid', target: 'submitting', description: 'Every field is valid: send' },
          {
            target: '.editing',
            description: 'Some field is invalid: every invalid field shows its message; no call',
            actions: 'storeAllErrors',
          },
        ],
        'registration.refreshCaptcha': {
          description: 'The dealer presses "Обновить картинку": the clock is asked the current time',
          actions: 'readClock',
        },
        'clock.time': {
          description: 'The clock answers: a new image asked with the current time, the code field empties',
          actions: { type: 'resetCaptcha', params: ({ event }) => ({ time: event.now }) },
        },
      },
      states: {
        editing: { description: 'The form, with the messages of the fields checked so far' },
        failed: {
          description: "The server's message in red for 3 s; the captcha is already a new one, nothing else typed is lost",
          after: {
            registrationError: { target: 'editing', description: 'The message has been shown 3 s', actions: 'resetMessage' },
          },
        },
        networkError: { description: 'The call got no answer: the network message; the dealer may send again' },
      },
    },
    submitting: {
      description: 'POST /registration/ runs; the fields are read-only and the button is disabled',
      invoke: {
        id: 'submitRegistration',
        src: 'submitRegistration',
        input: ({ context }) => requestOf(context.values),
        onDone: [
          {
            guard: { type: 'isSuccess', params: ({ event }) => ({ response: event.output }) },
            target: 'succeeded',
            description: "state 'success'",
            actions: { type: 'storeMessage', params: ({ event }) => ({ message: event.output.message }) },
          },
          {
            target: 'filling.failed',
            description: 'Any other state (wrong or stale captcha, e-mail taken, bad field, too many attempts): the used captcha is replaced',
            actions: [
              { type: 'storeMessage', params: ({ event }) => ({ message: event.output.message }) },
              { type: 'resetCaptcha', params: ({ event }) => ({ time: event.output.answeredAt }) },
            ],
          },
        ],
        onError: {
          target: 'filling.networkError',
          description: 'No answer',
          actions: { type: 'storeMessage', params: ({ event }) => ({ message: errorMessageOf(event.error) }) },
        },
      },
    },
    succeeded: {
      type: 'final',
      description: 'The congratulation (the server\'s message) and "Перейти ко входу"; the app forgets the kept snapshot',
    },
  },
})
