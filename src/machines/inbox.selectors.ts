import type { SnapshotFrom } from 'xstate'
import type { InboxResponse, TopNews } from '../contract/inbox'
import type { inboxMachine } from './inbox.machine'

type InboxSnapshot = SnapshotFrom<typeof inboxMachine>

/** The unread count beside a menu entry: the chat's messages, the notifications; 0 for any other entry or before the first answer. */
export function unreadCountOf(snapshot: InboxSnapshot | undefined, menuKey: string): number {
  const unread = snapshot?.context.unread
  if (!unread) return 0
  return menuKey === 'chat' ? unread.chat : menuKey === 'notifications' ? unread.notifications : 0
}

export const topNewsOf = (snapshot: InboxSnapshot | undefined): TopNews | null => snapshot?.context.topNews ?? null

/** The top news the frame shows: the inbox's once it runs (a hidden one is gone), before that what the frame loaded with its init data. */
export const shownTopNewsOf = (snapshot: InboxSnapshot | undefined, first: InboxResponse | null): TopNews | null =>
  snapshot ? snapshot.context.topNews : (first?.topNews ?? null)
