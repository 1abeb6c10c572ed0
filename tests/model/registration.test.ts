import { expect, it } from 'vitest'
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import { REQUIRED_MESSAGE } from '../../src/contract/common'
import { REGISTRATION_MESSAGES } from '../../src/contract/registration'
import {
  captchaSrcOf,
  fieldError,
  REGISTRATION_FIELDS,
  REGISTRATION_SUCCESS_STATE,
  registrationMachine,
  type RegistrationContext,
  type RegistrationField,
  type RegistrationValues,
} from '../../src/machines/registration.machine'
import { createClockActors } from '../../src/services/clock'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const CAPTCHA_TIME = 1_700_000_000_000
const ANSWER_TIME = CAPTCHA_TIME + 60_000
const REFRESH_TIME = CAPTCHA_TIME + 90_000

const VALID: RegistrationValues = {
  company: 'ООО «Теплодом»',
  inn: '7707083893',
  name: 'Пётр Иванов',
  email: 'petr@teplodom.example',
  // the mask's digits; the request carries '+7 (912) 345-67-89'
  phone: '9123456789',
  password: 'secret-123',
  captcha: 'K7P2',
}

/** Values each breaking the field's own rule, so the rule's message (not only "required") is seen. */
const INVALID: Partial<RegistrationValues> = {
  company: '   ',
  inn: '12345',
  email: 'petr@',
  phone: '912345',
  password: 'short',
}

const RULE_MESSAGES: Partial<Record<RegistrationField, string>> = {
  company: REQUIRED_MESSAGE,
  inn: 'ИНН состоит из 10 или 12 цифр',
  email: 'Введите корректный e-mail',
  phone: 'Телефон в формате +7 (xxx) xxx-xx-xx',
  password: 'Пароль не короче 8 символов',
}

const change = (field: RegistrationField, value: string) => ({ type: 'registration.change' as const, field, value })

const REFUSALS = [REGISTRATION_MESSAGES.captchaWrong, REGISTRATION_MESSAGES.emailTaken]

const cases: EventCases = {
  'registration.change': [
    ...REGISTRATION_FIELDS.map((field) => change(field, VALID[field])),
    ...(Object.entries(INVALID) as Array<[RegistrationField, string]>).map(([field, value]) => change(field, value)),
  ],
  'registration.refreshCaptcha': [{ type: 'registration.refreshCaptcha' }],
  // the form's clock answers a refresh with the current time
  'clock.time': [{ type: 'clock.time', now: REFRESH_TIME }],
  'registration.blur': REGISTRATION_FIELDS.map((field) => ({ type: 'registration.blur', field })),
  'xstate.done.actor.submitRegistration': [
    {
      type: 'xstate.done.actor.submitRegistration',
      output: { state: REGISTRATION_SUCCESS_STATE, message: REGISTRATION_MESSAGES.success, answeredAt: ANSWER_TIME },
    },
    ...REFUSALS.map((message) => ({
      type: 'xstate.done.actor.submitRegistration',
      output: { state: 'error', message, answeredAt: ANSWER_TIME },
    })),
  ],
  'xstate.error.actor.submitRegistration': [{ type: 'xstate.error.actor.submitRegistration', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as RegistrationContext
const validCount = (values: RegistrationValues) => REGISTRATION_FIELDS.filter((f) => fieldError(f, values[f]) === null).length

// isFormValid reads the values: the count of valid fields tells the vertices apart, so the
// traversal fills the form field by field until "Зарегистрироваться" can send it
const serializeState = (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) =>
  `${defaultSerializeState(snapshot, event, prev)} valid=${validCount(contextOf(snapshot).values)}`

let previous: { context: RegistrationContext; submitting: boolean } | undefined

/** What the form shows must follow from what was typed and what the server answered. */
function assertRegistrationFacts(snapshot: AnyMachineSnapshot, _expected: unknown, index: number) {
  const context = contextOf(snapshot)
  const { values, errors, message, captchaTime } = context
  // a field's message, once shown, always matches what the field holds now
  for (const field of REGISTRATION_FIELDS) {
    if (errors[field] !== null) expect(errors[field], field).toBe(fieldError(field, values[field]))
  }
  if (snapshot.matches('submitting')) expect(validCount(values)).toBe(REGISTRATION_FIELDS.length)
  if (snapshot.matches('succeeded')) expect(message).toBe(REGISTRATION_MESSAGES.success)
  if (snapshot.matches({ filling: 'networkError' })) expect(message).toBe(NETWORK_ERROR_MESSAGE)
  if (snapshot.matches({ filling: 'failed' })) expect(REFUSALS).toContain(message)
  if (index > 0 && previous?.submitting && snapshot.matches({ filling: 'failed' })) {
    // the used captcha is replaced: a new image asked with the answer's time, its field empty, everything else kept
    expect(captchaTime).toBe(Math.max(ANSWER_TIME, previous.context.captchaTime + 1))
    expect(values).toEqual({ ...previous.context.values, captcha: '' })
  }
  previous = { context, submitting: snapshot.matches('submitting') }
}

describeMachinePaths(registrationMachine, {
  cases,
  serializeState,
  input: { captchaTime: CAPTCHA_TIME },
  limit: 100_000,
  assertStep: assertRegistrationFacts,
})

it('shows each rule message on blur and drops it as soon as the field is fixed', () => {
  const form = createActor(registrationMachine, { input: { captchaTime: CAPTCHA_TIME } }).start()
  const errorOf = (field: RegistrationField) => form.getSnapshot().context.errors[field]
  for (const [field, value] of Object.entries(INVALID) as Array<[RegistrationField, string]>) {
    form.send(change(field, value))
    expect(errorOf(field), field).toBeNull()
    form.send({ type: 'registration.blur', field })
    expect(errorOf(field), field).toBe(RULE_MESSAGES[field])
    form.send(change(field, VALID[field]))
    expect(errorOf(field), field).toBeNull()
  }
  form.stop()
})

it('asks for a new captcha with the time of the injected clock, and never the same address twice', () => {
  const form = createActor(registrationMachine.provide({ actors: { clock: createClockActors(() => REFRESH_TIME).clock } }), {
    input: { captchaTime: CAPTCHA_TIME },
  }).start()
  form.send({ type: 'registration.refreshCaptcha' })
  expect(captchaSrcOf(form.getSnapshot().context)).toBe(`/registration/captcha?t=${REFRESH_TIME}`)
  form.send({ type: 'registration.refreshCaptcha' })
  expect(form.getSnapshot().context.captchaTime).toBe(REFRESH_TIME + 1)
  form.stop()
})
