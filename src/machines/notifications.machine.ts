import { assign, setup, type ActorRefFrom } from 'xstate'
import type { Notification, NotificationsResponse, Unread, UpdateNotifyStatusResponse } from '../contract/inbox'
import type { InboxUnreadEvent } from './chat.machine'
import { unprovidedPromise } from './machine-support'
import { notifySystemActor } from './shell-links'

export const NOTIFICATIONS_UI = {
  title: 'Уведомления',
  loading: 'Загрузка уведомлений…',
  loadFailed: 'Не удалось загрузить уведомления',
  empty: 'Уведомлений нет',
  read: 'Прочитано',
  unread: 'Новое',
  markRead: 'Отметить прочитанным',
  markUnread: 'Отметить непрочитанным',
  marking: 'Сохраняется…',
  markFailed: 'Не сохранено',
  order: 'Заказ',
} as const

/** A row's read state asked for: 1 read, 0 unread. */
export interface MarkRequest {
  id: number
  state: 0 | 1
}

export interface NotificationsContext {
  /** the company's notifications, newest first, each read or not for this account */
  notifications: Notification[]
  errorMessage: string | null
  /** the row being marked */
  marking: MarkRequest | null
  /** the row whose marking failed, and why */
  markError: { id: number; message: string } | null
}

export type NotificationsEvent = { type: 'notification.mark'; id: number; state: 0 | 1 } | { type: 'list.retry' }

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * /cabinet/notifications/ (spec §2, the legacy notifications list; §7 /ajax/messages/,
 * /ajax/updatenotifystatus/): the company's notifications with this account's read state. A row
 * is marked read or unread one at a time; the sidebar's unread count follows at once.
 */
export const notificationsMachine = setup({
  types: {} as { context: NotificationsContext; events: NotificationsEvent },
  actors: {
    loadNotifications: unprovidedPromise<NotificationsResponse>('loadNotifications'),
    markNotification: unprovidedPromise<UpdateNotifyStatusResponse, MarkRequest>('markNotification'),
  },
  guards: {
    hasNotifications: ({ context }) => context.notifications.length > 0,
    isOwnRow: ({ context }, params: MarkRequest) => context.notifications.some((each) => each.id === params.id && each.state !== params.state),
  },
  actions: {
    storeList: assign({
      notifications: (_, params: { data: NotificationsResponse }) => params.data.messages,
      errorMessage: null,
    }),
    storeFailure: assign({ errorMessage: (_, params: { error: unknown }) => messageOf(params.error) }),
    storeMarking: assign({ marking: (_, params: MarkRequest) => params, markError: null }),
    storeMarked: assign({
      notifications: ({ context }, params: { answer: UpdateNotifyStatusResponse }) =>
        context.notifications.map((each) => (each.id === params.answer.id ? { ...each, state: params.answer.state } : each)),
      marking: null,
    }),
    storeMarkError: assign({
      markError: ({ context }, params: { error: unknown }) => (context.marking ? { id: context.marking.id, message: messageOf(params.error) } : null),
      marking: null,
    }),
    /** the sidebar's counts follow at once (the frame's inbox, systemId 'inbox'; nothing when none runs) */
    notifyUnread: notifySystemActor('inbox', (params: { unread: Unread }): InboxUnreadEvent => ({ type: 'inbox.unread', unread: params.unread })),
  },
}).createMachine({
  id: 'notifications',
  description: "The company's notifications with this account's read state, each marked read or unread.",
  context: { notifications: [], errorMessage: null, marking: null, markError: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /ajax/messages/: "Загрузка уведомлений…"',
      invoke: {
        id: 'loadNotifications',
        src: 'loadNotifications',
        onDone: {
          target: 'checking',
          description: 'The list arrived; the sidebar count follows it',
          actions: [
            { type: 'storeList', params: ({ event }) => ({ data: event.output }) },
            { type: 'notifyUnread', params: ({ event }) => ({ unread: event.output.unread }) },
          ],
        },
        onError: {
          target: 'failed',
          description: 'The list did not load',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    checking: {
      description: 'Decides between the list and "Уведомлений нет"',
      always: [{ guard: 'hasNotifications', target: 'listed' }, { target: 'empty' }],
    },
    empty: { description: '"Уведомлений нет"' },
    failed: {
      description: 'The error block with the reason and «Повторить»',
      on: { 'list.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
    listed: {
      description: 'The list: text, date, the order link; read or unread in words, not by colour only',
      initial: 'idle',
      states: {
        idle: {
          description: '«Отметить прочитанным» / «Отметить непрочитанным» on every row',
          on: {
            'notification.mark': {
              guard: { type: 'isOwnRow', params: ({ event }) => ({ id: event.id, state: event.state }) },
              target: 'marking',
              description: 'The dealer marks a row read or unread',
              actions: { type: 'storeMarking', params: ({ event }) => ({ id: event.id, state: event.state }) },
            },
          },
        },
        marking: {
          description: 'POST /ajax/updatenotifystatus/ {id, state}: the row shows "Сохраняется…"; the other rows wait',
          invoke: {
            id: 'markNotification',
            src: 'markNotification',
            input: ({ context }) => context.marking ?? { id: 0, state: 1 },
            onDone: {
              target: 'idle',
              description: 'Stored: the row changes, and the sidebar count with it',
              actions: [
                { type: 'storeMarked', params: ({ event }) => ({ answer: event.output }) },
                { type: 'notifyUnread', params: ({ event }) => ({ unread: event.output.unread }) },
              ],
            },
            onError: {
              target: 'idle',
              description: 'Refused or no connection: the row stays as it was, with "Не сохранено" and the reason',
              actions: { type: 'storeMarkError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
})

export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>
