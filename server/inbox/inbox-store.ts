import { sql } from 'kysely'
import { closedMenuKeys, effectiveDisabledMenus } from '../../src/contract/menu'
import {
  CUSTOMER_PREFIX,
  INBOX_MESSAGES,
  SUPPLIER_FROM_WHOM,
  customerFromWhom,
  type ChatMessage,
  type ChatMessagesResponse,
  type Notification,
  type TopNews,
  type Unread,
} from '../../src/contract/inbox'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'

/** Who reads: the account and its company (every query is scoped by both). */
export type Reader = Pick<SessionUser, 'id' | 'customer_id' | 'type_id' | 'disabled_menus'>

const closedKeysOf = (reader: Reader): Set<string> => {
  let listed: unknown
  try {
    listed = JSON.parse(reader.disabled_menus)
  } catch {
    listed = []
  }
  const keys = Array.isArray(listed) ? listed.filter((key): key is string => typeof key === 'string') : []
  return closedMenuKeys(effectiveDisabledMenus(reader.type_id, keys))
}

async function seenUpTo(db: Db, userId: number): Promise<number> {
  const row = await db.kysely.selectFrom('chat_seen').select('message_id').where('user_id', '=', userId).executeTakeFirst()
  return row?.message_id ?? 0
}

/** The supplier's messages after what the account has seen, and the company's notifications it has not read; 0 where its section is closed. */
export async function unreadOf(db: Db, reader: Reader): Promise<Unread> {
  const closed = closedKeysOf(reader)
  const chat = closed.has('chat')
    ? 0
    : Number(
        (
          await db.kysely
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .where('customer_id', '=', reader.customer_id)
            .where('from_whom', 'not like', `${CUSTOMER_PREFIX}%`)
            .where('id', '>', await seenUpTo(db, reader.id))
            .executeTakeFirstOrThrow()
        ).count,
      )
  const notifications = closed.has('notifications')
    ? 0
    : Number(
        (
          await db.kysely
            .selectFrom('notifications')
            .leftJoin('notification_reads', (join) =>
              join.onRef('notification_reads.notification_id', '=', 'notifications.id').on('notification_reads.user_id', '=', reader.id),
            )
            .select((eb) => eb.fn.countAll<number | string>().as('count'))
            .where('notifications.customer_id', '=', reader.customer_id)
            .where('notification_reads.user_id', 'is', null)
            .executeTakeFirstOrThrow()
        ).count,
      )
  return { chat, notifications }
}

const messageColumns = ['chat_messages.id', 'chat_messages.from_whom', 'chat_messages.text', 'chat_messages.created_at'] as const

function chatQuery(db: Db, customerId: number) {
  return db.kysely
    .selectFrom('chat_messages')
    .leftJoin('users', 'users.id', 'chat_messages.user_id')
    .select([...messageColumns, sql<string>`coalesce(users.name, '')`.as('author')])
    .where('chat_messages.customer_id', '=', customerId)
}

/** The company's conversation, oldest first (the last 500 messages). */
export async function listChat(db: Db, reader: Reader): Promise<ChatMessagesResponse> {
  const newest = await chatQuery(db, reader.customer_id).orderBy('chat_messages.id', 'desc').limit(500).execute()
  return { messages: newest.reverse(), seenUpTo: await seenUpTo(db, reader.id), unread: await unreadOf(db, reader) }
}

/** Stores the text as typed (escaping is the view's), from the company (`cid<company>`); what one writes oneself counts as seen. */
export async function sendChat(db: Db, reader: Reader, text: string, now: Date): Promise<ChatMessage> {
  const { id } = await db.kysely
    .insertInto('chat_messages')
    .values({ customer_id: reader.customer_id, user_id: reader.id, from_whom: customerFromWhom(reader.customer_id), text, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return chatQuery(db, reader.customer_id).where('chat_messages.id', '=', id).executeTakeFirstOrThrow()
}

/** The account has seen the messages up to `id` (never moves back; past the last message stops at the last). */
export async function markChatSeen(db: Db, reader: Reader, id: number): Promise<number> {
  const last = await db.kysely
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('customer_id', '=', reader.customer_id)
    .where('id', '<=', id)
    .executeTakeFirst()
  const upTo = Math.max(Number(last?.id ?? 0), await seenUpTo(db, reader.id))
  await db.kysely
    .insertInto('chat_seen')
    .values({ user_id: reader.id, message_id: upTo })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ message_id: upTo }))
    .execute()
  return upTo
}

