import { expect } from 'vitest'
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate'
import type { Account } from '../../src/contract/account'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { invitationMachine } from '../../src/machines/invitation.machine'
import { FALLBACK_ERROR_MESSAGE } from '../../src/machines/machine-support'
import { REGISTRATION_PATH, SESSION_MESSAGES, sessionMachine, type SessionContext } from '../../src/machines/session.machine'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { defaultSerializeState, describeMachinePaths, type EventCases } from '../support/path-testing'

const dealer: Account = {
  id: 1,
  email: 'dealer@stroymarket.example',
  name: 'Ирина Соколова',
  phone: '+7 (495) 123-45-67',
  type_id: '1',
  company: 'ООО «Строймаркет»',
  inn: '7707083893',
  disabledMenus: [],
  contracts: [{ id: 'c-1', header: 'Договор №1', contragent: 'ООО «Строймаркет»' }],
}

const REFUSALS = [AUTH_MESSAGES.wrongCredentials, AUTH_MESSAGES.notApproved]
const NETWORK_ERROR = new ApiCallError(NETWORK_ERROR_MESSAGE, 0)

const ARRIVED_AT = '2026-11-26T10:00:00.000Z'
const address = (path: string) => ({ type: 'address.changed', address: { path, search: {}, at: ARRIVED_AT } })

const INVITATION_TOKEN = 'a1b2c3d4e5'

const cases: EventCases = {
  'address.changed': [address(REGISTRATION_PATH), address('/login/')],
  'xstate.done.actor.loadRegistrationCode': [{ type: 'xstate.done.actor.loadRegistrationCode', output: { values: { company: 'ООО «Ромашка»' } } }],
  'xstate.error.actor.loadRegistrationCode': [{ type: 'xstate.error.actor.loadRegistrationCode', error: new Error('chunk') }],
  'xstate.done.actor.loadReminderCode': [{ type: 'xstate.done.actor.loadReminderCode', output: null }],
  'xstate.error.actor.loadReminderCode': [{ type: 'xstate.error.actor.loadReminderCode', error: new Error('chunk') }],
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
  // the invitation page opens the link's form (signed in or not) and closes it when left
  'invitation.open': [{ type: 'invitation.open', token: INVITATION_TOKEN }],
  'invitation.close': [{ type: 'invitation.close' }],
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
  const form = (state: string) => snapshot.matches({ signedOut: { login: { form: state } } })
  if (form('idle') || snapshot.matches({ signedOut: { login: 'submitting' } })) {
    expect([message, missing]).toEqual([null, []])
  }
  if (form('incomplete')) {
    expect(missing.length).toBeGreaterThan(0)
    expect(message).toBeNull()
  }
  if (form('rejected')) expect(REFUSALS).toContain(message)
  if (form('networkError')) expect([NETWORK_ERROR_MESSAGE, FALLBACK_ERROR_MESSAGE]).toContain(message)
  if (form('expired')) expect(message).toBe(SESSION_MESSAGES.expired)
  // the registration runs exactly while the address is its own, from the time the dealer arrived there and what the tab kept
  const onRegistration = contextOf(snapshot).address?.path === REGISTRATION_PATH
  if (snapshot.hasTag('signedOut')) expect(snapshot.matches({ signedOut: { registration: 'shown' } })).toBe(onRegistration)
  const registration = snapshot.children.registration as AnyActorRef | undefined
  expect(registration !== undefined).toBe(snapshot.matches({ signedOut: { registration: { shown: 'running' } } }))
  if (registration) expect(registration.getSnapshot().input).toEqual({ captchaTime: Date.parse(ARRIVED_AT), kept: { values: { company: 'ООО «Ромашка»' } } })
  expect(snapshot.children.reminder !== undefined).toBe(snapshot.matches({ signedOut: { reminder: { shown: 'running' } } }))
  // the invitation form, when it runs, is the one of the link's token, whatever the session does meanwhile
  const invitation = snapshot.children.invitation as AnyActorRef | undefined
  if (invitation) expect(invitation.getSnapshot().context.token).toBe(INVITATION_TOKEN)
}

describeMachinePaths(sessionMachine.provide({ actors: { invitation: invitationMachine } }), {
  cases,
  // the message and the missing fields are what the login form shows, so each is a vertex of its own;
  // so is whether the invitation form runs, before and after the step (opening it afresh and again differ)
  serializeState: (snapshot, event, prev) => {
    const { account, message, missing } = contextOf(snapshot)
    const { address: where } = contextOf(snapshot)
    const invitation = [snapshot, prev].map((state) => state?.children.invitation !== undefined)
    return `${defaultSerializeState(snapshot, event, prev)} ${JSON.stringify([account !== null, message, missing, where?.path ?? null, invitation])}`
  },
  limit: 45_000,
  assertStep: assertSessionFacts,
})
