import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import type { Account } from '../../src/contract/account'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { FALLBACK_ERROR_MESSAGE } from '../../src/machines/machine-support'
import { SESSION_MESSAGES, sessionMachine, type SessionContext } from '../../src/machines/session.machine'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const dealer: Account = {
  id: 1,
  email: 'dealer@stroymarket.example',
  name: 'Ирина Соколова',
  phone: '+7 (495) 123-45-67',
  type_id: '1',
  company: 'ООО «Строймаркет»',
  inn: '7701234567',
  disabledMenus: [],
  contracts: [{ id: 'c-1', header: 'Договор №1', contragent: 'ООО «Строймаркет»' }],
}

const REFUSALS = [AUTH_MESSAGES.wrongCredentials, AUTH_MESSAGES.notApproved]
const NETWORK_ERROR = new ApiCallError(NETWORK_ERROR_MESSAGE, 0)

const cases: EventCases = {
  'session.login': [
    { type: 'session.login', email: ' dealer@stroymarket.example ', password: 'demo12345' },
    { type: 'session.login', email: '   ', password: 'demo12345' },
    { type: 'session.login', email: '', password: '' },
  ],
  'xstate.done.actor.loadSession': [
    { type: 'xstate.done.actor.loadSession', output: dealer },
    { type: 'xstate.done.actor.loadSession', output: null },
  ],
  'xstate.error.actor.loadSession': [{ type: 'xstate.error.actor.loadSession', error: NETWORK_ERROR }],
  'xstate.done.actor.login': [
    { type: 'xstate.done.actor.login', output: { account: dealer } },
    ...REFUSALS.map((refusal) => ({ type: 'xstate.done.actor.login', output: { refusal } })),
  ],
  // an error without a message: the form falls back to the general one
  'xstate.error.actor.login': [{ type: 'xstate.error.actor.login', error: new Error('') }],
  'xstate.done.actor.logout': [{ type: 'xstate.done.actor.logout', output: {} }],
  'xstate.error.actor.logout': [{ type: 'xstate.error.actor.logout', error: NETWORK_ERROR }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as SessionContext

/** What the login page and the app shell can rely on in each state. */
function assertSessionFacts(snapshot: AnyMachineSnapshot) {
  const { account, message, missing } = contextOf(snapshot)
  if (snapshot.hasTag('signedIn')) {
    expect(account).toEqual(dealer)
    expect(message).toBeNull()
  } else {
    expect(account).toBeNull()
  }
  const form = (state: string) => snapshot.matches({ signedOut: { form: state } })
  if (form('idle') || snapshot.matches({ signedOut: 'submitting' })) {
    expect([message, missing]).toEqual([null, []])
  }
  if (form('incomplete')) {
    expect(missing.length).toBeGreaterThan(0)
    expect(message).toBeNull()
  }
  if (form('rejected')) expect(REFUSALS).toContain(message)
  if (form('networkError')) expect([NETWORK_ERROR_MESSAGE, FALLBACK_ERROR_MESSAGE]).toContain(message)
  if (form('expired')) expect(message).toBe(SESSION_MESSAGES.expired)
}

describeMachinePaths(sessionMachine, {
  cases,
  // the message and the missing fields are what the login form shows, so each is a vertex of its own
  serializeState: (snapshot, event, prev) => {
    const { account, message, missing } = contextOf(snapshot)
    return `${defaultSerializeState(snapshot, event, prev)} ${JSON.stringify([account !== null, message, missing])}`
  },
  limit: 20_000,
  assertStep: assertSessionFacts,
})
