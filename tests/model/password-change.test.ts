import { expect, it } from 'vitest'
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import { PROFILE_TEXTS } from '../../src/contract/profile'
import { REQUIRED_MESSAGE } from '../../src/contract/common'
import {
  PASSWORD_FIELDS,
  passwordChangeMachine,
  passwordFieldError,
  type PasswordChangeContext,
  type PasswordField,
} from '../../src/machines/password-change.machine'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const CURRENT = 'demo12345'
const NEW = 'новый-пароль-1'

const change = (field: PasswordField, value: string) => ({ type: 'password.change' as const, field, value })

const cases: EventCases = {
  'password.change': [
    change('currentPassword', CURRENT),
    change('currentPassword', ''),
    change('newPassword', NEW),
    change('newPassword', 'short'),
    change('newPassword', CURRENT),
    change('repeatPassword', NEW),
    change('repeatPassword', 'другой-пароль'),
  ],
  'password.blur': PASSWORD_FIELDS.map((field) => ({ type: 'password.blur', field })),
  'xstate.done.actor.changePassword': [{ type: 'xstate.done.actor.changePassword', output: { result: 1, endedSessions: 2 } }],
  'xstate.error.actor.changePassword': [
    { type: 'xstate.error.actor.changePassword', error: new ApiCallError(PROFILE_TEXTS.wrongCurrentPassword, 400) },
    { type: 'xstate.error.actor.changePassword', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) },
  ],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as PasswordChangeContext
const validity = ({ values }: PasswordChangeContext) => PASSWORD_FIELDS.map((field) => (passwordFieldError(field, values) === null ? 1 : 0)).join('')

// isFormValid reads the values: which fields are valid tells the vertices apart, so the traversal
// fills the form until «Сменить пароль» can send it
const serializeState = (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) =>
  `${defaultSerializeState(snapshot, event, prev)} valid=${validity(contextOf(snapshot))}`

let wasChanging = false

/** What the form shows follows from what was typed and what the server answered. */
function assertPasswordFacts(snapshot: AnyMachineSnapshot, _expected: unknown, index: number) {
  const context = contextOf(snapshot)
  for (const field of PASSWORD_FIELDS) {
    if (context.errors[field] !== null) expect(context.errors[field], field).toBe(passwordFieldError(field, context.values))
  }
  if (snapshot.matches('changing')) expect(validity(context)).toBe('111')
  // the form empties when the change is done (what is typed while the message shows stays)
  if (index > 0 && wasChanging && snapshot.matches({ filling: 'changed' })) {
    expect(context.values).toEqual({ currentPassword: '', newPassword: '', repeatPassword: '' })
    expect(context.message).toBeNull()
  }
  wasChanging = snapshot.matches('changing')
  if (snapshot.matches({ filling: 'failed' })) expect([PROFILE_TEXTS.wrongCurrentPassword, NETWORK_ERROR_MESSAGE]).toContain(context.message)
}

describeMachinePaths(passwordChangeMachine, { cases, serializeState, limit: 100_000, assertStep: assertPasswordFacts })

it('checks each field by the rules on blur and drops the message as soon as the field is fixed', () => {
  const form = createActor(passwordChangeMachine).start()
  const errorOf = (field: PasswordField) => form.getSnapshot().context.errors[field]
  form.send({ type: 'password.blur', field: 'currentPassword' })
  expect(errorOf('currentPassword')).toBe(REQUIRED_MESSAGE)
  form.send(change('currentPassword', CURRENT))
  expect(errorOf('currentPassword')).toBeNull()

  form.send(change('newPassword', 'short'))
  form.send({ type: 'password.blur', field: 'newPassword' })
  expect(errorOf('newPassword')).toBe('Пароль не короче 8 символов')
  form.send(change('newPassword', CURRENT))
  expect(errorOf('newPassword')).toBe(PROFILE_TEXTS.samePassword)

  form.send(change('repeatPassword', NEW))
  form.send({ type: 'password.blur', field: 'repeatPassword' })
  expect(errorOf('repeatPassword')).toBe(PROFILE_TEXTS.passwordsDiffer)
  form.send(change('newPassword', NEW))
  // the repeat's message follows the new password too
  expect([errorOf('newPassword'), errorOf('repeatPassword')]).toEqual([null, null])
  form.stop()
})
