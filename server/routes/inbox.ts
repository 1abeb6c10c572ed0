import type { FastifyInstance } from 'fastify'
import {
  chatMessagesQuerySchema,
  chatPostSchema,
  hideTopNewsRequestSchema,
  updateNotifyStatusRequestSchema,
  type ChatMessagesResponse,
  type ChatSeenResponse,
  type ChatSentResponse,
  type InboxResponse,
  type NotificationsResponse,
  type UpdateNotifyStatusResponse,
} from '../../src/contract/inbox'
import { okSchema } from '../../src/contract/common'
import type * as z from 'zod/mini'
import { requireAccount, signedInUser } from '../auth/require-account'
import type { AppDeps } from '../deps'
import { hideTopNews, listChat, listNotifications, markChatSeen, sendChat, setNotificationState, unreadOf, visibleTopNews } from '../inbox/inbox-store'
import { describeIssue, parseInput, parseQuery, type DescribeIssue } from '../validation'

/** The chat's own messages (empty, too long) reach the user as they are. */
const chatMessage: DescribeIssue = (issue) => (issue.code === 'custom' || issue.code === 'too_big' ? issue.message : describeIssue(issue))

/**
 * Issue 23: the chat with the supplier manager (spec §7 `chat`: action messages, send {message}),
 * what the frame polls every 5 s (the unread counts and the top news), `hidetopnews`, and the legacy
 * notifications list with its read state. Every answer is the caller's company's and account's.
 */
export function registerInboxRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  app.get('/api/chat/', guarded, async (request): Promise<ChatMessagesResponse> => {
    parseQuery(chatMessagesQuerySchema, request)
    return listChat(db, signedInUser(request))
  })

  app.post('/api/chat/', guarded, async (request): Promise<ChatSentResponse | ChatSeenResponse> => {
    const user = signedInUser(request)
    const body = parseInput(chatPostSchema, request.body, chatMessage)
    if (body.action === 'send') {
      const message = await sendChat(db, user, body.message, deps.now())
      return { message, unread: await unreadOf(db, user) }
    }
    const seenUpTo = await markChatSeen(db, user, body.id)
    return { seenUpTo, unread: await unreadOf(db, user) }
  })

  app.get('/api/inbox/', guarded, async (request): Promise<InboxResponse> => {
    const user = signedInUser(request)
    return { unread: await unreadOf(db, user), topNews: await visibleTopNews(db, user) }
  })

  app.post('/api/hidetopnews/', guarded, async (request): Promise<z.infer<typeof okSchema>> => {
    const { id } = parseInput(hideTopNewsRequestSchema, request.body)
    await hideTopNews(db, signedInUser(request), id)
    return { ok: true }
  })

  app.get('/ajax/messages/', guarded, async (request): Promise<NotificationsResponse> => {
    const user = signedInUser(request)
    return { messages: await listNotifications(db, user), unread: await unreadOf(db, user) }
  })

  app.post('/ajax/updatenotifystatus/', guarded, async (request): Promise<UpdateNotifyStatusResponse> => {
    const user = signedInUser(request)
    const { id, state } = parseInput(updateNotifyStatusRequestSchema, request.body)
    await setNotificationState(db, user, id, state)
    return { id, state, unread: await unreadOf(db, user) }
  })
}
