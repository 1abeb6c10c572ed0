import { useSelector } from '@xstate/react'
import { ORDERS_MESSAGES, type OrdersActor } from '../../machines/orders.machine'
import { WithScreen } from '../layout/with-screen'
import { ErrorBlock } from '../ui/error-block'
import { formatCount, type WordForms } from '../ui/format'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { Pagination, PastLastPage, isPastLastPage } from '../ui/pagination'
import { OrderDialogs } from './order-dialogs'
import { OrdersCountdown } from './orders-countdown'
import { OrdersFilterForm } from './orders-filter-form'
import { OrdersTable } from './orders-table'
import { EmptyState } from '../ui/empty-state'
import styles from './orders.module.css'

const ORDER_FORMS: WordForms = { one: 'заказ', few: 'заказа', many: 'заказов' }

/** /cabinet/orders/: the company's orders, 10 per page, the filter in the address, reloaded every 300 s. */
export function OrdersPage() {
  return (
    <WithScreen name="orders" label={ORDERS_MESSAGES.loading}>
      {(orders) => <OrdersScreen orders={orders} />}
    </WithScreen>
  )
}

function OrdersScreen({ orders }: { orders: OrdersActor }) {
  return (
    <section className={styles.page} aria-labelledby="orders-title">
      <div className={styles.headingRow}>
        <PageHeading>
          <span id="orders-title">Заказы</span>
        </PageHeading>
        <OrdersCountdown orders={orders} />
      </div>
      <OrdersFilterForm orders={orders} />
      <OrdersBody orders={orders} />
      <OrderDialogs orders={orders} />
    </section>
  )
}

function OrdersBody({ orders }: { orders: OrdersActor }) {
  const view = useSelector(orders, (snapshot) => {
    if (snapshot.matches({ list: { live: 'failed' } })) return 'failed'
    if (snapshot.matches({ list: { live: { shown: 'empty' } } })) return 'empty'
    return snapshot.matches({ list: { live: 'loading' } }) ? 'loading' : 'loaded'
  })
  const result = useSelector(orders, (snapshot) => snapshot.context.result)
  const page = useSelector(orders, (snapshot) => snapshot.context.filter.page)
  const errorMessage = useSelector(orders, (snapshot) => snapshot.context.errorMessage)
  const retryInMs = useSelector(orders, (snapshot) => snapshot.context.retryInMs)

  if (view === 'failed') {
    const retryText = retryInMs ? ` Следующая попытка через ${Math.ceil(retryInMs / 1000)} с.` : ''
    return <ErrorBlock title={ORDERS_MESSAGES.loadFailed} message={`${errorMessage ?? ''}${retryText}`} onRetry={() => orders.send({ type: 'list.retry' })} />
  }
  if (view === 'empty' && result && isPastLastPage(page, result.pagination.pages)) return <PastLastPage page={page} total={result.pagination.pages} />
  if (view === 'empty') return <EmptyState title={ORDERS_MESSAGES.empty} hint={ORDERS_MESSAGES.emptyHint} />
  if (!result) return <Loading label={ORDERS_MESSAGES.loading} />
  const loading = view === 'loading'
  return (
    <div className={styles.list} aria-busy={loading}>
      <p className={styles.caption} aria-live="polite">
        {loading ? ORDERS_MESSAGES.loading : `Найдено: ${formatCount(result.count, ORDER_FORMS)}`}
      </p>
      <OrdersTable orders={orders} list={result} />
      <Pagination page={page} total={result.pagination.pages} />
    </div>
  )
}
