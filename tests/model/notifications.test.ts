import { describe, expect, it, vi } from 'vitest'
import { createActor, createMachine, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { Notification, NotificationsResponse, Unread, UpdateNotifyStatusResponse } from '../../src/contract/inbox'
import { notificationsMachine, type MarkRequest, type NotificationsContext } from '../../src/machines/notifications.machine'
import { notificationsViewOf, orderSearchOf, shownNotificationsOf } from '../../src/machines/notifications.selectors'
import { describeMachinePaths } from '../support/path-testing'

const notification = (id: number, state: 0 | 1, order_id: number | null = null): Notification => ({
  id,
  text: order_id ? `Заказ № ${order_id}: Отменён` : 'Добро пожаловать',
  created_at: '2026-11-27T09:00:00Z',
  order_id,
  state,
})
const LIST: NotificationsResponse = { messages: [notification(2, 0, 41), notification(1, 1)], unread: { chat: 0, notifications: 1 } }
const EMPTY: NotificationsResponse = { messages: [], unread: { chat: 0, notifications: 0 } }
const READ: UpdateNotifyStatusResponse = { id: 2, state: 1, unread: { chat: 0, notifications: 0 } }
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as NotificationsContext

describeMachinePaths(notificationsMachine, {
  cases: {
    'xstate.done.actor.loadNotifications': [
      { type: 'xstate.done.actor.loadNotifications', output: LIST },
      { type: 'xstate.done.actor.loadNotifications', output: EMPTY },
    ],
    'xstate.error.actor.loadNotifications': [{ type: 'xstate.error.actor.loadNotifications', error: new Error('Ошибка сервера (503)') }],
    'notification.mark': [
      { type: 'notification.mark', id: 2, state: 1 },
      // already read: nothing to do
      { type: 'notification.mark', id: 1, state: 1 },
    ],
    'xstate.done.actor.markNotification': [{ type: 'xstate.done.actor.markNotification', output: READ }],
    'xstate.error.actor.markNotification': [{ type: 'xstate.error.actor.markNotification', error: new Error('Уведомление не найдено') }],
  },
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    if (snapshot.matches('failed')) expect(context.errorMessage).toBe('Ошибка сервера (503)')
    if (snapshot.matches({ listed: 'marking' })) expect(context.marking).toEqual({ id: 2, state: 1 })
    if (snapshot.matches('empty')) expect(notificationsViewOf(snapshot as never)).toBe('empty')
  },
})

describe('notifications beyond the paths', () => {
  it("marks a row read through its call and tells the frame's inbox the new counts; a refusal keeps the row as it was", async () => {
    const calls: MarkRequest[] = []
    const told: Unread[] = []
    let refuse = false
    const inbox = createMachine({
      id: 'inbox',
      on: { 'inbox.unread': { actions: ({ event }) => void told.push((event as unknown as { unread: Unread }).unread) } },
    })
    const screen = notificationsMachine.provide({
      actors: {
        loadNotifications: fromPromise(async () => LIST),
        markNotification: fromPromise(async ({ input }: { input: MarkRequest }) => {
          calls.push(input)
          if (refuse) throw new Error('Нет связи с сервером')
          return { id: input.id, state: input.state, unread: { chat: 0, notifications: input.state === 1 ? 0 : 1 } }
        }),
      },
    })
    const parent = createMachine({
      invoke: [
        { src: 'inbox', systemId: 'inbox' },
        { src: 'screen', id: 'screen' },
      ],
    })
    const actor = createActor(parent.provide({ actors: { inbox, screen } })).start()
    const child = () => actor.getSnapshot().children.screen as unknown as { getSnapshot: () => AnyMachineSnapshot; send: (event: unknown) => void }
    await vi.waitFor(() => expect(child().getSnapshot().matches({ listed: 'idle' })).toBe(true))
    expect(told).toEqual([LIST.unread])
    const rows = shownNotificationsOf(child().getSnapshot() as never)
    expect(rows.map((row) => [row.id, row.read, row.orderId])).toEqual([
      [2, false, 41],
      [1, true, null],
    ])
    expect(rows[0]!.when).toBe('27.11.2026 12:00')
    expect(orderSearchOf(41)).toEqual({ dateselect: 'all', search_doc: '41' })

    child().send({ type: 'notification.mark', id: 2, state: 1 })
    expect(shownNotificationsOf(child().getSnapshot() as never).map((row) => [row.marking, row.canMark])).toEqual([
      [true, false],
      [false, false],
    ])
    await vi.waitFor(() => expect(child().getSnapshot().matches({ listed: 'idle' })).toBe(true))
    expect(calls).toEqual([{ id: 2, state: 1 }])
    expect(told.at(-1)).toEqual({ chat: 0, notifications: 0 })
    expect(shownNotificationsOf(child().getSnapshot() as never)[0]!.read).toBe(true)

    refuse = true
    child().send({ type: 'notification.mark', id: 2, state: 0 })
    await vi.waitFor(() => expect(child().getSnapshot().matches({ listed: 'idle' })).toBe(true))
    const [first] = shownNotificationsOf(child().getSnapshot() as never)
    expect(first!.read).toBe(true)
    expect(first!.markError).toBe('Нет связи с сервером')
    actor.stop()
  })
})
