import { expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { INVITATION_MESSAGES } from '../../src/contract/managers'
import { invitationMachine, passwordProblem, type InvitationContext } from '../../src/machines/invitation.machine'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const TOKEN = 'ab'.repeat(32)
const EMAIL = 'new@stroymarket.example'

const cases: EventCases = {
  'password.set': [
    { type: 'password.set', password: 'пароль-123', password2: 'пароль-123' },
    { type: 'password.set', password: 'пароль-123', password2: 'пароль-124' },
  ],
  'xstate.done.actor.acceptInvitation': [
    { type: 'xstate.done.actor.acceptInvitation', output: { result: 1, message: INVITATION_MESSAGES.done, email: EMAIL } },
  ],
  'xstate.error.actor.acceptInvitation': [{ type: 'xstate.error.actor.acceptInvitation', error: new ApiCallError(INVITATION_MESSAGES.used, 400) }],
}

function assertInvitation(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as InvitationContext
  expect(context.token).toBe(TOKEN)
  if (snapshot.matches({ form: 'invalid' })) expect(context.message).toBe(INVITATION_MESSAGES.passwordsDiffer)
  if (snapshot.matches({ form: 'refused' })) expect(context.message).toBe(INVITATION_MESSAGES.used)
  if (snapshot.matches({ form: 'idle' }) || snapshot.matches('sending')) expect(context.message).toBeNull()
  if (snapshot.matches('done')) expect(context.email).toBe(EMAIL)
}

describeMachinePaths(invitationMachine, { cases, input: { token: TOKEN }, assertStep: assertInvitation })

it('refuses a password under 8 characters before it is sent', () => {
  expect(passwordProblem('1234567', '1234567')).toBe(INVITATION_MESSAGES.passwordTooShort)
})
