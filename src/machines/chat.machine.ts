import { assign, fromEventObservable, raise, setup, type ActorRefFrom } from 'xstate'
import {
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatMessage,
  type ChatMessagesResponse,
  type ChatSeenResponse,
  type ChatSentResponse,
  type Unread,
} from '../contract/inbox'
import type { KeptComposer } from '../services/chat'
import type { PollEvent } from '../services/streams'
import { unprovidedPromise, unprovidedObservable } from './machine-support'
import { notifySystemActor } from './shell-links'
import { TIMINGS } from './timings'

export const CHAT_MESSAGES_UI = {
  title: 'Чат с менеджером',
  loading: 'Загрузка переписки…',
  loadFailed: 'Не удалось загрузить переписку',
  refreshFailed: 'Переписка не обновлена',
  paused: 'Обновление приостановлено, пока вкладка скрыта',
  empty: 'Сообщений пока нет. Напишите менеджеру — он ответит здесь.',
  fieldLabel: 'Сообщение',
  send: 'Отправить',
  sending: 'Отправляется…',
  sendFailed: 'Не отправлено',
  retry: 'Повторить',
  customer: 'Вы',
  manager: 'Менеджер поставщика',
} as const

export interface ChatInput {
  /** the signed-in account: what it typed is kept per account in this tab */
  accountId: number
}

/** A message on its way (or refused): shown at once in the conversation, kept until the server has it. */
export interface PendingMessage {
  text: string
  /** why it failed (the server's message), once it has */
  error: string | null
}

export interface ChatContext {
  accountId: number
  /** the conversation as last received, oldest first */
  messages: ChatMessage[]
  /** the last message this account has seen */
  seenUpTo: number
  /** the text being typed */
  draft: string
  pending: PendingMessage | null
  errorMessage: string | null
  retryInMs: number | null
}

/** The unread counts the frame's sidebar shows: the chat tells it at once when it changed them. */
export type InboxUnreadEvent = { type: 'inbox.unread'; unread: Unread }

export type ChatEvent =
  | PollEvent<ChatMessagesResponse>
  | { type: 'draft.change'; text: string }
  | { type: 'message.send' }
  | { type: 'message.retry' }
  | { type: 'feed.retry' }
  | { type: 'seen.check' }

/** What the composer keeps across a reload, as the persistKept action's params. */
const keptOf = ({ context }: { context: ChatContext }) => ({
  accountId: context.accountId,
  kept: { draft: context.draft, pending: context.pending?.text ?? null },
})

const lastMessageId = (messages: readonly ChatMessage[]) => messages.at(-1)?.id ?? 0

const pollChatStub = fromEventObservable<PollEvent<ChatMessagesResponse>, { periodMs: number }>(() => unprovidedObservable('pollChat'))

/**
 * /cabinet/chat/: the company's conversation with its supplier manager, refreshed every 5 s
 * (spec §2, §9) through streams.ts (backoff, nothing while the tab is hidden). A message being
 * sent shows at once; if sending fails it stays with «Повторить». Messages arriving while the
 * screen is open are marked seen, so the sidebar's count clears.
 */
