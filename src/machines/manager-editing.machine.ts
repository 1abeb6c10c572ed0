import { assign, setup, type ActorRefFrom } from 'xstate'
import type { Manager, ManagerChoices, SaveManagerInput } from '../contract/managers'
import { ApiCallError } from '../services/http'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { TIMINGS } from './timings'

export const MANAGER_EDITING_MESSAGES = {
  loadFailed: 'Не удалось загрузить договоры и разделы',
  saveFailed: 'Ошибка. Данные не сохранены',
  newTitle: 'Новый менеджер',
  editTitle: 'Менеджер',
} as const

export interface ManagerEditingInput {
  /** the manager being edited; null for a new one */
  manager: Manager | null
}

/** The form's fields as the dealer fills them. */
export interface ManagerDraft {
  email: string
  name: string
  contractSelect: string[]
  disabledMenus: string[]
}

export interface ManagerEditingContext {
  managerId: number | null
  draft: ManagerDraft
  choices: ManagerChoices | null
  errorMessage: string | null
  /** the manager as the server saved it */
  saved: Manager | null
}

export interface ManagerEditingOutput {
  saved: Manager | null
}

export type ManagerEditingEvent =
  | { type: 'form.email'; value: string }
  | { type: 'form.name'; value: string }
  | { type: 'contract.toggle'; id: string }
  | { type: 'menu.toggle'; key: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'load.retry' }
  | { type: 'save.retry' }

const toggled = (list: readonly string[], item: string) => (list.includes(item) ? list.filter((each) => each !== item) : [...list, item])

const draftOf = (manager: Manager | null): ManagerDraft => ({
  email: manager?.email ?? '',
  name: manager?.name ?? '',
  contractSelect: manager?.contractSelect ?? [],
  disabledMenus: manager?.disabledMenus ?? [],
})

const statusOf = (error: unknown) => (error instanceof ApiCallError ? error.status : -1)

/**
 * «Менеджер» (/tpl/manager_form.html), the named workflow "manager editing": loads the company's
 * contragents, contracts and menu (getManagerContragentsContracts), lets the main account choose
 * the manager's e-mail, contracts and open sections, checks that a contract is chosen, and saves
 * (POST /api/managers/ for a new one, which mails the invitation; PUT /api/managers/{id}/ else).
 */
