import { expect } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { CALLBACK_MESSAGES } from '../../src/contract/callback'
import { REQUIRED_MESSAGE } from '../../src/contract/common'
import { CALLBACK_FIELDS, callbackMachine, callbackRequestOf, type CallbackContext, type CallbackField } from '../../src/machines/callback.machine'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const change = (field: CallbackField, value: string) => ({ type: 'callback.change' as const, field, value })

const cases: EventCases = {
  'callback.change': [change('firstname', 'Ольга'), change('firstname', '  '), change('phone', '+7 (912) 345-67-89'), change('phone', '+7 (912) 3')],
  'callback.blur': CALLBACK_FIELDS.map((field) => ({ type: 'callback.blur', field })),
  'xstate.done.actor.sendCallback': [
    { type: 'xstate.done.actor.sendCallback', output: { status: 'success' } },
    { type: 'xstate.done.actor.sendCallback', output: { status: 'error', message: 'Сервис недоступен' } },
    // a backend's refusal without a message
    { type: 'xstate.done.actor.sendCallback', output: { status: 'error' } },
  ],
  'xstate.error.actor.sendCallback': [
    { type: 'xstate.error.actor.sendCallback', error: new ApiCallError(CALLBACK_MESSAGES.tooMany, 429) },
    { type: 'xstate.error.actor.sendCallback', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) },
  ],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CallbackContext
const filled = ({ values }: CallbackContext) => `${values.firstname.trim() ? 1 : 0}${values.phone.length === 18 ? 1 : 0}`

// whether the fields are filled tells the vertices apart, so the traversal fills the form until it can be sent
const serializeState = (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) =>
  `${defaultSerializeState(snapshot, event, prev)} filled=${filled(contextOf(snapshot))}`

describeMachinePaths(callbackMachine, {
  cases,
  serializeState,
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    // a call is made only with both fields filled in, in the mask's form
    if (snapshot.matches('sending')) {
      expect(filled(context)).toBe('11')
      expect(callbackRequestOf(context.values)).toEqual({ data: { phone: '+7 (912) 345-67-89', firstname: 'Ольга' } })
    }
    // the spec's required message under an empty field once it was checked
    for (const field of CALLBACK_FIELDS) {
      const empty = field === 'phone' ? context.values.phone === '' : context.values[field].trim() === ''
      if (context.errors[field] !== null && empty) expect(context.errors[field]).toBe(REQUIRED_MESSAGE)
    }
    // a message shows exactly while it is the 2 s of a failure
    expect(context.message !== null).toBe(snapshot.matches({ editing: 'failed' }))
  },
})
