import { shallowEqual, useSelector } from '@xstate/react'
import { CHAT_MESSAGE_MAX_LENGTH } from '../../contract/inbox'
import { CHAT_MESSAGES_UI, type ChatActor } from '../../machines/chat.machine'
import {
  canSendOf,
  chatFeedViewOf,
  chatMessagesOf,
  counterOf,
  draftOf,
  feedErrorOf,
  pendingOf,
  shownMessageOf,
  type ShownMessage,
} from '../../machines/chat.selectors'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import styles from './chat.module.css'

/** /cabinet/chat/: the conversation with the supplier manager and the message field. */
export function ChatPage() {
  return (
    <WithScreen name="chat" label={CHAT_MESSAGES_UI.loading}>
      {(chat) => <ChatScreen chat={chat} />}
    </WithScreen>
  )
}

function ChatScreen({ chat }: { chat: ChatActor }) {
  return (
    <section className={styles.page} aria-labelledby="chat-title">
      <PageHeading>
        <span id="chat-title">{CHAT_MESSAGES_UI.title}</span>
      </PageHeading>
      <Feed chat={chat} />
      <Composer chat={chat} />
    </section>
  )
}

function Feed({ chat }: { chat: ChatActor }) {
  const view = useSelector(chat, chatFeedViewOf)
  const messages = useSelector(chat, chatMessagesOf)
  const pending = useSelector(chat, pendingOf, shallowEqual)
  const error = useSelector(chat, feedErrorOf)
  if (view === 'loading' && messages.length === 0)
    return (
      <div className={styles.feed}>
        <Loading label={CHAT_MESSAGES_UI.loading} />
      </div>
    )
  if (view === 'failed' && messages.length === 0)
    return (
      <div className={styles.feed}>
        <ErrorBlock title={CHAT_MESSAGES_UI.loadFailed} message={error} onRetry={() => chat.send({ type: 'feed.retry' })} />
      </div>
    )
  return (
    <div className={styles.feed}>
      {view === 'failed' ? (
        <p className={styles.notice} role="alert">
          {CHAT_MESSAGES_UI.refreshFailed}: {error}{' '}
          <button type="button" className={styles.link} onClick={() => chat.send({ type: 'feed.retry' })}>
            {CHAT_MESSAGES_UI.retry}
          </button>
        </p>
      ) : null}
      {view === 'paused' ? (
        <p className={styles.notice} role="status">
          {CHAT_MESSAGES_UI.paused}
        </p>
      ) : null}
      {/* column-reverse keeps the newest message in view as the conversation grows */}
      <div className={styles.scroller}>
        <ol className={styles.messages} aria-live="polite">
          {messages.length === 0 && !pending ? <li className={styles.empty}>{CHAT_MESSAGES_UI.empty}</li> : null}
          {messages.map((message) => (
            <MessageItem key={message.id} message={shownMessageOf(message)} />
          ))}
          {pending ? (
            <li className={`${styles.message} ${styles.customer}`} data-status={pending.status} data-testid="chat-pending">
              <p className={styles.text}>{pending.text}</p>
              <div className={styles.meta}>
                {pending.status === 'sending' ? (
                  CHAT_MESSAGES_UI.sending
                ) : (
                  <span className={styles.failed} role="alert">
                    {CHAT_MESSAGES_UI.sendFailed}
                    {pending.error ? `: ${pending.error}` : ''}{' '}
                    <Button variant="primary" onPress={() => chat.send({ type: 'message.retry' })}>
                      {CHAT_MESSAGES_UI.retry}
                    </Button>
                  </span>
                )}
              </div>
            </li>
          ) : null}
        </ol>
      </div>
    </div>
  )
}

function MessageItem({ message }: { message: ShownMessage }) {
  return (
    <li className={`${styles.message} ${message.side === 'customer' ? styles.customer : styles.manager}`} data-side={message.side}>
      <div className={styles.meta}>
        <span className={styles.who}>{message.who}</span> <time>{message.when}</time>
      </div>
      <p className={styles.text}>{message.text}</p>
    </li>
  )
}

function Composer({ chat }: { chat: ChatActor }) {
  const draft = useSelector(chat, draftOf)
  const counter = useSelector(chat, counterOf)
  const canSend = useSelector(chat, canSendOf)
  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault()
        chat.send({ type: 'message.send' })
      }}
    >
      <label className={styles.label} htmlFor="chat-message">
        {CHAT_MESSAGES_UI.fieldLabel}
      </label>
      <textarea
        id="chat-message"
        className={styles.textarea}
        rows={3}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        value={draft}
        aria-describedby="chat-counter"
        onChange={(event) => chat.send({ type: 'draft.change', text: event.target.value })}
        onKeyDown={(event) => {
          // Ctrl+Enter (⌘+Enter) sends; Enter alone starts a new line
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            chat.send({ type: 'message.send' })
          }
        }}
      />
      <div className={styles.actions}>
        <span id="chat-counter" className={styles.counter}>
          {counter}
        </span>
        <Button variant="primary" type="submit" isDisabled={!canSend}>
          {CHAT_MESSAGES_UI.send}
        </Button>
      </div>
    </form>
  )
}
