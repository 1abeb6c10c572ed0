import type { SnapshotFrom } from 'xstate'
import type { TopNews } from '../contract/inbox'
import type { inboxMachine } from './inbox.machine'

type InboxSnapshot = SnapshotFrom<typeof inboxMachine>

/** The unread count beside a menu entry: the chat's messages, the notifications; 0 for any other entry or before the first answer. */
export function unreadCountOf(snapshot: InboxSnapshot | undefined, menuKey: string): number {
  const unread = snapshot?.context.unread
  if (!unread) return 0
  return menuKey === 'chat' ? unread.chat : menuKey === 'notifications' ? unread.notifications : 0
}

export const topNewsOf = (snapshot: InboxSnapshot | undefined): TopNews | null => snapshot?.context.topNews ?? null
