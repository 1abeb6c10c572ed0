import { assign, setup, type ActorRefFrom } from 'xstate'
import type { Manager } from '../contract/managers'
import { confirmedCall } from './confirmed-call'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { managerEditingMachine } from './manager-editing.machine'
import { pricePolicyMachine } from './price-policy.machine'
import { TIMINGS } from './timings'

export const MANAGERS_MESSAGES = {
  loading: 'Загрузка менеджеров…',
  loadFailed: 'Не удалось загрузить менеджеров',
  empty: 'Менеджеров пока нет',
  emptyHint: 'Добавьте менеджера: он получит письмо со ссылкой, чтобы задать пароль.',
  removeQuestion: 'Удалить менеджера?',
  removeFailed: 'Менеджер не удалён',
  toggleFailed: 'Ошибка. Данные не сохранены',
  saved: 'Данные сохранены',
} as const

export interface ManagersContext {
  managers: Manager[] | null
  /** the manager being deleted or toggled */
  target: Manager | null
  errorMessage: string | null
}

export type ManagersEvent =
  | { type: 'list.retry' }
  | { type: 'manager.add' }
  | { type: 'manager.edit'; manager: Manager }
  | { type: 'manager.remove'; manager: Manager }
  | { type: 'manager.toggle'; manager: Manager }
  | { type: 'manager.pricePolicy'; manager: Manager }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'dialog.close' }

const withManager = (managers: Manager[] | null, changed: Manager) => (managers ?? []).map((each) => (each.id === changed.id ? changed : each))

