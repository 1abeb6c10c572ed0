import { expect, it } from 'vitest'
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import type { Account } from '../../src/contract/account'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { REQUIRED_MESSAGE } from '../../src/contract/common'
import { DETAIL_FIELDS, profileMachine, type DetailField, type ProfileContext } from '../../src/machines/profile.machine'
import { fieldError } from '../../src/machines/registration.machine'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const ACCOUNT_ID = 2

const manager: Account = {
  id: ACCOUNT_ID,
  email: 'manager@stroymarket.example',
  name: 'Алексей Кузнецов',
  phone: '+7 (343) 200-10-20',
  type_id: '2',
  company: 'ООО «Строймаркет»',
  inn: '6671234567',
  disabledMenus: ['orders', 'acts'],
  contracts: [{ id: '7', header: 'Договор №7', contragent: 'ООО «Строймаркет»' }],
}

const renamed: Account = { ...manager, name: 'Пётр Сидоров', phone: '+7 (912) 345-67-89' }

const change = (field: DetailField, value: string) => ({ type: 'details.change' as const, field, value })

const cases: EventCases = {
  'xstate.done.actor.loadAccount': [{ type: 'xstate.done.actor.loadAccount', output: manager }],
  'xstate.error.actor.loadAccount': [{ type: 'xstate.error.actor.loadAccount', error: new ApiCallError(AUTH_MESSAGES.forbidden, 403) }],
  'details.change': [change('name', renamed.name), change('name', '  '), change('phone', '912 345 67 89'), change('phone', '91234')],
  'details.blur': DETAIL_FIELDS.map((field) => ({ type: 'details.blur', field })),
  'xstate.done.actor.saveDetails': [{ type: 'xstate.done.actor.saveDetails', output: renamed }],
  'xstate.error.actor.saveDetails': [{ type: 'xstate.error.actor.saveDetails', error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ProfileContext
const validity = ({ details }: ProfileContext) => DETAIL_FIELDS.map((field) => (fieldError(field, details[field]) === null ? 1 : 0)).join('')

// areDetailsValid reads the values: which fields are valid tells the vertices apart
const serializeState = (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) =>
  `${defaultSerializeState(snapshot, event, prev)} valid=${validity(contextOf(snapshot))}`

/** The profile page shows the account once loaded, the server's message when loading failed, and what a save answered. */
function assertProfileFacts(snapshot: AnyMachineSnapshot) {
  const context = contextOf(snapshot)
  expect(context.accountId).toBe(ACCOUNT_ID)
  if (snapshot.matches('failed')) expect([context.account, context.errorMessage]).toEqual([null, AUTH_MESSAGES.forbidden])
  if (snapshot.matches('loaded')) expect([manager, renamed]).toContainEqual(context.account)
  if (snapshot.matches({ loaded: 'saving' })) expect(validity(context)).toBe('11')
  if (snapshot.matches({ loaded: { details: 'saved' } })) expect(context.account).toEqual(renamed)
  if (snapshot.matches({ loaded: { details: 'failed' } })) expect(context.detailsMessage).toBe(NETWORK_ERROR_MESSAGE)
  for (const field of DETAIL_FIELDS) {
    if (context.detailErrors[field] !== null) expect(context.detailErrors[field]).toBe(fieldError(field, context.details[field]))
  }
}

describeMachinePaths(profileMachine, { cases, serializeState, limit: 100_000, input: { accountId: ACCOUNT_ID }, assertStep: assertProfileFacts })

it('fills the form from the account, checks the fields as registration does, and saves the phone in the mask’s form', async () => {
  let saved: unknown
  const machine = profileMachine.provide({
    actors: {
      loadAccount: fromPromise(async () => manager),
      saveDetails: fromPromise(async ({ input }) => {
        saved = input
        return renamed
      }),
    },
  })
  const profile = createActor(machine, { input: { accountId: ACCOUNT_ID } }).start()
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(profile.getSnapshot().context.details).toEqual({ name: manager.name, phone: manager.phone })
  profile.send(change('name', ''))
  profile.send({ type: 'details.submit' })
  expect(profile.getSnapshot().context.detailErrors.name).toBe(REQUIRED_MESSAGE)
  profile.send(change('name', renamed.name))
  profile.send(change('phone', '89123456789'))
  profile.send({ type: 'details.submit' })
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(saved).toEqual({ id: ACCOUNT_ID, details: { name: renamed.name, phone: '+7 (912) 345-67-89' } })
  expect(profile.getSnapshot().matches({ loaded: { details: 'saved' } })).toBe(true)
  profile.stop()
})
