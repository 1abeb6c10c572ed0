import { fromEventObservable, fromPromise } from 'xstate'
import * as z from 'zod/mini'
import {
  chatMessagesResponseSchema,
  chatSeenResponseSchema,
  chatSentResponseSchema,
  type ChatMessagesResponse,
  type ChatSeenResponse,
  type ChatSentResponse,
} from '../contract/inbox'
import type { Http } from './http'
import type { AppStorage } from './storage'
import { lazyPoll$ } from './lazy-streams'

/** What the chat keeps of its composer across a reload. */
export interface KeptComposer {
  draft: string
  /** the text of a message not yet stored by the server */
  pending: string | null
}

/** The version of what the composer keeps: a kept value of another shape is dropped. */
const KEPT_VERSION = 1
const keptSchema = z.object({ version: z.literal(KEPT_VERSION), draft: z.string(), pending: z.nullable(z.string()) })
const keptKey = (accountId: number) => `cabinet.chat.composer.${accountId}`

/** What the chat keeps in this tab across a reload: the draft and a message not yet stored. */
function createKeptComposer(storage: Pick<AppStorage, 'read' | 'write' | 'remove'>) {
  return {
    read(accountId: number): KeptComposer | null {
      try {
        const parsed = keptSchema.safeParse(JSON.parse(storage.read(keptKey(accountId)) ?? 'null'))
        return parsed.success ? { draft: parsed.data.draft, pending: parsed.data.pending } : null
      } catch {
        return null
      }
    },
    write(accountId: number, kept: KeptComposer): void {
      if (kept.draft === '' && kept.pending === null) storage.remove(keptKey(accountId))
      else storage.write(keptKey(accountId), JSON.stringify({ version: KEPT_VERSION, ...kept }))
    },
  }
}

/** GET /api/chat/?action=messages (spec §7 `chat`: action messages). */
const loadChat = (http: Http, signal?: AbortSignal): Promise<ChatMessagesResponse> =>
  http.get('chat', undefined, chatMessagesResponseSchema, { action: 'messages' }, signal)

/**
 * The chat screen's calls: the conversation polled every 5 s by streams.ts (backoff, paused while
 * the tab is hidden), `send {message}`, `seen {id}`, and this tab's kept composer.
 */
export const createChatActors = (deps: { http: Http; tabStorage: AppStorage }) => {
  const kept = createKeptComposer(deps.tabStorage)
  return {
    actors: {
      pollChat: fromEventObservable(({ input }: { input: { periodMs: number } }) =>
        lazyPoll$<ChatMessagesResponse>({ periodMs: input.periodMs, request: (signal) => loadChat(deps.http, signal) }),
      ),
      sendMessage: fromPromise(({ input, signal }: { input: { text: string }; signal: AbortSignal }): Promise<ChatSentResponse> =>
        deps.http.call('chat', { action: 'send', message: input.text }, chatSentResponseSchema, signal),
      ),
      markSeen: fromPromise(({ input, signal }: { input: { id: number }; signal: AbortSignal }): Promise<ChatSeenResponse> =>
        deps.http.call('chat', { action: 'seen', id: input.id }, chatSeenResponseSchema, signal),
      ),
      readKept: fromPromise(async ({ input }: { input: { accountId: number } }) => kept.read(input.accountId)),
    },
    persistKept: (accountId: number, value: KeptComposer) => kept.write(accountId, value),
  }
}