export const chatMachine = setup({
  types: {} as { context: ChatContext; events: ChatEvent; input: ChatInput },
  actors: {
    pollChat: pollChatStub,
    sendMessage: unprovidedPromise<ChatSentResponse, { text: string }>('sendMessage'),
    markSeen: unprovidedPromise<ChatSeenResponse, { id: number }>('markSeen'),
    /** what this tab kept of the composer before a reload (null: nothing) */
    readKept: unprovidedPromise<KeptComposer | null, { accountId: number }>('readKept'),
  },
  guards: {
    hasMessages: ({ context }) => context.messages.length > 0,
    hasUnseen: ({ context }) => lastMessageId(context.messages) > context.seenUpTo,
    hasPending: ({ context }) => context.pending !== null,
    canSend: ({ context }) => context.draft.trim() !== '' && context.draft.length <= CHAT_MESSAGE_MAX_LENGTH,
  },
  actions: {
    storeFeed: assign({
      messages: (_, params: { data: ChatMessagesResponse }) => params.data.messages,
      seenUpTo: ({ context }, params: { data: ChatMessagesResponse }) => Math.max(context.seenUpTo, params.data.seenUpTo),
      errorMessage: null,
      retryInMs: null,
    }),
    storeFailure: assign({
      errorMessage: (_, params: { message: string; retryInMs: number }) => params.message,
      retryInMs: (_, params: { message: string; retryInMs: number }) => params.retryInMs,
    }),
    storeKept: assign({
      draft: (_, params: { kept: KeptComposer | null }) => (params.kept?.draft ?? '').slice(0, CHAT_MESSAGE_MAX_LENGTH),
      pending: (_, params: { kept: KeptComposer | null }) => (params.kept?.pending != null ? { text: params.kept.pending, error: null } : null),
    }),
    /** provided by the app: the draft and the message on its way are kept in this tab (sessionStorage) */
    persistKept: (_, _params: { accountId: number; kept: KeptComposer }) => {},
    storeDraft: assign({ draft: (_, params: { text: string }) => params.text.slice(0, CHAT_MESSAGE_MAX_LENGTH) }),
    /** the typed text becomes the message on its way; the field empties for the next one */
    storePending: assign({ pending: ({ context }) => ({ text: context.draft, error: null }), draft: '' }),
    storeSent: assign({
      messages: ({ context }, params: { message: ChatMessage }) =>
        context.messages.some((message) => message.id === params.message.id) ? context.messages : [...context.messages, params.message],
      // one's own message counts as seen
      seenUpTo: ({ context }, params: { message: ChatMessage }) => Math.max(context.seenUpTo, params.message.id),
      pending: null,
    }),
    storeSendError: assign({
      pending: ({ context }, params: { error: unknown }) =>
        context.pending && { ...context.pending, error: params.error instanceof Error ? params.error.message : String(params.error) },
    }),
    resetSendError: assign({ pending: ({ context }) => context.pending && { ...context.pending, error: null } }),
    storeSeen: assign({ seenUpTo: ({ context }, params: { seenUpTo: number }) => Math.max(context.seenUpTo, params.seenUpTo) }),
    checkSeen: raise({ type: 'seen.check' }),

    /** the sidebar's counts follow at once (the frame's inbox, systemId 'inbox'; nothing when none runs) */
    notifyUnread: notifySystemActor('inbox', (params: { unread: Unread }): InboxUnreadEvent => ({ type: 'inbox.unread', unread: params.unread })),
  },
}).createMachine({
  id: 'chat',
  description: 'The chat with the supplier manager: the conversation refreshed every 5 s, the message field, and what this account has seen.',
  type: 'parallel',
  context: ({ input }) => ({
    accountId: input.accountId,
    messages: [],
    seenUpTo: 0,
    draft: '',
    pending: null,
    errorMessage: null,
    retryInMs: null,
  }),
  states: {
    feed: {
      description: 'GET /api/chat/?action=messages now and every 5 s (streams.ts: backoff after failures, nothing while the tab is hidden)',
      initial: 'live',
      states: {
        live: {
          invoke: { id: 'pollChat', src: 'pollChat', input: { periodMs: TIMINGS.chatPollMs } },
          on: {
            'poll.data': {
              target: '.checking',
              description: 'The conversation arrived: new messages are marked seen',
              actions: [
                { type: 'storeFeed', params: ({ event }) => ({ data: event.data }) },
                { type: 'notifyUnread', params: ({ event }) => ({ unread: event.data.unread }) },
                'checkSeen',
              ],
            },
            'poll.failed': {
              target: '.failed',
              description: 'The request failed: the next try waits 5 s × 2^failures',
              actions: { type: 'storeFailure', params: ({ event }) => ({ message: event.message, retryInMs: event.retryInMs }) },
            },
            'poll.paused': { target: '.paused', description: 'The tab was hidden: nothing is requested until it shows again' },
          },
          initial: 'loading',
          states: {
            loading: { description: '"Загрузка переписки…"' },
            checking: {
              description: 'Decides between the conversation and the empty message',
              always: [{ guard: 'hasMessages', target: 'loaded' }, { target: 'empty' }],
            },
            loaded: { description: "The conversation: the customer's messages on the right, the manager's on the left, line breaks kept" },
            empty: { description: '"Сообщений пока нет…"' },
            failed: {
              description: 'The error block (or, over the last conversation, "Переписка не обновлена"); the poll retries by itself',
              on: { 'feed.retry': { target: '#chat.feed.live', reenter: true, description: 'The dealer asks to load again now' } },
            },
            paused: { description: '"Обновление приостановлено, пока вкладка скрыта"; the conversation stays' },
          },
        },
      },
    },
    seen: {
      description: 'What this account has seen of the conversation (the sidebar counts the rest)',
      initial: 'idle',
      states: {
        idle: {
          description: 'Everything shown is seen, or nothing is known yet',
          on: { 'seen.check': { guard: 'hasUnseen', target: 'marking', description: 'Messages arrived that this account has not seen' } },
        },
        marking: {
          description: "POST /api/chat/ {action: 'seen', id}: the last message shown is seen",
          invoke: {
            id: 'markSeen',
            src: 'markSeen',
            input: ({ context }) => ({ id: lastMessageId(context.messages) }),
            onDone: {
              target: 'idle',
              description: 'Seen: the sidebar count clears',
              actions: [
                { type: 'storeSeen', params: ({ event }) => ({ seenUpTo: event.output.seenUpTo }) },
                { type: 'notifyUnread', params: ({ event }) => ({ unread: event.output.unread }) },
              ],
            },
            onError: { target: 'idle', description: 'Not recorded: the next refresh tries again' },
          },
        },
      },
    },
    composer: {
      description: 'The message field with its 2,000-character counter, and the message on its way',
      initial: 'restoring',
      on: {
        'draft.change': {
          description: 'The dealer types (at most 2,000 characters); kept across a reload of the tab',
          actions: [
            { type: 'storeDraft', params: ({ event }) => ({ text: event.text }) },
            { type: 'persistKept', params: keptOf },
          ],
        },
      },
      states: {
        restoring: {
          description: 'Reads what this tab kept: a draft, a message that was not sent',
          invoke: {
            id: 'readKept',
            src: 'readKept',
            input: ({ context }) => ({ accountId: context.accountId }),
            onDone: {
              target: 'checkingKept',
              description: 'What was kept (if anything) is back in the field',
              actions: { type: 'storeKept', params: ({ event }) => ({ kept: event.output }) },
            },
            onError: { target: 'editing', description: 'Nothing readable was kept' },
          },
        },
        checkingKept: {
          description: 'Decides whether a message was left unsent',
          always: [
            { guard: 'hasPending', target: 'failed', description: 'A message was not sent before the reload: it shows with «Повторить»' },
            { target: 'editing', description: 'The draft as it was (or an empty field)' },
          ],
        },
        editing: {
          description: '«Отправить», enabled while the text is not blank',
          on: {
            'message.send': {
              guard: 'canSend',
              target: 'sending',
              description: 'The message shows at once as being sent; the field empties',
              actions: ['storePending', { type: 'persistKept', params: keptOf }],
            },
          },
        },
        sending: {
          description: "POST /api/chat/ {action: 'send', message}: the message shows «Отправляется…»",
          invoke: {
            id: 'sendMessage',
            src: 'sendMessage',
            input: ({ context }) => ({ text: context.pending?.text ?? '' }),
            onDone: {
              target: 'editing',
              description: 'Stored: the message takes its place in the conversation',
              actions: [
                { type: 'storeSent', params: ({ event }) => ({ message: event.output.message }) },
                { type: 'notifyUnread', params: ({ event }) => ({ unread: event.output.unread }) },
                { type: 'persistKept', params: keptOf },
              ],
            },
            onError: {
              target: 'failed',
              description: 'Refused or no connection: the message stays, with «Повторить»',
              actions: { type: 'storeSendError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          description: '"Не отправлено" with the reason and «Повторить»; kept across a reload of the tab',
          on: { 'message.retry': { target: 'sending', description: 'The dealer sends it again', actions: 'resetSendError' } },
        },
      },
    },
  },
})

export type ChatActor = ActorRefFrom<typeof chatMachine>
