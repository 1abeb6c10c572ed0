import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { NOTIFICATIONS_UI, type NotificationsActor } from '../../machines/notifications.machine'
import {
  notificationsErrorOf,
  notificationsViewOf,
  orderSearchOf,
  shownNotificationsOf,
  type ShownNotification,
} from '../../machines/notifications.selectors'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import styles from './notifications.module.css'

/** /cabinet/notifications/: the company's notifications, each marked read or unread. */
export default function NotificationsPage() {
  return (
    <WithScreen name="notifications" label={NOTIFICATIONS_UI.loading}>
      {(notifications) => <NotificationsScreen notifications={notifications} />}
    </WithScreen>
  )
}

function NotificationsScreen({ notifications }: { notifications: NotificationsActor }) {
  return (
    <section className={styles.page} aria-labelledby="notifications-title">
      <PageHeading>
        <span id="notifications-title">{NOTIFICATIONS_UI.title}</span>
      </PageHeading>
      <NotificationsBody notifications={notifications} />
    </section>
  )
}

function NotificationsBody({ notifications }: { notifications: NotificationsActor }) {
  const view = useSelector(notifications, notificationsViewOf)
  const rows = useSelector(notifications, shownNotificationsOf)
  const error = useSelector(notifications, notificationsErrorOf)
  if (view === 'loading') return <Loading label={NOTIFICATIONS_UI.loading} />
  if (view === 'failed') return <ErrorBlock title={NOTIFICATIONS_UI.loadFailed} message={error} onRetry={() => notifications.send({ type: 'list.retry' })} />
  if (view === 'empty') return <EmptyState title={NOTIFICATIONS_UI.empty} />
  return (
    <ul className={styles.list}>
      {rows.map((row) => (
        <NotificationItem key={row.id} row={row} onMark={(state) => notifications.send({ type: 'notification.mark', id: row.id, state })} />
      ))}
    </ul>
  )
}

function NotificationItem({ row, onMark }: { row: ShownNotification; onMark: (state: 0 | 1) => void }) {
  const textId = `notification-${row.id}`
  return (
    <li className={`${styles.item} ${row.read ? styles.read : styles.unread}`} data-state={row.read ? 'read' : 'unread'} aria-labelledby={textId}>
      <div className={styles.meta}>
        <span className={styles.badge}>{row.read ? NOTIFICATIONS_UI.read : NOTIFICATIONS_UI.unread}</span> <time>{row.when}</time>
      </div>
      <p id={textId} className={styles.text}>
        {row.text}
      </p>
      <div className={styles.actions}>
        {row.orderId !== null ? (
          <Link className={styles.orderLink} to="/cabinet/orders/" search={orderSearchOf(row.orderId)}>
            {NOTIFICATIONS_UI.order} № {row.orderId}
          </Link>
        ) : null}
        <span role="status" className={styles.status}>
          {row.marking ? NOTIFICATIONS_UI.marking : null}
          {row.markError ? `${NOTIFICATIONS_UI.markFailed}: ${row.markError}` : null}
        </span>
        {/* aria-disabled, not disabled: the focus stays on the button while its row is being stored */}
        <Button variant="secondary" aria-disabled={!row.canMark} aria-describedby={textId} onPress={() => onMark(row.read ? 0 : 1)}>
          {row.read ? NOTIFICATIONS_UI.markUnread : NOTIFICATIONS_UI.markRead}
        </Button>
      </div>
    </li>
  )
}
