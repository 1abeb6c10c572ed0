import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { REMINDER_MESSAGES } from '../../src/contract/registration'
import { REMINDER_SENT_RESULT, reminderMachine, type ReminderContext } from '../../src/machines/reminder.machine'
import { ApiCallError } from '../../src/services/http'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const cases: EventCases = {
  'reminder.send': [
    { type: 'reminder.send', email: ' dealer@teplodom.example ' },
    { type: 'reminder.send', email: '   ' },
  ],
  'xstate.done.actor.sendReminder': [
    // a backend may answer only {result}: the dialog's texts are the client's own (spec §8)
    { type: 'xstate.done.actor.sendReminder', output: { result: REMINDER_SENT_RESULT } },
    { type: 'xstate.done.actor.sendReminder', output: { result: 0, message: 'other text' } },
    { type: 'xstate.done.actor.sendReminder', output: { result: 2 } },
  ],
  'xstate.error.actor.sendReminder': [{ type: 'xstate.error.actor.sendReminder', error: new ApiCallError(AUTH_MESSAGES.tooManyAttempts, 429) }],
}

const messageOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as ReminderContext).message

/** The message the dialog shows in each state. */
const MESSAGE_IN: Array<[Parameters<AnyMachineSnapshot['matches']>[0], string | null]> = [
  [{ form: 'idle' }, null],
  [{ form: 'empty' }, REMINDER_MESSAGES.empty],
  [{ form: 'unknown' }, REMINDER_MESSAGES.unknown],
  [{ form: 'failed' }, AUTH_MESSAGES.tooManyAttempts],
  ['sending', null],
  ['sent', REMINDER_MESSAGES.sent],
]

describeMachinePaths(reminderMachine, {
  cases,
  // the message is what the dialog shows, so it is part of the vertex
  serializeState: (snapshot, event, prev) => `${defaultSerializeState(snapshot, event, prev)} ${JSON.stringify(messageOf(snapshot))}`,
  assertStep: (snapshot) => {
    const [, message] = MESSAGE_IN.find(([state]) => snapshot.matches(state))!
    expect(messageOf(snapshot)).toBe(message)
  },
})
