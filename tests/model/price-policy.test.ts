import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { pricePolicyMachine, type PricePolicyContext } from '../../src/machines/price-policy.machine'
import { ApiCallError } from '../../src/services/http'
import { MANAGER } from '../support/manager-fixture'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const LOAD_FAILURE = 'Ошибка сервера (503)'
const SAVE_FAILURE = 'Ошибка. Данные не сохранены'
const SAVED = { type: 'markup', markup: 12.5 } as const

const cases: EventCases = {
  'policy.type': [
    { type: 'policy.type', value: 'markup' },
    { type: 'policy.type', value: 'rrc' },
  ],
  'policy.markup': [
    { type: 'policy.markup', value: '12,5' },
    { type: 'policy.markup', value: '-3' },
  ],
  'xstate.done.actor.loadPolicy': [{ type: 'xstate.done.actor.loadPolicy', output: { type: 'contract', markup: 0 } }],
  'xstate.error.actor.loadPolicy': [{ type: 'xstate.error.actor.loadPolicy', error: new ApiCallError(LOAD_FAILURE, 503) }],
  'xstate.done.actor.savePolicy': [{ type: 'xstate.done.actor.savePolicy', output: SAVED }],
  'xstate.error.actor.savePolicy': [{ type: 'xstate.error.actor.savePolicy', error: new ApiCallError(SAVE_FAILURE, 0) }],
}

/** The kind and whether the markup field holds a valid markup matter (the validation); the rest lives in the state value. */
const serializePricePolicy = (state: { value: unknown; context: unknown }, event?: { type: string }, prev?: { value: unknown }) => {
  const context = state.context as PricePolicyContext
  const key = `${JSON.stringify(state.value)} ${context.type} ${context.markupText === '12,5' ? 'ok' : context.markupText === '' ? 'empty' : 'bad'}`
  return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
}

function assertPricePolicy(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as PricePolicyContext
  expect(context.managerId).toBe(MANAGER.id)
  if (snapshot.matches('loadFailed')) expect(context.errorMessage).toBe(LOAD_FAILURE)
  if (snapshot.matches({ editing: 'invalidMarkup' })) expect([context.type, context.markupText === '12,5']).toEqual(['markup', false])
  if (snapshot.matches({ editing: 'failed' })) expect(context.errorMessage).toBe(SAVE_FAILURE)
  if (snapshot.matches('saved')) expect(context.saved).toEqual(SAVED)
  if (snapshot.status === 'done') expect(snapshot.output).toEqual({ saved: context.saved })
}

describeMachinePaths(pricePolicyMachine, {
  cases,
  input: { manager: MANAGER },
  serializeState: serializePricePolicy,
  limit: 20_000,
  assertStep: assertPricePolicy,
})
