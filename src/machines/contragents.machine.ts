import { assign, setup, type ActorRefFrom } from 'xstate'
import type { Contragent, ContragentRemovedResponse, ContragentsResponse, ContragentState } from '../contract/contragents'
import { confirmedCall } from './confirmed-call'
import { contragentFormMachine, type ContragentFormOutput } from './contragent-form.machine'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { TIMINGS } from './timings'

export const CONTRAGENTS_MESSAGES = {
  loadFailed: 'Не удалось загрузить контрагентов',
  empty: 'Контрагентов пока нет',
  emptyHint: 'Добавьте контрагента: юридическое лицо или индивидуального предпринимателя, от имени которого вы заказываете.',
  saved: 'Данные сохранены',
  activated: 'Контрагент активирован',
  deactivated: 'Контрагент деактивирован',
  removed: 'Контрагент удалён',
  removeQuestion: 'Удалить контрагента?',
  removeFailed: 'Контрагент не удалён',
  switchFailed: 'Состояние контрагента не изменено',
} as const

export interface ContragentsContext {
  contragents: Contragent[]
  /** the contragent being switched or removed */
  target: Contragent | null
  errorMessage: string | null
}

export type ContragentsEvent =
  | { type: 'list.retry' }
  | { type: 'contragent.add' }
  | { type: 'contragent.edit'; contragent: Contragent }
  | { type: 'contragent.activate'; contragent: Contragent }
  | { type: 'contragent.deactivate'; contragent: Contragent }
  | { type: 'contragent.remove'; contragent: Contragent }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'dialog.close' }
  | { type: 'notice.close' }

interface SwitchRequest {
  id: number
  state: ContragentState
}

const targetParams = ({ event }: { event: { contragent: Contragent } }) => ({ contragent: event.contragent })

/** What the dealer may start whenever nothing runs (also while a confirmation shows). */
const ROW_ACTIONS = {
  'contragent.add': {
    target: '#contragents.ready.adding',
    description: 'The dealer presses «Добавить контрагента»: the modal opens',
    actions: 'resetTarget',
  },
  'contragent.edit': {
    target: '#contragents.ready.editing',
    description: 'The dealer presses «Изменить» on a contragent: the modal opens with its name, INN and KPP',
    actions: { type: 'storeTarget', params: targetParams },
  },
  'contragent.activate': {
    target: '#contragents.ready.switching',
    description: 'The dealer presses «Активировать» on an inactive contragent',
    actions: { type: 'storeTarget', params: targetParams },
  },
  'contragent.deactivate': {
    target: '#contragents.ready.switching',
    description: 'The dealer presses «Деактивировать» on an active contragent',
    actions: { type: 'storeTarget', params: targetParams },
  },
  'contragent.remove': {
    target: '#contragents.ready.confirmingRemove',
    description: 'The dealer presses «Удалить» on a contragent',
    actions: { type: 'storeTarget', params: targetParams },
  },
} as const

const notice = (description: string) => ({
  description,
  after: { confirmation: { target: 'idle' as const, description: 'The confirmation hides after 3 s (spec §4, §9)' } },
  on: { ...ROW_ACTIONS, 'notice.close': { target: 'idle' as const, description: 'The dealer closes the confirmation' } },
})

/**
 * /cabinet/contragents/: the company's counterparties with INN, KPP, the «новый» flag and the
 * state; the add and edit modal (machine contragentForm), activate or deactivate (the legacy
 * /ajax/activateagent/ and /ajax/deactivateagent/), and delete after a question. Every
 * confirmation shows for 3 s (spec §4: 3 s for contragents). Only a main account gets the list:
 * a manager's load fails with the server's 403 message.
 */
