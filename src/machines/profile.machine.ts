import { assign, setup, type ActorRefFrom } from 'xstate'
import type { Account } from '../contract/account'
import { errorMessageOf, unprovidedPromise } from './machine-support'

export const PROFILE_MESSAGES = {
  loadFailed: 'Не удалось загрузить профиль',
} as const

export interface ProfileInput {
  /** the signed-in account's id */
  accountId: number
}

export interface ProfileContext extends ProfileInput {
  account: Account | null
  errorMessage: string | null
}

export type ProfileEvent = { type: 'profile.retry' }

/** The account profile page: loads GET /api/account/{id}/ for the signed-in account. */
export const profileMachine = setup({
  types: {} as { context: ProfileContext; events: ProfileEvent; input: ProfileInput },
  actors: {
    loadAccount: unprovidedPromise<Account, { id: number }>('loadAccount'),
  },
  actions: {
    storeAccount: assign({ account: (_, params: { account: Account }) => params.account, errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
  },
}).createMachine({
  id: 'profile',
  description: 'The account profile: loads the signed-in account and shows it.',
  context: ({ input }) => ({ accountId: input.accountId, account: null, errorMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /api/account/{id}/ runs; the page is busy',
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ id: context.accountId }),
        onDone: { target: 'loaded', actions: { type: 'storeAccount', params: ({ event }) => ({ account: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: { description: 'Name, e-mail, phone, company, INN, role, contracts and hidden sections are shown' },
    failed: {
      description: '"Не удалось загрузить профиль" with the server message and "Повторить"',
      on: { 'profile.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
  },
})
export type ProfileActor = ActorRefFrom<typeof profileMachine>
