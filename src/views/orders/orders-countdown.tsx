import { useSelector } from '@xstate/react'
import type { AnyActorRef } from 'xstate'
import { ORDERS_MESSAGES, type OrdersActor } from '../../machines/orders.machine'
import { countdownLabel } from '../../machines/orders-filter'
import styles from './orders.module.css'

const NO_COUNTDOWN: AnyActorRef | undefined = undefined

/** "Обновление через 4:59": the countdown child's milliseconds left, or the pause while the tab is hidden. */
export function OrdersCountdown({ orders }: { orders: OrdersActor }) {
  const countdown = useSelector(orders, (snapshot) => snapshot.children.countdown ?? NO_COUNTDOWN)
  const hidden = useSelector(orders, (snapshot) => snapshot.matches({ visibility: 'hidden' }))
  // eslint-disable-next-line @typescript-eslint/no-unsafe-member-access -- xstate types the entries of snapshot.children any
  const left = useSelector(countdown, (snapshot) => snapshot?.context as number | undefined)
  if (hidden) return <p className={styles.countdown}>{ORDERS_MESSAGES.paused}</p>
  if (left === undefined) return null
  return (
    <p className={styles.countdown}>
      Обновление через{' '}
      <time className={styles.countdownTime} data-testid="orders-countdown" aria-label="Время до обновления списка">
        {countdownLabel(left)}
      </time>
    </p>
  )
}