const contragentsSetup = setup({
  types: {} as {
    context: ContragentsContext
    events: ContragentsEvent
    children: {
      loadContragents: 'loadContragents'
      contragentForm: 'contragentForm'
      switchContragent: 'switchContragent'
      removeContragent: 'removeContragent'
    }
  },
  actors: {
    contragentForm: contragentFormMachine,
    loadContragents: unprovidedPromise<ContragentsResponse>('loadContragents'),
    switchContragent: unprovidedPromise<Contragent, SwitchRequest>('switchContragent'),
    removeContragent: unprovidedPromise<ContragentRemovedResponse, { id: number }>('removeContragent'),
  },
  delays: { confirmation: TIMINGS.savedMessageLongMs },
  guards: {
    hasSaved: (_, params: { output: ContragentFormOutput }) => params.output.contragent !== null,
    isActive: (_, params: { contragent: Contragent }) => params.contragent.state === 'active',
  },
  actions: {
    storeList: assign({ contragents: (_, params: { result: ContragentsResponse }) => params.result.contragents, errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    storeTarget: assign({ target: (_, params: { contragent: Contragent }) => params.contragent, errorMessage: null }),
    resetTarget: assign({ target: null, errorMessage: null }),
    appendContragent: assign({
      contragents: ({ context }, params: { contragent: Contragent | null }) =>
        params.contragent ? [...context.contragents, params.contragent] : context.contragents,
    }),
    replaceContragent: assign({
      contragents: ({ context }, params: { contragent: Contragent }) =>
        context.contragents.map((each) => (each.id === params.contragent.id ? params.contragent : each)),
    }),
    replaceSaved: assign({
      contragents: ({ context }, params: { contragent: Contragent | null }) =>
        context.contragents.map((each) => (each.id === params.contragent?.id ? params.contragent : each)),
    }),
    dropTarget: assign({ contragents: ({ context }) => context.contragents.filter((each) => each.id !== context.target?.id), target: null }),
  },
})

export const contragentsMachine = contragentsSetup.createMachine({
  id: 'contragents',
  description: 'The contragents page: the list, the add and edit modal, activate/deactivate and delete, each confirmed for 3 s.',
  context: { contragents: [], target: null, errorMessage: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /api/contragent/ runs; the list is aria-busy',
      invoke: {
        id: 'loadContragents',
        src: 'loadContragents',
        onDone: { target: 'ready', actions: { type: 'storeList', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: '"Не удалось загрузить контрагентов" with the server message (a manager: the 403) and «Повторить»',
      on: { 'list.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
    ready: {
      description: 'The list (or "Контрагентов пока нет") and «Добавить контрагента»',
      initial: 'idle',
      states: {
        idle: { description: 'Nothing runs', on: ROW_ACTIONS },
        adding: {
          description: 'The add modal (machine contragentForm)',
          invoke: {
            id: 'contragentForm',
            src: 'contragentForm',
            input: { contragent: null },
            onDone: [
              {
                guard: { type: 'hasSaved', params: ({ event }) => ({ output: event.output }) },
                target: 'saved',
                description: 'Saved: the modal closes and the new contragent ends the list',
                actions: { type: 'appendContragent', params: ({ event }) => ({ contragent: event.output.contragent }) },
              },
              { target: 'idle', description: 'Closed without saving' },
            ],
          },
        },
        editing: {
          description: 'The edit modal (machine contragentForm), prefilled with the contragent',
          invoke: {
            id: 'contragentForm',
            src: 'contragentForm',
            input: ({ context }) => ({ contragent: context.target }),
            onDone: [
              {
                guard: { type: 'hasSaved', params: ({ event }) => ({ output: event.output }) },
                target: 'saved',
                description: 'Saved: the modal closes and the row shows the change',
                actions: [{ type: 'replaceSaved', params: ({ event }) => ({ contragent: event.output.contragent }) }, 'resetTarget'],
              },
              { target: 'idle', description: 'Closed without saving', actions: 'resetTarget' },
            ],
          },
        },
        switching: {
          description: 'POST /ajax/activateagent/ or /ajax/deactivateagent/ {id} runs; the row buttons wait',
          invoke: {
            id: 'switchContragent',
            src: 'switchContragent',
            input: ({ context }) => ({ id: context.target?.id ?? 0, state: context.target?.state === 'active' ? 'inactive' : 'active' }),
            onDone: [
              {
                guard: { type: 'isActive', params: ({ event }) => ({ contragent: event.output }) },
                target: 'activated',
                actions: [{ type: 'replaceContragent', params: ({ event }) => ({ contragent: event.output }) }, 'resetTarget'],
              },
              { target: 'deactivated', actions: [{ type: 'replaceContragent', params: ({ event }) => ({ contragent: event.output }) }, 'resetTarget'] },
            ],
            onError: { target: 'switchFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        switchFailed: {
          description: '"Состояние контрагента не изменено" with the server message and «Закрыть»',
          on: { 'dialog.close': { target: 'idle', description: 'The dealer closes the message', actions: 'resetTarget' } },
        },
        ...confirmedCall(contragentsSetup, {
          ask: {
            state: 'confirmingRemove',
            description: '"Удалить контрагента?" with its name and INN; «Удалить» and «Отмена»',
            confirm: { event: 'remove.confirm', description: 'The dealer confirms' },
            cancel: { event: 'remove.cancel', target: 'idle', description: 'The dealer keeps the contragent', actions: 'resetTarget' },
          },
          call: {
            state: 'removing',
            description: 'DELETE /api/contragent/{id}/ (POST with method "del") runs; the dialog buttons wait',
            invoke: {
              id: 'removeContragent',
              src: 'removeContragent',
              input: ({ context }) => ({ id: context.target?.id ?? 0 }),
              onDone: { target: 'removed', description: 'Deleted: the row goes', actions: 'dropTarget' },
              onError: { target: 'removeFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
            },
          },
          failed: {
            state: 'removeFailed',
            description: '"Контрагент не удалён" with the server message (e.g. it has contracts) and «Закрыть»',
            dismiss: { event: 'dialog.close', target: 'idle', description: 'The dealer closes the message', actions: 'resetTarget' },
          },
        }),
        saved: notice('"Данные сохранены" for 3 s'),
        activated: notice('"Контрагент активирован" for 3 s'),
        deactivated: notice('"Контрагент деактивирован" for 3 s'),
        removed: notice('"Контрагент удалён" for 3 s'),
      },
    },
  },
})

export type ContragentsActor = ActorRefFrom<typeof contragentsMachine>
