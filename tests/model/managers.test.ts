import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { managersMachine, type ManagersContext } from '../../src/machines/managers.machine'
import { ApiCallError } from '../../src/services/http'
import { MANAGER } from '../support/manager-fixture'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const SWITCHED_OFF: typeof MANAGER = { ...MANAGER, enabled: '0' }
const FAILURE = 'Менеджер не найден'

const cases: EventCases = {
  'manager.edit': [{ type: 'manager.edit', manager: MANAGER }],
  'manager.remove': [{ type: 'manager.remove', manager: MANAGER }],
  'manager.toggle': [{ type: 'manager.toggle', manager: MANAGER }],
  'manager.pricePolicy': [{ type: 'manager.pricePolicy', manager: MANAGER }],
  'xstate.done.actor.pricing': [{ type: 'xstate.done.actor.pricing', output: { saved: null } }],
  'xstate.done.actor.loadManagers': [{ type: 'xstate.done.actor.loadManagers', output: [MANAGER] }],
  'xstate.error.actor.loadManagers': [{ type: 'xstate.error.actor.loadManagers', error: new ApiCallError('Ошибка сервера (503)', 503) }],
  'xstate.done.actor.setEnabled': [{ type: 'xstate.done.actor.setEnabled', output: SWITCHED_OFF }],
  'xstate.error.actor.setEnabled': [{ type: 'xstate.error.actor.setEnabled', error: new ApiCallError(FAILURE, 404) }],
  'xstate.done.actor.removeManager': [{ type: 'xstate.done.actor.removeManager', output: { result: 1 } }],
  'xstate.error.actor.removeManager': [{ type: 'xstate.error.actor.removeManager', error: new ApiCallError(FAILURE, 404) }],
  'xstate.done.actor.editing': [
    { type: 'xstate.done.actor.editing', output: { saved: MANAGER } },
    { type: 'xstate.done.actor.editing', output: { saved: null } },
  ],
}

function assertManagers(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as ManagersContext
  if (snapshot.matches('failed')) expect(context.errorMessage).toBe('Ошибка сервера (503)')
  if (snapshot.matches({ loaded: 'idle' })) expect(context.errorMessage).toBeNull()
  if (snapshot.matches({ loaded: 'confirmingRemove' }) || snapshot.matches({ loaded: 'toggling' })) expect(context.target).toEqual(MANAGER)
  if (snapshot.matches({ loaded: 'toggled' })) expect(context.managers).toEqual([SWITCHED_OFF])
  if (snapshot.matches({ loaded: 'removeFailed' }) || snapshot.matches({ loaded: 'toggleFailed' })) expect(context.errorMessage).toBe(FAILURE)
  expect(snapshot.children.editing !== undefined).toBe(snapshot.matches({ loaded: 'editing' }))
  expect(snapshot.children.pricing !== undefined).toBe(snapshot.matches({ loaded: 'pricing' }))
  if (snapshot.matches({ loaded: 'pricing' })) expect(context.target).toEqual(MANAGER)
}

describeMachinePaths(managersMachine, { cases, assertStep: assertManagers })
