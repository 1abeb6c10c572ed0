import { useSelector } from '@xstate/react'
import { useId } from 'react'
import { shownTopNewsOf } from '../../machines/inbox.selectors'
import { Button } from '../ui/button'
import styles from './top-news-banner.module.css'
import { useShellActor } from './shell-context'

const TOP_NEWS_HIDE_LABEL = 'Скрыть'

/**
 * The top news above the screen, in the frame's flow (it covers nothing). The frame loads the news
 * with its init data (the page brings both), so the banner is in the frame's first paint and
 * nothing below it moves later; «Скрыть» hides it for this account for good (hidetopnews).
 */
export function TopNewsBanner() {
  const shell = useShellActor()
  const inbox = useSelector(shell, (snapshot) => snapshot.children.inbox)
  const first = useSelector(shell, (snapshot) => snapshot.context.firstInbox)
  const news = useSelector(inbox, (snapshot) => shownTopNewsOf(snapshot, first))
  const headerId = useId()
  if (!news) return null
  const hide = () => {
    inbox?.send({ type: 'news.hide' })
    // the button goes with the banner: the keyboard goes on from the screen's content
    document.getElementById('content')?.focus()
  }
  return (
    <section className={styles.banner} aria-labelledby={headerId}>
      <div className={styles.body}>
        <p id={headerId} className={styles.header}>
          {news.header}
        </p>
        <p className={styles.text}>{news.text}</p>
      </div>
      <Button className={styles.hide} onPress={hide} isDisabled={!inbox} aria-describedby={headerId}>
        {TOP_NEWS_HIDE_LABEL}
      </Button>
    </section>
  )
}
