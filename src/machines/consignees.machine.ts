import { assign, setup, type ActorRefFrom } from 'xstate'
import type { Consignee } from '../contract/consignees'
import { confirmedCall } from './confirmed-call'
import { consigneeFormMachine, type ConsigneeFormOutput } from './consignee-form.machine'
import { errorMessageOf, unprovidedPromise } from './machine-support'

export const CONSIGNEES_MESSAGES = {
  loadFailed: 'Не удалось загрузить грузополучателей',
  empty: 'Грузополучателей пока нет',
  emptyHint: 'Добавьте грузополучателя, чтобы выбирать его при оформлении заказа.',
  removeQuestion: 'Удалить грузополучателя?',
  removeFailed: 'Грузополучатель не удалён',
} as const

export interface ConsigneesContext {
  consignees: Consignee[] | null
  /** the highlighted row: the one saved last (spec §4), or the one the dealer picked */
  selectedId: number | null
  /** the consignee the modal edits (null: a new one) or the removal asks about */
  target: Consignee | null
  errorMessage: string | null
}

export type ConsigneesEvent =
  | { type: 'list.retry' }
  | { type: 'consignee.add' }
  | { type: 'consignee.edit'; consignee: Consignee }
  | { type: 'consignee.select'; id: number }
  | { type: 'consignee.remove'; consignee: Consignee }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'dialog.close' }

const consigneesSetup = setup({
  types: {} as {
    context: ConsigneesContext
    events: ConsigneesEvent
    children: { loadConsignees: 'loadConsignees'; removeConsignee: 'removeConsignee'; consigneeForm: 'consigneeForm' }
  },
  actors: {
    loadConsignees: unprovidedPromise<Consignee[]>('loadConsignees'),
    removeConsignee: unprovidedPromise<{ count: number }, { id: number }>('removeConsignee'),
    consigneeForm: consigneeFormMachine,
  },
  guards: {
    hasSaved: (_, params: { output: ConsigneeFormOutput }) => params.output.saved !== null,
  },
  actions: {
    storeList: assign({ consignees: (_, params: { consignees: Consignee[] }) => params.consignees, errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    storeTarget: assign({ target: (_, params: { consignee: Consignee | null }) => params.consignee, errorMessage: null }),
    storeSelected: assign({ selectedId: (_, params: { id: number | null }) => params.id }),
    resetTarget: assign({ target: null, errorMessage: null }),
    /** the removed row was the highlighted one: nothing stays highlighted */
    forgetRemoved: assign({ selectedId: ({ context }) => (context.selectedId === context.target?.id ? null : context.selectedId) }),
  },
})

/**
 * /cabinet/consignees/: the company's consignees (spec §2, §3: surname, name, an attached image).
 * «Добавить грузополучателя» and «Изменить» open the modal (consigneeForm, its child); a save
 * reloads the list and selects the saved one. «Удалить» asks «Удалить грузополучателя?» with the
 * surname and name first.
 */
export const consigneesMachine = consigneesSetup.createMachine({
  id: 'consignees',
  description: 'The consignees page: the list, the add/edit modal with the image upload, and the removal after a question.',
  context: { consignees: null, selectedId: null, target: null, errorMessage: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /api/consignee/ runs; the list is aria-busy',
      invoke: {
        id: 'loadConsignees',
        src: 'loadConsignees',
        onDone: { target: 'loaded', actions: { type: 'storeList', params: ({ event }) => ({ consignees: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: '"Не удалось загрузить грузополучателей" with the server message and «Повторить»',
      on: { 'list.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
    loaded: {
      description: 'The list (surname, name, the image) with «Изменить» and «Удалить» on each, or "Грузополучателей пока нет"; «Добавить грузополучателя»',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is open',
          on: {
            'consignee.add': {
              target: 'editing',
              description: 'The dealer presses «Добавить грузополучателя»',
              actions: { type: 'storeTarget', params: { consignee: null } },
            },
            'consignee.edit': {
              target: 'editing',
              description: 'The dealer presses «Изменить» on a row',
              actions: { type: 'storeTarget', params: ({ event }) => ({ consignee: event.consignee }) },
            },
            'consignee.select': {
              description: 'The dealer picks a row: it is highlighted',
              actions: { type: 'storeSelected', params: ({ event }) => ({ id: event.id }) },
            },
            'consignee.remove': {
              target: 'confirmingRemove',
              description: 'The dealer presses «Удалить» on a row',
              actions: { type: 'storeTarget', params: ({ event }) => ({ consignee: event.consignee }) },
            },
          },
        },
        editing: {
          description: 'The modal is open (machine consigneeForm)',
          invoke: {
            id: 'consigneeForm',
            src: 'consigneeForm',
            input: ({ context }) => ({ consignee: context.target }),
            onDone: [
              {
                guard: { type: 'hasSaved', params: ({ event }) => ({ output: event.output }) },
                target: '#consignees.loading',
                description: 'Saved: the list loads again with the saved consignee selected',
                actions: [{ type: 'storeSelected', params: ({ event }) => ({ id: event.output.saved?.id ?? null }) }, 'resetTarget'],
              },
              { target: 'idle', description: 'Closed with nothing saved', actions: 'resetTarget' },
            ],
          },
        },
        ...confirmedCall(consigneesSetup, {
          ask: {
            state: 'confirmingRemove',
            description: '"Удалить грузополучателя?" with the surname and name; «Удалить» and «Отмена»',
            confirm: { event: 'remove.confirm', description: 'The dealer confirms' },
            cancel: { event: 'remove.cancel', target: 'idle', description: 'The dealer keeps the consignee', actions: 'resetTarget' },
          },
          call: {
            state: 'removing',
            description: 'DELETE /api/consignee/?id= runs; the dialog buttons wait',
            invoke: {
              id: 'removeConsignee',
              src: 'removeConsignee',
              input: ({ context }) => ({ id: context.target?.id ?? 0 }),
              onDone: {
                target: '#consignees.loading',
                description: 'Removed (its orders keep it): the list loads again',
                actions: ['forgetRemoved', 'resetTarget'],
              },
              onError: { target: 'removeFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
            },
          },
          failed: {
            state: 'removeFailed',
            description: '"Грузополучатель не удалён" with the server message and «Закрыть»',
            dismiss: { event: 'dialog.close', target: 'idle', description: 'The dealer closes the message', actions: 'resetTarget' },
          },
        }),
      },
    },
  },
})

export type ConsigneesActor = ActorRefFrom<typeof consigneesMachine>
