import { chatMachine } from '../../machines/chat.machine'
import { createChatActors, type KeptComposer } from '../../services/chat'
import type { AppWiring } from '../wiring/app-wiring'

/**
 * The chat screen's machine for the screen host: the conversation's poll and calls, and this tab's
 * storage for what is typed and not yet sent (it outlives a reload).
 */
export const wireChat = ({ http, tabStorage }: AppWiring) => {
  const { actors, persistKept } = createChatActors({ http, tabStorage })
  return chatMachine.provide({
    actors,
    actions: { persistKept: (_, params: { accountId: number; kept: KeptComposer }) => persistKept(params.accountId, params.kept) },
  })
}

/** /cabinet/chat/ */
export { ChatPage as ChatRoute } from '../../views/chat/chat-page'