/** The supplier's side (the admin command for now): a reply in the company's conversation. */
export async function replyAsSupplier(db: Db, customerId: number, text: string, now: Date): Promise<number> {
  const { id } = await db.kysely
    .insertInto('chat_messages')
    .values({ customer_id: customerId, user_id: null, from_whom: SUPPLIER_FROM_WHOM, text, created_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** The company's notifications, newest first (the last 200), each read or not for this account. */
export async function listNotifications(db: Db, reader: Reader): Promise<Notification[]> {
  const rows = await db.kysely
    .selectFrom('notifications')
    .leftJoin('notification_reads', (join) =>
      join.onRef('notification_reads.notification_id', '=', 'notifications.id').on('notification_reads.user_id', '=', reader.id),
    )
    .select(['notifications.id', 'notifications.text', 'notifications.created_at', 'notifications.order_id', 'notification_reads.user_id as reader'])
    .where('notifications.customer_id', '=', reader.customer_id)
    .orderBy('notifications.id', 'desc')
    .limit(200)
    .execute()
  return rows.map(({ reader: readBy, ...row }) => ({ ...row, state: readBy === null ? 0 : 1 }))
}

/** Read (1) or unread (0) for this account; 404 unless it is the company's own notification. */
export async function setNotificationState(db: Db, reader: Reader, id: number, state: 0 | 1): Promise<void> {
  const own = await db.kysely.selectFrom('notifications').select('id').where('id', '=', id).where('customer_id', '=', reader.customer_id).executeTakeFirst()
  if (!own) throw new HttpError(404, INBOX_MESSAGES.notificationNotFound)
  if (state === 1) {
    await db.kysely
      .insertInto('notification_reads')
      .values({ user_id: reader.id, notification_id: id })
      .onConflict((oc) => oc.columns(['user_id', 'notification_id']).doNothing())
      .execute()
  } else {
    await db.kysely.deleteFrom('notification_reads').where('user_id', '=', reader.id).where('notification_id', '=', id).execute()
  }
}

/** The newest top news this account has not hidden, or null. */
export async function visibleTopNews(db: Db, reader: Reader): Promise<TopNews | null> {
  const row = await db.kysely
    .selectFrom('top_news')
    .leftJoin('hidden_top_news', (join) => join.onRef('hidden_top_news.news_id', '=', 'top_news.id').on('hidden_top_news.user_id', '=', reader.id))
    .select(['top_news.id', 'top_news.header', 'top_news.text'])
    .where('hidden_top_news.user_id', 'is', null)
    .orderBy('top_news.id', 'desc')
    .executeTakeFirst()
  return row ?? null
}

/** hidetopnews: hidden for this account for good; 404 for a news id that does not exist. */
export async function hideTopNews(db: Db, reader: Reader, id: number): Promise<void> {
  const news = await db.kysely.selectFrom('top_news').select('id').where('id', '=', id).executeTakeFirst()
  if (!news) throw new HttpError(404, INBOX_MESSAGES.newsNotFound)
  await db.kysely
    .insertInto('hidden_top_news')
    .values({ user_id: reader.id, news_id: id })
    .onConflict((oc) => oc.columns(['user_id', 'news_id']).doNothing())
    .execute()
}

/** An order's state changed: its company gets a notification (in the caller's transaction when given one). */
export async function notifyOrderState(
  db: Pick<Db['kysely'], 'insertInto'>,
  order: { id: number; customer_id: number; state: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ customer_id: order.customer_id, order_id: order.id, text: `Заказ № ${order.id}: ${order.state}`, created_at: now.toISOString() })
    .execute()
}
