import { assign, setup, type ActorRefFrom } from 'xstate'
import type { Act, ActContract, ActRequest } from '../contract/acts'
import { actFieldsError, defaultActFields, withActField, type ActField, type ActFieldsDraft } from './act-rules'
import { errorMessageOf, unprovidedPromise } from './machine-support'

export interface ActRequestInput {
  contracts: ActContract[]
  /** the list's contract filter ('0' = none): the form starts on it */
  contract: string
  /** dd.mm.yyyy, the dealer's today */
  today: string
}

export interface ActRequestContext {
  contracts: ActContract[]
  fields: ActFieldsDraft
  /** the form's check (spec §5) or the server's refusal */
  errorMessage: string | null
  act: Act | null
}

export type ActRequestEvent = { type: 'field.change'; field: ActField; value: string } | { type: 'form.submit' }

const toRequest = (fields: ActFieldsDraft): ActRequest['act'] => ({
  contract_id: fields.contract_id,
  contragent_id: fields.contragent_id,
  startdate: fields.startdate.trim(),
  enddate: fields.enddate.trim(),
})

/**
 * The act-request modal (the spec's /tpl/act_form.html): contract, contragent and the period
 * (one month back to today). The period is checked here first (spec §5: a start not earlier
 * than the end is refused with the spec's text and nothing is sent), and again by the server.
 */
export const actRequestMachine = setup({
  types: {} as { context: ActRequestContext; events: ActRequestEvent; input: ActRequestInput; output: Act | null },
  actors: {
    requestAct: unprovidedPromise<Act, ActRequest['act']>('requestAct'),
  },
  guards: {
    hasFieldError: ({ context }) => actFieldsError(context.fields, context.contracts) !== null,
  },
  actions: {
    storeField: assign({
      fields: ({ context }, params: { field: ActField; value: string }) => withActField(context.fields, context.contracts, params.field, params.value),
      errorMessage: null,
    }),
    storeFieldError: assign({ errorMessage: ({ context }) => actFieldsError(context.fields, context.contracts) }),
    storeAct: assign({ act: (_, params: { act: Act }) => params.act }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
  },
}).createMachine({
  id: 'actRequest',
  description: 'The act-request modal: contract, contragent, start and end dates (dd.mm.yyyy); checked, then POST /api/act/.',
  context: ({ input }) => ({
    contracts: input.contracts,
    fields: defaultActFields(input.contracts, input.contract, input.today),
    errorMessage: null,
    act: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: the contract (its contragent follows), the contragent, «Начало периода» and «Конец периода» with a ru-RU calendar',
      on: {
        'field.change': { description: 'The dealer picks or types a value', actions: { type: 'storeField', params: ({ event }) => event } },
        'form.submit': { target: 'validating', description: 'The dealer presses «Запросить»' },
      },
    },
    validating: {
      description: "The form's check: both dates real, the start earlier than the end, the contract the contragent's",
      always: [{ guard: 'hasFieldError', target: 'invalid', actions: 'storeFieldError' }, { target: 'submitting' }],
    },
    invalid: {
      description:
        'The message under the form, e.g. "Ошибка во временных периодах: дата начала периода больше или равна дате конца периода"; nothing was sent',
      on: {
        'field.change': { target: 'editing', description: 'The dealer corrects a value', actions: { type: 'storeField', params: ({ event }) => event } },
        'form.submit': { target: 'validating', description: 'The dealer presses «Запросить» again' },
      },
    },
    submitting: {
      description: 'POST /api/act/ {act{contract_id, contragent_id, startdate, enddate}} runs; the form is disabled',
      invoke: {
        id: 'requestAct',
        src: 'requestAct',
        input: ({ context }) => toRequest(context.fields),
        onDone: { target: 'done', actions: { type: 'storeAct', params: ({ event }) => ({ act: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The server refused (its Russian message shown) or could not be reached; the form stays filled',
      on: {
        'field.change': { target: 'editing', description: 'The dealer changes a value', actions: { type: 'storeField', params: ({ event }) => event } },
        'form.submit': { target: 'validating', description: 'The dealer tries again' },
      },
    },
    done: {
      type: 'final',
      description: 'The act is requested: the modal closes and the list shows it «Формируется»',
    },
  },
  output: ({ context }) => context.act,
})

export type ActRequestActor = ActorRefFrom<typeof actRequestMachine>