const managersSetup = setup({
  types: {} as {
    context: ManagersContext
    events: ManagersEvent
    children: { loadManagers: 'loadManagers'; setEnabled: 'setEnabled'; removeManager: 'removeManager'; editing: 'managerEditing'; pricing: 'pricePolicy' }
  },
  actors: {
    loadManagers: unprovidedPromise<Manager[]>('loadManagers'),
    setEnabled: unprovidedPromise<Manager, { id: number; enabled: boolean }>('setEnabled'),
    removeManager: unprovidedPromise<{ result: 1 }, { id: number }>('removeManager'),
    managerEditing: managerEditingMachine,
    pricePolicy: pricePolicyMachine,
  },
  guards: {
    hasSaved: (_, params: { saved: Manager | null }) => params.saved !== null,
  },
  actions: {
    storeManagers: assign({ managers: (_, params: { managers: Manager[] }) => params.managers, errorMessage: null }),
    storeChanged: assign({ managers: ({ context }, params: { manager: Manager }) => withManager(context.managers, params.manager), target: null }),
    storeTarget: assign({ target: (_, params: { manager: Manager }) => params.manager, errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetTarget: assign({ target: null, errorMessage: null }),
  },
  delays: { savedMessage: TIMINGS.savedMessageLongMs },
})

/**
 * /cabinet/managers/ (main account only): the company's managers with the enable toggle (saved at
 * once), the form (machine managerEditing, a child while open), the price policy (machine
 * pricePolicy, a child while open) and the delete with its question.
 */
export const managersMachine = managersSetup.createMachine({
  id: 'managers',
  description: 'The managers list: enable toggle saved at once, add and edit in the form, delete after a question.',
  context: { managers: null, target: null, errorMessage: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /api/managers/ runs; the list is aria-busy',
      invoke: {
        id: 'loadManagers',
        src: 'loadManagers',
        onDone: { target: 'loaded', actions: { type: 'storeManagers', params: ({ event }) => ({ managers: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: '"Не удалось загрузить менеджеров" with the server message and «Повторить»',
      on: { 'list.retry': { target: 'loading', description: 'The main account asks to load again' } },
    },
    loaded: {
      description: 'The managers (e-mail, name, contracts, the enable switch, «Изменить», «Удалить») or "Менеджеров пока нет"; «Добавить менеджера»',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is running',
          on: {
            'manager.add': { target: 'editing', description: 'The main account presses «Добавить менеджера»', actions: 'resetTarget' },
            'manager.edit': {
              target: 'editing',
              description: 'The main account presses «Изменить» on a manager',
              actions: { type: 'storeTarget', params: ({ event }) => ({ manager: event.manager }) },
            },
            'manager.toggle': {
              target: 'toggling',
              description: 'The main account flips a manager’s switch',
              actions: { type: 'storeTarget', params: ({ event }) => ({ manager: event.manager }) },
            },
            'manager.remove': {
              target: 'confirmingRemove',
              description: 'The main account presses «Удалить» on a manager',
              actions: { type: 'storeTarget', params: ({ event }) => ({ manager: event.manager }) },
            },
            'manager.pricePolicy': {
              target: 'pricing',
              description: 'The main account presses «Ценовая политика» on a manager',
              actions: { type: 'storeTarget', params: ({ event }) => ({ manager: event.manager }) },
            },
          },
        },
        pricing: {
          description: 'The price policy modal (machine pricePolicy) is open over the list',
          invoke: {
            id: 'pricing',
            src: 'pricePolicy',
            input: ({ context }) => ({ manager: context.target! }),
            onDone: { target: 'idle', description: 'The modal closed (saved or not): the list is as it was', actions: 'resetTarget' },
          },
        },
        editing: {
          description: 'The form (machine managerEditing) is open over the list',
          invoke: {
            id: 'editing',
            src: 'managerEditing',
            input: ({ context }) => ({ manager: context.target }),
            onDone: [
              {
                guard: { type: 'hasSaved', params: ({ event }) => ({ saved: event.output.saved }) },
                target: '#managers.loading',
                description: 'The form saved: the list loads again',
                actions: 'resetTarget',
              },
              { target: 'idle', description: 'The form closed without saving', actions: 'resetTarget' },
            ],
          },
        },
        toggling: {
          description: 'POST /ajax/activateaccount/ or /ajax/deactivateaccount/ {id} runs; the switch is busy (switching off ends the manager’s sessions)',
          invoke: {
            id: 'setEnabled',
            src: 'setEnabled',
            input: ({ context }) => ({ id: context.target?.id ?? 0, enabled: context.target?.enabled !== '1' }),
            onDone: { target: 'toggled', actions: { type: 'storeChanged', params: ({ event }) => ({ manager: event.output }) } },
            onError: { target: 'toggleFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        toggled: {
          description: '«Данные сохранены» for 3 s',
          after: { savedMessage: { target: 'idle', description: 'Spec §4: the manager confirmation shows for 3 s' } },
          on: {
            'manager.toggle': {
              target: 'toggling',
              description: 'Another switch flipped meanwhile',
              actions: { type: 'storeTarget', params: ({ event }) => ({ manager: event.manager }) },
            },
            'dialog.close': { target: 'idle', description: 'The main account closes the message' },
          },
        },
        toggleFailed: {
          description: '"Ошибка. Данные не сохранены" with the server message; the switch stays as it was',
          on: { 'dialog.close': { target: 'idle', description: 'The main account closes the message', actions: 'resetTarget' } },
        },
        ...confirmedCall(managersSetup, {
          ask: {
            state: 'confirmingRemove',
            description: '"Удалить менеджера?" with its e-mail; «Удалить» and «Отмена»',
            confirm: { event: 'remove.confirm', description: 'The main account confirms' },
            cancel: { event: 'remove.cancel', target: 'idle', description: 'The main account keeps the manager', actions: 'resetTarget' },
          },
          call: {
            state: 'removing',
            description: 'DELETE /api/managers/{id}/ runs (the manager’s sessions end; its orders stay)',
            invoke: {
              id: 'removeManager',
              src: 'removeManager',
              input: ({ context }) => ({ id: context.target?.id ?? 0 }),
              onDone: { target: '#managers.loading', description: 'The manager is gone: the list loads again', actions: 'resetTarget' },
              onError: { target: 'removeFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
            },
          },
          failed: {
            state: 'removeFailed',
            description: '"Менеджер не удалён" with the server message and «Закрыть»',
            dismiss: { event: 'dialog.close', target: 'idle', description: 'The main account closes the message', actions: 'resetTarget' },
          },
        }),
      },
    },
  },
})

export type ManagersActor = ActorRefFrom<typeof managersMachine>
