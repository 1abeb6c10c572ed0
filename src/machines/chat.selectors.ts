import type { SnapshotFrom } from 'xstate'
import { CHAT_MESSAGE_MAX_LENGTH, isCustomerMessage, type ChatMessage } from '../contract/inbox'
import { CHAT_MESSAGES_UI, type chatMachine, type PendingMessage } from './chat.machine'
import { moscowTimeOf } from '../contract/moscow-time'

type ChatSnapshot = SnapshotFrom<typeof chatMachine>

/** What the conversation area shows: one per state of the feed (checking reads as loading). */
export type ChatFeedView = 'loading' | 'failed' | 'empty' | 'loaded' | 'paused'

export function chatFeedViewOf(snapshot: ChatSnapshot): ChatFeedView {
  if (snapshot.matches({ feed: { live: 'failed' } })) return 'failed'
  if (snapshot.matches({ feed: { live: 'paused' } })) return 'paused'
  if (snapshot.matches({ feed: { live: 'empty' } })) return 'empty'
  if (snapshot.matches({ feed: { live: 'loaded' } })) return 'loaded'
  return 'loading'
}

/** One message as shown: whose it is (the customer's on the right), who and when. */
export interface ShownMessage {
  id: number
  text: string
  side: 'customer' | 'manager'
  who: string
  /** dd.mm.yyyy hh:mm, Moscow */
  when: string
}

export const shownMessageOf = (message: ChatMessage): ShownMessage => {
  const customer = isCustomerMessage(message.from_whom)
  return {
    id: message.id,
    text: message.text,
    side: customer ? 'customer' : 'manager',
    who: customer ? message.author || CHAT_MESSAGES_UI.customer : CHAT_MESSAGES_UI.manager,
    when: moscowTimeOf(message.created_at),
  }
}

export const chatMessagesOf = (snapshot: ChatSnapshot): ChatMessage[] => snapshot.context.messages

/** The message on its way: 'sending' while the call runs, 'failed' (with «Повторить») otherwise. */
export function pendingOf(snapshot: ChatSnapshot): (PendingMessage & { status: 'sending' | 'failed' }) | null {
  const { pending } = snapshot.context
  if (!pending) return null
  return { ...pending, status: snapshot.matches({ composer: 'sending' }) ? 'sending' : 'failed' }
}

export const draftOf = (snapshot: ChatSnapshot): string => snapshot.context.draft

/** «n / 2000» under the field. */
export const counterOf = (snapshot: ChatSnapshot): string => `${snapshot.context.draft.length} / ${CHAT_MESSAGE_MAX_LENGTH}`

/** «Отправить» is enabled with some text, in the editing state (one message on its way at a time). */
export const canSendOf = (snapshot: ChatSnapshot): boolean => snapshot.can({ type: 'message.send' })

export const feedErrorOf = (snapshot: ChatSnapshot): string | null => snapshot.context.errorMessage
