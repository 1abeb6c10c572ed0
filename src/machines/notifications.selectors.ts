import type { SnapshotFrom } from 'xstate'
import type { Notification } from '../contract/inbox'
import { moscowTimeOf } from '../contract/moscow-time'
import type { notificationsMachine } from './notifications.machine'

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>

/** What the page shows: one per state (checking reads as loading). */
export type NotificationsView = 'loading' | 'failed' | 'empty' | 'listed'

export function notificationsViewOf(snapshot: NotificationsSnapshot): NotificationsView {
  if (snapshot.matches('failed')) return 'failed'
  if (snapshot.matches('empty')) return 'empty'
  if (snapshot.matches('listed')) return 'listed'
  return 'loading'
}

/** One row as shown. */
export interface ShownNotification {
  id: number
  text: string
  /** dd.mm.yyyy hh:mm, Moscow */
  when: string
  read: boolean
  /** the order it is about (the link finds it on the orders page), if any */
  orderId: number | null
  /** "Сохраняется…" while its state is being stored */
  marking: boolean
  /** why marking it failed, if it did */
  markError: string | null
  /** the row's button is enabled (one row is marked at a time) */
  canMark: boolean
}

export function shownNotificationsOf(snapshot: NotificationsSnapshot): ShownNotification[] {
  const { notifications, marking, markError } = snapshot.context
  const busy = snapshot.matches({ listed: 'marking' })
  return notifications.map((each: Notification) => ({
    id: each.id,
    text: each.text,
    when: moscowTimeOf(each.created_at),
    read: each.state === 1,
    orderId: each.order_id,
    marking: marking?.id === each.id,
    markError: markError?.id === each.id ? markError.message : null,
    canMark: !busy,
  }))
}

export const notificationsErrorOf = (snapshot: NotificationsSnapshot): string | null => snapshot.context.errorMessage

/** The orders page's address finding one order by its number, over the whole period. */
export const orderSearchOf = (orderId: number) => ({ dateselect: 'all' as const, search_doc: String(orderId) })
