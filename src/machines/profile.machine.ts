import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef } from 'xstate'
import type { Account } from '../contract/account'
import type { AccountDetailsRequest } from '../contract/profile'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { passwordChangeMachine } from './password-change.machine'
import { problemReportMachine } from './problem-report.machine'
import { contactFieldError } from './contact-fields'
import { formatPhone } from './phone'
import { TIMINGS } from './timings'

export const PROFILE_MESSAGES = {
  loadFailed: 'Не удалось загрузить профиль',
} as const

export const DETAIL_FIELDS = ['name', 'phone'] as const
export type DetailField = (typeof DETAIL_FIELDS)[number]
export type DetailValues = Record<DetailField, string>
/** a field's message, or null while it is valid or not yet checked */
export type DetailErrors = Record<DetailField, string | null>

export interface ProfileInput {
  /** the signed-in account's id */
  accountId: number
}

export interface ProfileContext extends ProfileInput {
  account: Account | null
  errorMessage: string | null
  /** the name and phone as typed in «Личные данные» */
  details: DetailValues
  detailErrors: DetailErrors
  /** the save's failure message */
  detailsMessage: string | null
}

export type ProfileEvent =
  | { type: 'profile.retry' }
  | { type: 'details.change'; field: DetailField; value: string }
  | { type: 'details.blur'; field: DetailField }
  | { type: 'details.submit' }

/** The same rules registration checks the name and phone with (the contract's). */
const detailErrorOf = (field: DetailField, value: string) => contactFieldError(field, value)

const errorsOf = (details: DetailValues): DetailErrors => ({ name: detailErrorOf('name', details.name), phone: detailErrorOf('phone', details.phone) })
const noErrors = (): DetailErrors => ({ name: null, phone: null })
const detailsOf = (account: Account): DetailValues => ({ name: account.name, phone: formatPhone(account.phone) })

/** The save's body: the phone in the mask's form. */
const requestOf = (details: DetailValues): AccountDetailsRequest => ({ name: details.name, phone: formatPhone(details.phone) })

/**
 * The account profile page: loads GET /api/account/{id}/ for the signed-in account, edits its name
 * and phone (saved with «Данные сохранены» for 1.5 s) and holds the password change and «Сообщить о
 * проблеме» as its children.
 */
export const profileMachine = setup({
  types: {} as {
    context: ProfileContext
    events: ProfileEvent
    input: ProfileInput
    children: { loadAccount: 'loadAccount'; saveDetails: 'saveDetails'; passwordChange: 'passwordChange'; problemReport: 'problemReport' }
  },
  actors: {
    loadAccount: unprovidedPromise<Account, { id: number }>('loadAccount'),
    saveDetails: unprovidedPromise<Account, { id: number; details: AccountDetailsRequest }>('saveDetails'),
    passwordChange: passwordChangeMachine,
    problemReport: problemReportMachine,
  },
  guards: {
    areDetailsValid: ({ context }) => Object.values(errorsOf(context.details)).every((error) => error === null),
  },
  actions: {
    /** the header shows the saved name too (the shell runs the app; a machine run alone has none) */
    notifyAccountChanged: enqueueActions(({ system, enqueue }, params: { account: Account }) => {
      const shell = system.get('shell') as AnyActorRef | undefined
      if (shell) enqueue.sendTo(shell, { type: 'account.changed', account: params.account })
    }),
    storeAccount: assign((_, params: { account: Account }) => ({
      account: params.account,
      errorMessage: null,
      details: detailsOf(params.account),
      detailErrors: noErrors(),
      detailsMessage: null,
    })),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    // once a field shows an error it is checked on every keystroke, so the error goes as soon as it is fixed
    storeDetail: assign(({ context }, params: { field: DetailField; value: string }) => ({
      details: { ...context.details, [params.field]: params.value },
      detailErrors:
        context.detailErrors[params.field] === null
          ? context.detailErrors
          : { ...context.detailErrors, [params.field]: detailErrorOf(params.field, params.value) },
    })),
    storeDetailError: assign({
      detailErrors: ({ context }, params: { field: DetailField }) => ({
        ...context.detailErrors,
        [params.field]: detailErrorOf(params.field, context.details[params.field]),
      }),
    }),
    storeAllDetailErrors: assign({ detailErrors: ({ context }) => errorsOf(context.details) }),
    storeDetailsMessage: assign({ detailsMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetDetailsMessage: assign({ detailsMessage: null }),
  },
  delays: { savedMessage: TIMINGS.savedMessageMs },
}).createMachine({
  id: 'profile',
  description:
    'The account profile: loads the signed-in account, edits its name and phone, changes its password; «Сообщить о проблеме» works whether or not the account loaded.',
  context: ({ input }) => ({
    accountId: input.accountId,
    account: null,
    errorMessage: null,
    details: { name: '', phone: '' },
    detailErrors: noErrors(),
    detailsMessage: null,
  }),
  // the report is there in every state: a profile that failed to load is worth reporting too
  invoke: { id: 'problemReport', src: 'problemReport' },
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
    loaded: {
      description: 'E-mail, company, INN, role, contracts and hidden sections are shown; «Личные данные» and «Смена пароля» are forms',
      invoke: { id: 'passwordChange', src: 'passwordChange' },
      initial: 'details',
      states: {
        details: {
          description: '«Личные данные»: Имя and Телефон (the registration mask) with «Сохранить»',
          initial: 'editing',
          on: {
            'details.change': {
              description: 'The dealer types the name or the phone',
              actions: { type: 'storeDetail', params: ({ event }) => ({ field: event.field, value: event.value }) },
            },
            'details.blur': {
              description: 'The dealer leaves a field: it is checked',
              actions: { type: 'storeDetailError', params: ({ event }) => ({ field: event.field }) },
            },
            'details.submit': [
              { guard: 'areDetailsValid', target: 'saving', description: 'Both fields are valid: save', actions: 'resetDetailsMessage' },
              { target: '.editing', description: 'A field is invalid: its message shows; no call', actions: 'storeAllDetailErrors' },
            ],
          },
          states: {
            editing: { description: 'The fields, with the messages of those checked so far' },
            failed: { description: "The server's message under the form; what was typed stays" },
            saved: {
              description: '«Данные сохранены» for 1.5 s',
              after: { savedMessage: { target: 'editing', description: 'The message has been shown 1.5 s' } },
            },
          },
        },
        saving: {
          description: 'POST /api/account/{id}/ (method put) runs; the fields are read-only and the button is disabled',
          invoke: {
            id: 'saveDetails',
            src: 'saveDetails',
            input: ({ context }) => ({ id: context.accountId, details: requestOf(context.details) }),
            onDone: {
              target: 'details.saved',
              description: 'Saved: the card and the header show the new name and phone',
              actions: [
                { type: 'storeAccount', params: ({ event }) => ({ account: event.output }) },
                { type: 'notifyAccountChanged', params: ({ event }) => ({ account: event.output }) },
              ],
            },
            onError: {
              target: 'details.failed',
              description: 'A refused field or no answer',
              actions: { type: 'storeDetailsMessage', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    failed: {
      description: '"Не удалось загрузить профиль" with the server message and "Повторить"',
      on: { 'profile.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
  },
})
export type ProfileActor = ActorRefFrom<typeof profileMachine>
