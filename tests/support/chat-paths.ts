import type { AnyEventObject } from 'xstate'
import type { ChatSentResponse } from '../../src/contract/inbox'
import { chatMachine } from '../../src/machines/chat.machine'
import { browserPaths, type BrowserPaths } from './browser-paths'
import type { EventCases } from './path-testing'

/** The composer's events a dealer causes on /cabinet/chat/, with their payloads (the model test's own cases cover the rest). */
export const CHAT_TEXT = 'Путь в браузере'
const SENT: ChatSentResponse = {
  message: { id: 1, from_whom: 'cid2', text: CHAT_TEXT, author: '', created_at: '2026-11-27T09:00:00Z' },
  unread: { chat: 0, notifications: 0 },
}

const CASES: EventCases = {
  'draft.change': [
    { type: 'draft.change', text: CHAT_TEXT },
    { type: 'draft.change', text: '' },
  ],
  'xstate.done.actor.readKept': [{ type: 'xstate.done.actor.readKept', output: null }],
  'xstate.done.actor.sendMessage': [{ type: 'xstate.done.actor.sendMessage', output: SENT }],
  'xstate.error.actor.sendMessage': [{ type: 'xstate.error.actor.sendMessage', error: new Error('Нет связи с сервером') }],
  // the feed and the seen mark run by themselves in the browser; these payloads only let the generator count every path
  'poll.data': [{ type: 'poll.data', data: { messages: [SENT.message], seenUpTo: 0, unread: SENT.unread } }],
  'poll.failed': [{ type: 'poll.failed', message: 'Ошибка сервера (503)', retryInMs: 10_000 }],
  'xstate.done.actor.markSeen': [{ type: 'xstate.done.actor.markSeen', output: { seenUpTo: 1, unread: SENT.unread } }],
}

/** What a dealer causes in the composer: typing, sending, «Повторить», and the send call's answer; the feed and the seen mark run by themselves. */
const COMPOSER_EVENTS = new Set([
  'xstate.done.actor.readKept',
  'draft.change',
  'message.send',
  'message.retry',
  'xstate.done.actor.sendMessage',
  'xstate.error.actor.sendMessage',
])

const canCause = (event: AnyEventObject) => COMPOSER_EVENTS.has(event.type)

/** The chat's composer paths a dealer can walk, the fewest that take each of their transitions (tests/e2e/chat-paths.spec.ts). */
export const chatBrowserPaths = (): BrowserPaths =>
  browserPaths(chatMachine, {
    cases: CASES,
    input: { accountId: 1 },
    serializeState: (state, event, prev) => {
      const { draft } = state.context as { draft: string }
      const key = `${JSON.stringify((state.value as { composer: unknown }).composer)} ${draft ? 'typed' : 'blank'}`
      return event && prev ? `${key} via ${event.type}` : key
    },
    canCause,
    cover: 'definition',
    everyStateValue: false,
    limit: 20_000,
  })
