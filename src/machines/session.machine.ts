import { assign, createMachine, enqueueActions, fromCallback, not, sendTo, setup, type ActorRefFrom, type EventObject } from 'xstate'
import type { Account } from '../contract/account'
import type { LoginRequest } from '../contract/auth'
import type { invitationMachine } from './invitation.machine'
import type { registrationMachine } from './registration.machine'
import type { reminderMachine } from './reminder.machine'
import { shellMachine } from './shell.machine'
import { sidebarMachine, type SidebarMode } from './sidebar.machine'
import type { Address } from './screens'
import { submittedForm } from './confirmed-call'
import { lazyLogicStates } from './lazy-logic'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { blankFields } from './required-fields'

export const SESSION_MESSAGES = {
  expired: 'Сессия истекла, войдите снова',
} as const

/** The address of the registration form (a modal over the login page). */
export const REGISTRATION_PATH = '/registration/form/'

/** The signed-out forms that run as the session's children, their code loaded with their route. */
export type FormName = 'registration' | 'reminder'

const LOGIN_FIELDS = ['email', 'password'] as const
export type LoginField = (typeof LOGIN_FIELDS)[number]

/** What POST /api/login/ answers: the account, or the server's refusal (wrong password, not approved …). */
export type LoginOutcome = { account: Account } | { refusal: string }

export interface SessionContext {
  /** the signed-in account; null when signed out */
  account: Account | null
  /** the refusal, the expiry notice or the failure the login form shows; null when none */
  message: string | null
  /** the login fields left empty at the last attempt */
  missing: LoginField[]
  /** the address the router delivered last: the shell starts with it */
  address: Address | null
  /** the sidebar's width remembered from the last visit: the sidebar starts with it */
  sidebarMode: SidebarMode
}

export interface SessionInput {
  sidebarMode?: SidebarMode
}

export type SessionEvent =
  | { type: 'session.login'; email: string; password: string }
  | { type: 'session.logout' }
  /** the http layer saw a 401 */
  | { type: 'session.expired' }
  /** the dealer types in the login form again */
  | { type: 'session.edit' }
  /** the router: the dealer went to an address (the shell's screen host runs its screen) */
  | { type: 'address.changed'; address: Address }
  /** the login page: "Забыли пароль?" opens the reminder dialog, closing it ends the reminder */
  | { type: 'reminder.open' }
  | { type: 'reminder.close' }
  /** the invitation page (open to anyone holding the link): its route opens the link's form, leaving it closes the form */
  | { type: 'invitation.open'; token: string }
  | { type: 'invitation.close' }

// The forms' code is not imported here: the app provides each machine, loading its code with the
// route (`loadFormCode`). A session that is not given one (a test of the session alone) runs these.
const unprovidedRegistration = createMachine({ id: 'registration' }) as unknown as typeof registrationMachine
const unprovidedReminder = createMachine({ id: 'reminder' }) as unknown as typeof reminderMachine
const unprovidedInvitation = createMachine({ id: 'invitation' }) as unknown as typeof invitationMachine

/**
 * The states of a signed-out form that runs as the session's child while shown: its code loads
 * first (`loadFormCode`, whose output is what this tab kept of the form), then the child runs
 * under its name as id and systemId, starting from that output; leaving the parent state stops it.
 */
function formStates<const Name extends FormName, const Input>(name: Name, input: Input) {
  return lazyLogicStates({
    loading: { description: `The ${name} form's code loads with its route; the form shows its loader` },
    load: { id: name === 'registration' ? 'loadRegistrationCode' : 'loadReminderCode', src: 'loadFormCode', input: { name } },
    loaded: { description: 'The code is there (and what this tab kept of the form)' },
    failed: { description: 'The form keeps its loader until the dealer leaves it' },
    run: { name, description: `The ${name} form runs as the child "${name}" (systemId "${name}")`, input },
  })
}

/**
 * Who is signed in. The app shell starts it once, redirects by its tags ('checking', 'signedIn',
 * 'signedOut') and reads `account`; the login page shows `message`.
 */