export const managerEditingMachine = setup({
  types: {} as { context: ManagerEditingContext; events: ManagerEditingEvent; input: ManagerEditingInput; output: ManagerEditingOutput },
  actors: {
    loadChoices: unprovidedPromise<ManagerChoices, { id: number | null }>('loadChoices'),
    saveManager: unprovidedPromise<Manager, SaveManagerInput>('saveManager'),
  },
  guards: {
    hasNoContract: ({ context }) => context.draft.contractSelect.length === 0,
    isDuplicate: (_, params: { error: unknown }) => statusOf(params.error) === 409,
    isNetworkFailure: (_, params: { error: unknown }) => statusOf(params.error) === 0,
  },
  actions: {
    storeChoices: assign({
      choices: (_, params: { choices: ManagerChoices }) => params.choices,
      // an existing manager's choices as the server has them now
      draft: ({ context }, params: { choices: ManagerChoices }) =>
        context.managerId === null
          ? context.draft
          : { ...context.draft, contractSelect: params.choices.contractSelect, disabledMenus: params.choices.disabledMenus },
      errorMessage: null,
    }),
    storeEmail: assign({ draft: ({ context }, params: { value: string }) => ({ ...context.draft, email: params.value }) }),
    storeName: assign({ draft: ({ context }, params: { value: string }) => ({ ...context.draft, name: params.value }) }),
    toggleContract: assign({
      draft: ({ context }, params: { id: string }) => ({ ...context.draft, contractSelect: toggled(context.draft.contractSelect, params.id) }),
    }),
    toggleMenu: assign({
      draft: ({ context }, params: { key: string }) => ({ ...context.draft, disabledMenus: toggled(context.draft.disabledMenus, params.key) }),
    }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    storeSaved: assign({ saved: (_, params: { manager: Manager }) => params.manager, errorMessage: null }),
    resetError: assign({ errorMessage: null }),
  },
  delays: { savedMessage: TIMINGS.savedMessageLongMs },
}).createMachine({
  id: 'managerEditing',
  description: 'The manager form: load the choices, edit, validate (a contract at least), save; a taken e-mail and a lost connection are shown in the form.',
  context: ({ input }) => ({ managerId: input.manager?.id ?? null, draft: draftOf(input.manager), choices: null, errorMessage: null, saved: null }),
  initial: 'loading',
  on: { 'form.cancel': { target: '.closed', description: 'The main account closes the form (Отмена, ×, Escape)' } },
  states: {
    loading: {
      description: 'POST /api/getManagerContragentsContracts {manager_id} runs; the form is busy',
      invoke: {
        id: 'loadChoices',
        src: 'loadChoices',
        input: ({ context }) => ({ id: context.managerId }),
        onDone: { target: 'editing', actions: { type: 'storeChoices', params: ({ event }) => ({ choices: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: '"Не удалось загрузить договоры и разделы" with the server message and «Повторить»',
      on: { 'load.retry': { target: 'loading', description: 'The main account asks to load again', actions: 'resetError' } },
    },
    editing: {
      description: 'The form: e-mail, name, the contracts grouped by contragent, the menu tree (open = checked; a closed parent closes its children)',
      initial: 'ready',
      on: {
        'form.email': {
          target: '.ready',
          description: 'Typing the e-mail clears any message',
          actions: { type: 'storeEmail', params: ({ event }) => event },
        },
        'form.name': { target: '.ready', description: 'Typing the name clears any message', actions: { type: 'storeName', params: ({ event }) => event } },
        'contract.toggle': {
          target: '.ready',
          description: 'A contract checked or unchecked',
          actions: { type: 'toggleContract', params: ({ event }) => ({ id: event.id }) },
        },
        'menu.toggle': {
          target: '.ready',
          description: 'A section opened or closed (its children follow a closed parent)',
          actions: { type: 'toggleMenu', params: ({ event }) => ({ key: event.key }) },
        },
        'form.submit': [
          { guard: 'hasNoContract', target: '.noContract', description: 'No contract chosen: nothing is saved' },
          { target: 'saving', description: 'The main account presses «Сохранить»' },
        ],
      },
      states: {
        ready: { description: 'No message' },
        noContract: { description: '«Выберите договор» in red under the contracts' },
        duplicate: { description: '«Этот Email уже занят» under the e-mail' },
        saveFailed: { description: 'The server refused the save: its message in the form' },
        offline: {
          description: 'No connection: the message and «Повторить»',
          on: { 'save.retry': { target: '#managerEditing.saving', description: 'The main account tries the save again' } },
        },
      },
    },
    saving: {
      description: 'POST /api/managers/ (new: the invitation goes out) or PUT /api/managers/{id}/ runs; the buttons are disabled',
      invoke: {
        id: 'saveManager',
        src: 'saveManager',
        input: ({ context }) => ({ id: context.managerId, form: { ...context.draft, type_id: '2' } }),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => ({ manager: event.output }) } },
        onError: [
          {
            guard: { type: 'isDuplicate', params: ({ event }) => ({ error: event.error }) },
            target: 'editing.duplicate',
            description: '409: the e-mail belongs to another login',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isNetworkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'editing.offline',
            description: 'The request never reached the server',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing.saveFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    saved: {
      description: '«Данные сохранены» for 3 s, then the form closes',
      after: { savedMessage: { target: 'closed', description: 'Spec §4: the manager confirmation shows for 3 s' } },
    },
    closed: { type: 'final', description: 'The form is closed; the list reloads when it saved' },
  },
  output: ({ context }) => ({ saved: context.saved }),
})

export type ManagerEditingActor = ActorRefFrom<typeof managerEditingMachine>
