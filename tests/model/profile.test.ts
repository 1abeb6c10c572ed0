import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import type { Account } from '../../src/contract/account'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { profileMachine, type ProfileContext } from '../../src/machines/profile.machine'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

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

const cases: EventCases = {
  'xstate.done.actor.loadAccount': [{ type: 'xstate.done.actor.loadAccount', output: manager }],
  'xstate.error.actor.loadAccount': [{ type: 'xstate.error.actor.loadAccount', error: new ApiCallError(AUTH_MESSAGES.forbidden, 403) }],
}

/** The profile page shows the account once loaded, and the server's message when loading failed. */
function assertProfileFacts(snapshot: AnyMachineSnapshot) {
  const { accountId, account, errorMessage } = snapshot.context as ProfileContext
  expect(accountId).toBe(ACCOUNT_ID)
  if (snapshot.matches('loaded')) expect([account, errorMessage]).toEqual([manager, null])
  if (snapshot.matches('failed')) expect([account, errorMessage]).toEqual([null, AUTH_MESSAGES.forbidden])
}

describeMachinePaths(profileMachine, { cases, input: { accountId: ACCOUNT_ID }, assertStep: assertProfileFacts })
