import { assign, setup, type ActorRefFrom } from 'xstate'
import { REQUIRED_MESSAGE } from '../contract/common'
import { newPasswordSchema, PROFILE_TEXTS, type PasswordChangeRequest, type PasswordChangeResponse } from '../contract/profile'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { TIMINGS } from './timings'

/** The form's fields; every name holds "password", so the journal masks what is typed. */
export const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'repeatPassword'] as const
export type PasswordField = (typeof PASSWORD_FIELDS)[number]
export type PasswordValues = PasswordChangeRequest
/** a field's message, or null while it is valid or not yet checked */
export type PasswordErrors = Record<PasswordField, string | null>

export interface PasswordChangeContext {
  values: PasswordValues
  errors: PasswordErrors
  /** the server's refusal (a wrong current password) or the network message */
  message: string | null
}

export type PasswordChangeEvent =
  { type: 'password.change'; field: PasswordField; value: string } | { type: 'password.blur'; field: PasswordField } | { type: 'password.submit' }

/** A field's message: required first, then registration's password rule, then the repeat and the difference from the current one. */
export function passwordFieldError(field: PasswordField, values: PasswordValues): string | null {
  const value = values[field]
  if (value === '') return REQUIRED_MESSAGE
  if (field === 'newPassword') {
    const result = newPasswordSchema.safeParse(value)
    if (!result.success) return result.error.issues[0]?.message ?? REQUIRED_MESSAGE
    return value === values.currentPassword ? PROFILE_TEXTS.samePassword : null
  }
  if (field === 'repeatPassword') return value === values.newPassword ? null : PROFILE_TEXTS.passwordsDiffer
  return null
}

const errorsOf = (values: PasswordValues): PasswordErrors =>
  Object.fromEntries(PASSWORD_FIELDS.map((field) => [field, passwordFieldError(field, values)])) as PasswordErrors

const emptyValues = (): PasswordValues => ({ currentPassword: '', newPassword: '', repeatPassword: '' })
const noErrors = (): PasswordErrors => ({ currentPassword: null, newPassword: null, repeatPassword: null })

/**
 * «Смена пароля» on the profile: the current password (a reminder's temporary one counts), the
 * new one twice by registration's rule, POST /api/profile/password/. On success the account's
 * other sessions have ended; the form empties and says so for 1.5 s.
 */
export const passwordChangeMachine = setup({
  types: {} as { context: PasswordChangeContext; events: PasswordChangeEvent },
  actors: {
    changePassword: unprovidedPromise<PasswordChangeResponse, PasswordChangeRequest>('changePassword'),
  },
  guards: {
    isFormValid: ({ context }) => Object.values(errorsOf(context.values)).every((error) => error === null),
  },
  actions: {
    // once a field shows an error it is checked on every keystroke, so the error goes as soon as it is fixed
    storeValue: assign(({ context }, params: { field: PasswordField; value: string }) => {
      const values = { ...context.values, [params.field]: params.value }
      const recheck = (field: PasswordField) => (context.errors[field] === null ? null : passwordFieldError(field, values))
      return { values, errors: Object.fromEntries(PASSWORD_FIELDS.map((field) => [field, recheck(field)])) as PasswordErrors }
    }),
    storeFieldError: assign({
      errors: ({ context }, params: { field: PasswordField }) => ({ ...context.errors, [params.field]: passwordFieldError(params.field, context.values) }),
    }),
    storeAllErrors: assign({ errors: ({ context }) => errorsOf(context.values) }),
    storeMessage: assign({ message: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetMessage: assign({ message: null }),
    resetForm: assign({ values: emptyValues, errors: noErrors, message: null }),
  },
  delays: { savedMessage: TIMINGS.savedMessageMs },
}).createMachine({
  id: 'passwordChange',
  description: 'Changing one’s own password on the profile; the other sessions of the account end.',
  context: { values: emptyValues(), errors: noErrors(), message: null },
  initial: 'filling',
  states: {
    filling: {
      description: 'Текущий пароль, Новый пароль, Повторите новый пароль and «Сменить пароль»',
      initial: 'editing',
      on: {
        'password.change': {
          description: 'The dealer types in a field',
          actions: { type: 'storeValue', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'password.blur': {
          description: 'The dealer leaves a field: it is checked',
          actions: { type: 'storeFieldError', params: ({ event }) => ({ field: event.field }) },
        },
        'password.submit': [
          { guard: 'isFormValid', target: 'changing', description: 'Every field is valid: send', actions: 'resetMessage' },
          { target: '.editing', description: 'Some field is invalid: every invalid field shows its message; no call', actions: 'storeAllErrors' },
        ],
      },
      states: {
        editing: { description: 'The form, with the messages of the fields checked so far' },
        failed: { description: "The server's message (e.g. «Неверный текущий пароль») under the form; what was typed stays" },
        changed: {
          description: '«Пароль изменён. Другие сеансы этого аккаунта завершены.» for 1.5 s; the form is empty',
          after: { savedMessage: { target: 'editing', description: 'The message has been shown 1.5 s' } },
        },
      },
    },
    changing: {
      description: 'POST /api/profile/password/ runs; the fields are read-only and the button is disabled',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => context.values,
        onDone: { target: 'filling.changed', description: 'The password is changed', actions: 'resetForm' },
        onError: {
          target: 'filling.failed',
          description: 'A wrong current password, a refused field or no answer',
          actions: { type: 'storeMessage', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})
export type PasswordChangeActor = ActorRefFrom<typeof passwordChangeMachine>