const sessionSetup = setup({
  types: {} as {
    context: SessionContext
    events: SessionEvent
    input: SessionInput | undefined
    children: {
      sidebar: 'sidebar'
      shell: 'shell'
      registration: 'registration'
      reminder: 'reminder'
      invitation: 'invitation'
      loadRegistrationCode: 'loadFormCode'
      loadReminderCode: 'loadFormCode'
    }
  },
  actors: {
    sidebar: sidebarMachine,
    /** sends `session.expired` whenever a call is answered 401; the app provides it */
    watchUnauthorized: fromCallback<EventObject>(() => undefined),
    /** resolves when the form's code is there, with what this tab kept of it (null: nothing) */
    loadFormCode: unprovidedPromise<unknown, { name: FormName }>('loadFormCode'),
    registration: unprovidedRegistration,
    reminder: unprovidedReminder,
    /** the invitation form; the app provides it once its route's code is there (the route waits for it) */
    invitation: unprovidedInvitation,
    loadSession: unprovidedPromise<Account | null>('loadSession'),
    login: unprovidedPromise<LoginOutcome, LoginRequest>('login'),
    logout: unprovidedPromise<unknown>('logout'),
    shell: shellMachine,
  },
  guards: {
    hasAccount: (_, params: { account: Account | null }) => params.account !== null,
    isRegistrationAddress: ({ context }) => context.address?.path === REGISTRATION_PATH,
    hasCredentials: ({ event }) => event.type === 'session.login' && blankFields(event, LOGIN_FIELDS).length === 0,
    isRefused: (_, params: { outcome: LoginOutcome }) => 'refusal' in params.outcome,
  },
  actions: {
    storeAccount: assign({ account: (_, params: { account: Account | null }) => params.account, message: null, missing: [] }),
    storeMessage: assign({ message: (_, params: { message: string }) => params.message }),
    storeMissing: assign({ missing: (_, params: { missing: LoginField[] }) => params.missing, message: null }),
    resetMessage: assign({ message: null, missing: [] }),
    resetAccount: assign({ account: null, message: null, missing: [] }),
    storeAddress: assign({ address: (_, params: { address: Address }) => params.address }),
    /** the form of the link's token runs as the child "invitation", in place of one for another token */
    openInvitation: enqueueActions(({ enqueue }, params: { token: string }) => {
      enqueue.stopChild('invitation')
      enqueue.spawnChild('invitation', { id: 'invitation', input: { token: params.token } })
    }),
    closeInvitation: enqueueActions(({ enqueue }) => enqueue.stopChild('invitation')),
    notifyShellAddress: sendTo('shell', (_, params: { address: Address }) => ({ type: 'address.changed' as const, address: params.address })),
  },
})

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  description: 'Who is signed in: checks the session cookie, logs in and out, and signs out on any 401.',
  context: ({ input }) => ({ account: null, message: null, missing: [], address: null, sidebarMode: input?.sidebarMode ?? 'wide' }),
  // the sidebar lives as long as the session: its width holds across signing out and in
  invoke: [
    { id: 'sidebar', src: 'sidebar', systemId: 'sidebar', input: ({ context }) => ({ mode: context.sidebarMode }) },
    // a 401 from any call comes back as `session.expired`
    { id: 'watchUnauthorized', src: 'watchUnauthorized' },
  ],
  on: {
    'address.changed': {
      description: 'The router: the address is kept, for the shell to start with',
      actions: { type: 'storeAddress', params: ({ event }) => ({ address: event.address }) },
    },
    // signed in or not: the page is open to anyone holding the link
    'invitation.open': {
      description: 'The invitation page opens the form of its link\'s token: it runs as the child "invitation" (a new one for another token)',
      actions: { type: 'openInvitation', params: ({ event }) => ({ token: event.token }) },
    },
    'invitation.close': { description: 'The visitor leaves the invitation page: the form stops', actions: 'closeInvitation' },
  },
  initial: 'checking',
  states: {
    checking: {
      tags: 'checking',
      description: 'GET /api/session/ runs; the app shows its loader',
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: [
          {
            guard: { type: 'hasAccount', params: ({ event }) => ({ account: event.output }) },
            target: 'signedIn',
            description: 'The cookie names a live session',
            actions: { type: 'storeAccount', params: ({ event }) => ({ account: event.output }) },
          },
          { target: 'signedOut', description: 'Nobody is signed in (401)' },
        ],
        onError: {
          target: 'signedOut.login.form.networkError',
          description: 'The check failed: the login form shows why',
          actions: { type: 'storeMessage', params: ({ event }) => ({ message: errorMessageOf(event.error) }) },
        },
      },
    },
    signedOut: {
      tags: 'signedOut',
      description: 'The login page, with the registration form over it at its address and the password reminder when opened',
      type: 'parallel',
      states: {
        login: {
          description: 'The login form',
          initial: 'form',
          states: {
            ...submittedForm(sessionSetup, {
              form: {
                state: 'form',
                description: 'The e-mail and password fields and "Войти"',
                submit: {
                  event: 'session.login',
                  guard: 'hasCredentials',
                  description: 'The dealer presses "Войти" with both fields filled',
                  actions: 'resetMessage',
                },
                incomplete: {
                  state: 'incomplete',
                  description: 'The dealer presses "Войти" with a field empty: no call',
                  actions: {
                    type: 'storeMissing',
                    params: ({ event }) => ({ missing: event.type === 'session.login' ? blankFields(event, LOGIN_FIELDS) : [] }),
                  },
                },
                idle: { description: 'No message' },
                messages: {
                  incomplete: { description: '"Это поле необходимо заполнить." under each empty field' },
                  rejected: { description: "The server's refusal (wrong e-mail or password, not approved, disabled) in red" },
                  networkError: { description: 'The call got no answer: the network message in red' },
                  expired: {
                    description: '"Сессия истекла, войдите снова"',
                    entry: { type: 'storeMessage', params: { message: SESSION_MESSAGES.expired } },
                  },
                },
                edit: { event: 'session.edit', description: 'The dealer types again: the message goes away', actions: 'resetMessage' },
              },
              call: {
                state: 'submitting',
                description: 'POST /api/login/ runs; "Вход…" on the disabled button',
                invoke: {
                  id: 'login',
                  src: 'login',
                  input: ({ event }) =>
                    event.type === 'session.login' ? { email: event.email.trim(), password: event.password } : { email: '', password: '' },
                  onDone: [
                    {
                      guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
                      target: 'form.rejected',
                      description: 'The server refused the login',
                      actions: {
                        type: 'storeMessage',
                        params: ({ event }) => ({ message: 'refusal' in event.output ? event.output.refusal : '' }),
                      },
                    },
                    {
                      target: '#session.signedIn',
                      description: 'Signed in: the app shell leaves the login page',
                      actions: {
                        type: 'storeAccount',
                        params: ({ event }) => ({ account: 'account' in event.output ? event.output.account : null }),
                      },
                    },
                  ],
                  onError: {
                    target: 'form.networkError',
                    description: 'No answer (network or server failure)',
                    actions: { type: 'storeMessage', params: ({ event }) => ({ message: errorMessageOf(event.error) }) },
                  },
                },
              },
            }),
          },
        },
        registration: {
          description: `The registration form, while the address is ${REGISTRATION_PATH}`,
          initial: 'closed',
          states: {
            closed: {
              description: 'The address is another one',
              always: { guard: 'isRegistrationAddress', target: 'shown', description: `The router delivered ${REGISTRATION_PATH}` },
            },
            shown: {
              description: 'The registration modal over the login page',
              always: { guard: not('isRegistrationAddress'), target: 'closed', description: "The dealer left the form's address: the form stops" },
              initial: 'loadingCode',
              // the first captcha is asked with the time the dealer arrived at the form
              states: formStates('registration', ({ context, event }: { context: SessionContext; event: EventObject & { output?: unknown } }) => ({
                captchaTime: Date.parse(context.address?.at ?? '') || 0,
                kept: event.output ?? null,
              })),
            },
          },
        },
        reminder: {
          description: 'The password reminder dialog',
          initial: 'closed',
          states: {
            closed: {
              description: 'Not open',
              on: { 'reminder.open': { target: 'shown', description: 'The dealer presses "Забыли пароль?"' } },
            },
            shown: {
              description: 'The dialog is open; every opening starts afresh',
              on: { 'reminder.close': { target: 'closed', description: 'The dealer closes the dialog: the reminder stops' } },
              initial: 'loadingCode',
              states: formStates('reminder', undefined),
            },
          },
        },
      },
    },
    signedIn: {
      tags: 'signedIn',
      description: 'The cabinet; its frame (the shell: init data, contract, basket summary) runs as the child "shell", reached by that systemId',
      initial: 'idle',
      invoke: { id: 'shell', src: 'shell', systemId: 'shell', input: ({ context }) => ({ address: context.address }) },
      on: {
        'address.changed': {
          description: "The router: the shell's screen host runs the screen of the new address",
          actions: [
            { type: 'storeAddress', params: ({ event }) => ({ address: event.address }) },
            { type: 'notifyShellAddress', params: ({ event }) => ({ address: event.address }) },
          ],
        },
        'session.expired': {
          target: 'signedOut.login.form.expired',
          description: 'Any call answered 401: the session ended on the server',
          actions: 'resetAccount',
        },
      },
      states: {
        idle: {
          description: 'The cabinet is in use',
          on: { 'session.logout': { target: 'signingOut', description: 'The dealer presses "Выйти"' } },
        },
        signingOut: {
          description: 'POST /api/logout/ runs',
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: { target: '#session.signedOut', description: 'Signed out', actions: 'resetAccount' },
            onError: {
              target: '#session.signedOut',
              description: 'The call failed; the dealer is signed out here all the same',
              actions: 'resetAccount',
            },
          },
        },
      },
    },
  },
})

/** The running session actor, as views and other actors hold it. */
export type SessionActor = ActorRefFrom<typeof sessionMachine>
