import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { managerEditingMachine, type ManagerEditingContext } from '../../src/machines/manager-editing.machine'
import { NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { describeMachinePaths } from '../support/path-testing'
import {
  CHOICES,
  EDITED,
  EMAIL_TAKEN,
  LOAD_FAILURE,
  MANAGER_EDITING_CASES,
  NEW_MANAGER_INPUT,
  SAVE_REFUSED,
  serializeManagerEditing,
} from '../support/manager-editing-paths'

function assertManagerEditing(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as ManagerEditingContext
  expect(context.managerId).toBeNull()
  if (snapshot.matches('loadFailed')) expect(context.errorMessage).toBe(LOAD_FAILURE)
  if (snapshot.matches('editing')) expect(context.choices).toEqual(CHOICES)
  if (snapshot.matches({ editing: 'noContract' })) expect(context.draft.contractSelect).toEqual([])
  if (snapshot.matches({ editing: 'duplicate' })) expect(context.errorMessage).toBe(EMAIL_TAKEN)
  if (snapshot.matches({ editing: 'offline' })) expect(context.errorMessage).toBe(NETWORK_ERROR_MESSAGE)
  if (snapshot.matches({ editing: 'saveFailed' })) expect(context.errorMessage).toBe(SAVE_REFUSED)
  if (snapshot.matches('saving')) expect(context.draft.contractSelect).not.toEqual([])
  if (snapshot.matches('saved')) expect(context.saved).toEqual(EDITED)
  if (snapshot.status === 'done') expect(snapshot.output).toEqual({ saved: context.saved })
}

describeMachinePaths(managerEditingMachine, {
  cases: MANAGER_EDITING_CASES,
  input: NEW_MANAGER_INPUT,
  serializeState: serializeManagerEditing,
  limit: 20_000,
  assertStep: assertManagerEditing,
})
