import type { OrdersActor } from '../../machines/orders.machine'
import { useCountdownApi, useOrdersApi, type OrdersApi } from './orders-connect'
import styles from './orders.module.css'

type CountdownActor = Extract<OrdersApi['countdown'], { kind: 'running' }>['actor']

/** "Обновление через 4:59": the countdown child's time left, or the pause while the tab is hidden. */
export function OrdersCountdown({ orders }: { orders: OrdersActor }) {
  const { countdown } = useOrdersApi(orders)
  switch (countdown.kind) {
    case 'paused':
      return <p className={styles.countdown}>{countdown.text}</p>
    case 'running':
      return <CountdownTime countdown={countdown.actor} />
    case 'none':
      return null
  }
}

function CountdownTime({ countdown }: { countdown: CountdownActor }) {
  const { label } = useCountdownApi(countdown)
  if (label === null) return null
  return (
    <p className={styles.countdown}>
      Обновление через{' '}
      <time className={styles.countdownTime} data-testid="orders-countdown" aria-label="Время до обновления списка">
        {label}
      </time>
    </p>
  )
}
