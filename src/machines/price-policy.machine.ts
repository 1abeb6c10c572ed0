import { assign, setup, type ActorRefFrom } from 'xstate'
import type { Manager } from '../contract/managers'
import { parseMarkup, type PricePolicy, type PricePolicyType } from '../contract/price-policy'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { TIMINGS } from './timings'

export const PRICE_POLICY_UI_MESSAGES = {
  title: 'Ценовая политика',
  loadFailed: 'Не удалось загрузить ценовую политику',
} as const

export interface PricePolicyInput {
  manager: Manager
}

export interface PricePolicyContext {
  managerId: number
  email: string
  type: PricePolicyType
  /** the markup field as typed ("12,5") */
  markupText: string
  errorMessage: string | null
  /** the policy as the server saved it */
  saved: PricePolicy | null
}

export interface PricePolicyOutput {
  saved: PricePolicy | null
}

export type PricePolicyEvent =
  | { type: 'policy.type'; value: PricePolicyType }
  | { type: 'policy.markup'; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'load.retry' }
  | { type: 'save.retry' }

/** The field shows the markup with the decimal comma, as a Russian dealer types it. */
const markupTextOf = (policy: PricePolicy) => (policy.type === 'markup' ? String(policy.markup).replace('.', ',') : '')

/**
 * «Ценовая политика» (/tpl/price_politics.html, spec §7 pricepolitics): loads the manager's price
 * policy, lets the main account choose the contract price, the recommended price or a markup in
 * percent (the field is open for the markup only), checks the markup, and saves it; «Данные
 * сохранены» for 3 s, «Ошибка. Данные не сохранены» on a failure, with «Повторить».
 */
export const pricePolicyMachine = setup({
  types: {} as { context: PricePolicyContext; events: PricePolicyEvent; input: PricePolicyInput; output: PricePolicyOutput },
  actors: {
    loadPolicy: unprovidedPromise<PricePolicy, { id: number }>('loadPolicy'),
    savePolicy: unprovidedPromise<PricePolicy, { id: number; policy: PricePolicy }>('savePolicy'),
  },
  guards: {
    isMarkupInvalid: ({ context }) => context.type === 'markup' && parseMarkup(context.markupText) === undefined,
  },
  actions: {
    storePolicy: assign({
      type: (_, params: { policy: PricePolicy }) => params.policy.type,
      markupText: (_, params: { policy: PricePolicy }) => markupTextOf(params.policy),
      errorMessage: null,
    }),
    storeType: assign({ type: (_, params: { value: PricePolicyType }) => params.value }),
    storeMarkup: assign({ markupText: (_, params: { value: string }) => params.value }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    storeSaved: assign({ saved: (_, params: { policy: PricePolicy }) => params.policy, errorMessage: null }),
    resetError: assign({ errorMessage: null }),
  },
  delays: { savedMessage: TIMINGS.savedMessageLongMs },
}).createMachine({
  id: 'pricePolicy',
  description: 'The price policy modal: load, choose the kind and the markup, validate, save; saved 3 s, a failure with «Повторить».',
  context: ({ input }) => ({
    managerId: input.manager.id,
    email: input.manager.email,
    type: 'contract',
    markupText: '',
    errorMessage: null,
    saved: null,
  }),
  initial: 'loading',
  on: { 'form.cancel': { target: '.closed', description: 'The main account closes the modal (Отмена, ×, Escape)' } },
  states: {
    loading: {
      description: 'GET /api/pricepolitics/{id}/ runs; the modal is busy',
      invoke: {
        id: 'loadPolicy',
        src: 'loadPolicy',
        input: ({ context }) => ({ id: context.managerId }),
        onDone: { target: 'editing', actions: { type: 'storePolicy', params: ({ event }) => ({ policy: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: '"Не удалось загрузить ценовую политику" with the server message and «Повторить»',
      on: { 'load.retry': { target: 'loading', description: 'The main account asks to load again', actions: 'resetError' } },
    },
    editing: {
      description: 'The radio group (contract price, recommended price, markup) and the markup field, open for the markup only',
      initial: 'ready',
      on: {
        'policy.type': { target: '.ready', description: 'A kind is chosen', actions: { type: 'storeType', params: ({ event }) => event } },
        'policy.markup': {
          target: '.ready',
          description: 'Typing the markup clears any message',
          actions: { type: 'storeMarkup', params: ({ event }) => event },
        },
        'form.submit': [
          {
            guard: 'isMarkupInvalid',
            target: '.invalidMarkup',
            description: 'The markup is not a number from 0 to 1000 with up to 2 decimals: nothing is saved',
          },
          { target: 'saving', description: 'The main account presses «Сохранить»' },
        ],
      },
      states: {
        ready: { description: 'No message' },
        invalidMarkup: { description: 'The markup’s rule in red under the field' },
        failed: {
          description: '«Ошибка. Данные не сохранены» with the server message and «Повторить»',
          on: { 'save.retry': { target: '#pricePolicy.saving', description: 'The main account tries the save again' } },
        },
      },
    },
    saving: {
      description: 'POST /api/pricepolitics/{id}/ {type, markup} runs; the controls are disabled',
      invoke: {
        id: 'savePolicy',
        src: 'savePolicy',
        input: ({ context }) => ({
          id: context.managerId,
          policy: { type: context.type, markup: context.type === 'markup' ? (parseMarkup(context.markupText) ?? 0) : 0 },
        }),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => ({ policy: event.output }) } },
        onError: { target: 'editing.failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {
      description: '«Данные сохранены» for 3 s, then the modal closes',
      after: { savedMessage: { target: 'closed', description: 'Spec §4: the price policy confirmation shows for 3 s' } },
    },
    closed: { type: 'final', description: 'The modal is closed' },
  },
  output: ({ context }) => ({ saved: context.saved }),
})

export type PricePolicyActor = ActorRefFrom<typeof pricePolicyMachine>
