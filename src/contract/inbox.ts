import * as z from 'zod/mini'
import { idNumber } from './catalogue'
import { multilineText } from './common'

/** Issue 23: a chat message is text only, up to 2,000 characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 2_000

/** spec §3: a `from_whom` starting with 'cid' is the customer; anything else is the supplier's manager. */
export const CUSTOMER_PREFIX = 'cid'
export const isCustomerMessage = (fromWhom: string) => fromWhom.startsWith(CUSTOMER_PREFIX)
/** `from_whom` of a customer company's messages */
export const customerFromWhom = (customerId: number) => `${CUSTOMER_PREFIX}${customerId}`
/** `from_whom` of the supplier manager's messages (the admin command writes them) */
export const SUPPLIER_FROM_WHOM = 'manager'

export const INBOX_MESSAGES = {
  emptyMessage: 'Введите сообщение',
  tooLong: `Сообщение не длиннее ${CHAT_MESSAGE_MAX_LENGTH} символов`,
  badAction: 'Неизвестное действие',
  notificationNotFound: 'Уведомление не найдено',
  newsNotFound: 'Новость не найдена',
} as const

const count = z.int().check(z.nonnegative())

/** What the sidebar shows: the account's unread chat messages and notifications. */
const unreadSchema = z.object({ chat: count, notifications: count })
export type Unread = z.infer<typeof unreadSchema>

const chatMessageSchema = z.object({
  id: z.int(),
  from_whom: z.string(),
  /** as typed: the view escapes it (React text) and keeps its line breaks */
  text: z.string(),
  /** who of the company wrote it ('' for the supplier's manager) */
  author: z.string(),
  /** ISO time */
  created_at: z.string(),
})
export type ChatMessage = z.infer<typeof chatMessageSchema>

/** GET /api/chat/?action=messages: the conversation, oldest first, and what this account has seen of it. */
export const chatMessagesQuerySchema = z.object({ action: z.literal('messages', INBOX_MESSAGES.badAction) })

export const chatMessagesResponseSchema = z.object({
  messages: z.array(chatMessageSchema),
  /** the last message this account has seen (0: none) */
  seenUpTo: z.int(),
  unread: unreadSchema,
})
export type ChatMessagesResponse = z.infer<typeof chatMessagesResponseSchema>

const messageText = multilineText(INBOX_MESSAGES.emptyMessage).check(
  z.refine((text) => text.trim() !== '', INBOX_MESSAGES.emptyMessage),
  z.maxLength(CHAT_MESSAGE_MAX_LENGTH, INBOX_MESSAGES.tooLong),
)

/** POST /api/chat/: `send {message}` (spec §7), or `seen {id}`: the account has seen the messages up to id. */
export const chatPostSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('send'), message: messageText }),
  z.object({ action: z.literal('seen'), id: idNumber }),
])

export const chatSentResponseSchema = z.object({ message: chatMessageSchema, unread: unreadSchema })
export type ChatSentResponse = z.infer<typeof chatSentResponseSchema>

export const chatSeenResponseSchema = z.object({ seenUpTo: z.int(), unread: unreadSchema })
export type ChatSeenResponse = z.infer<typeof chatSeenResponseSchema>

const topNewsSchema = z.object({ id: z.int(), header: z.string(), text: z.string() })
export type TopNews = z.infer<typeof topNewsSchema>

/** GET /api/inbox/: what every screen's frame polls every 5 s: the unread counts and the top news not hidden. */
export const inboxResponseSchema = z.object({ unread: unreadSchema, topNews: z.nullable(topNewsSchema) })
export type InboxResponse = z.infer<typeof inboxResponseSchema>

/** POST /api/hidetopnews/ {id} (spec §7): hidden for this account from now on. */
export const hideTopNewsRequestSchema = z.object({ id: idNumber })

const notificationSchema = z.object({
  id: z.int(),
  text: z.string(),
  created_at: z.string(),
  /** the order it is about (an order's state changed), if any */
  order_id: z.nullable(z.int()),
  /** 1 read, 0 unread (for this account) */
  state: z.union([z.literal(0), z.literal(1)]),
})
export type Notification = z.infer<typeof notificationSchema>

/** GET /ajax/messages/ (spec §7, the legacy notifications list): newest first. */
export const notificationsResponseSchema = z.object({ messages: z.array(notificationSchema), unread: unreadSchema })
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>

const stateFlag = z.pipe(
  z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], INBOX_MESSAGES.badAction),
  z.transform((value) => (Number(value) === 1 ? 1 : 0) as 0 | 1),
)

/** POST /ajax/updatenotifystatus/ {id, state}: 1 read, 0 unread. */
export const updateNotifyStatusRequestSchema = z.object({ id: idNumber, state: stateFlag })

export const updateNotifyStatusResponseSchema = z.object({ id: z.int(), state: z.union([z.literal(0), z.literal(1)]), unread: unreadSchema })
export type UpdateNotifyStatusResponse = z.infer<typeof updateNotifyStatusResponseSchema>
