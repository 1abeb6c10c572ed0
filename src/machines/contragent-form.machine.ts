import { assign, setup, type ActorRefFrom } from 'xstate'
import { CONTRAGENT_MESSAGES, contragentFormErrors, type Contragent, type ContragentFields } from '../contract/contragents'
import { errorMessageOf, unprovidedPromise } from './machine-support'

const CONTRAGENT_FORM_FIELDS = ['company', 'inn', 'kpp'] as const satisfies readonly ContragentFields[]

export type ContragentFormValues = Record<ContragentFields, string>

export interface ContragentFormInput {
  /** the contragent being edited; null for a new one */
  contragent: Contragent | null
}

/** What the save sends: PUT /api/contragent/{id}/ when the id is there, POST /api/contragent/ otherwise. */
export interface ContragentSaveRequest {
  id: number | null
  values: ContragentFormValues
}

export interface ContragentFormContext {
  /** the contragent's id while it is edited; null for a new one */
  id: number | null
  values: ContragentFormValues
  /** the fields the dealer has left (or all of them after a submit): their messages show */
  touched: ContragentFields[]
  /** the server's refusal or a failure */
  errorMessage: string | null
  /** the contragent the server saved */
  saved: Contragent | null
}

export type ContragentFormEvent =
  | { type: 'form.change'; field: ContragentFields; value: string }
  | { type: 'form.blur'; field: ContragentFields }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }

export interface ContragentFormOutput {
  /** null when the dealer closed the form without saving */
  contragent: Contragent | null
}

const EMPTY: ContragentFormValues = { company: '', inn: '', kpp: '' }

const isComplete = (values: ContragentFormValues) => Object.values(contragentFormErrors(values)).every((message) => message === null)

const valuesOf = (contragent: Contragent | null): ContragentFormValues =>
  contragent ? { company: contragent.company, inn: contragent.inn, kpp: contragent.kpp } : EMPTY

/**
 * The add/edit form (/tpl/contragent_form.html): the name, the INN (checked by its control digits)
 * and the KPP where one is entered, each with its message once the dealer leaves the field, then
 * POST /api/contragent/ (new) or PUT /api/contragent/{id}/ (prefilled with the contragent being
 * edited). The server's «Этот контрагент уже зарегистрирован» keeps the form open.
 */
export const contragentFormMachine = setup({
  types: {} as { context: ContragentFormContext; events: ContragentFormEvent; input: ContragentFormInput; output: ContragentFormOutput },
  actors: { saveContragent: unprovidedPromise<Contragent, ContragentSaveRequest>('saveContragent') },
  guards: {
    isComplete: ({ context }) => isComplete(context.values),
    isDuplicate: (_, params: { error: unknown }) => errorMessageOf(params.error) === CONTRAGENT_MESSAGES.duplicate,
  },
  actions: {
    storeValue: assign({
      values: ({ context }, params: { field: ContragentFields; value: string }) => ({ ...context.values, [params.field]: params.value }),
    }),
    storeTouched: assign({
      touched: ({ context }, params: { field: ContragentFields }) =>
        context.touched.includes(params.field) ? context.touched : [...context.touched, params.field],
    }),
    touchAll: assign({ touched: () => [...CONTRAGENT_FORM_FIELDS] }),
    storeSaved: assign({ saved: (_, params: { contragent: Contragent }) => params.contragent, errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetError: assign({ errorMessage: null }),
  },
}).createMachine({
  id: 'contragentForm',
  description: 'The add/edit-contragent modal: name, INN, KPP, the client-side checks, the save and the duplicate.',
  context: ({ input }) => ({ id: input.contragent?.id ?? null, values: valuesOf(input.contragent), touched: [], errorMessage: null, saved: null }),
  initial: 'editing',
  output: ({ context }) => ({ contragent: context.saved }),
  states: {
    editing: {
      description: 'The modal with «Название», «ИНН», «КПП», «Сохранить» and «Отмена»; focus stays inside',
      initial: 'idle',
      on: {
        'form.change': {
          target: '.idle',
          description: 'The dealer types: a message of the server goes',
          actions: [{ type: 'storeValue', params: ({ event }) => ({ field: event.field, value: event.value }) }, 'resetError'],
        },
        'form.blur': {
          description: 'The dealer leaves a field: its message shows if it is wrong',
          actions: { type: 'storeTouched', params: ({ event }) => ({ field: event.field }) },
        },
        'form.submit': [
          { guard: 'isComplete', target: 'saving', description: 'The dealer presses «Сохранить» with every field right' },
          { target: '.incomplete', description: 'A field is wrong: every message shows and nothing is sent', actions: 'touchAll' },
        ],
        'form.cancel': { target: 'cancelled', description: 'The dealer presses «Отмена» or Escape: nothing is saved' },
      },
      states: {
        idle: { description: 'The fields as typed; the messages of the fields left' },
        incomplete: { description: 'Every wrong field shows its message (the INN: length or control digits; the KPP: its shape)' },
        duplicate: { description: '"Этот контрагент уже зарегистрирован" under the form' },
        failed: { description: "The server's message under the form; «Сохранить» tries again" },
      },
    },
    saving: {
      description: 'POST /api/contragent/ (new) or PUT /api/contragent/{id}/ (edit) {company, inn, kpp} runs; the buttons wait',
      invoke: {
        id: 'saveContragent',
        src: 'saveContragent',
        input: ({ context }) => ({ id: context.id, values: context.values }),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => ({ contragent: event.output }) } },
        onError: [
          {
            guard: { type: 'isDuplicate', params: ({ event }) => ({ error: event.error }) },
            target: 'editing.duplicate',
            description: 'The company already has another contragent with this INN and KPP (409)',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing.failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    saved: { type: 'final', description: 'Saved: the list shows the new or changed contragent and «Данные сохранены»' },
    cancelled: { type: 'final', description: 'Closed without saving' },
  },
})

export type ContragentFormActor = ActorRefFrom<typeof contragentFormMachine>
