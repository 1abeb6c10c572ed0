import { Suspense } from 'react'
import { ORDERS_MESSAGES, type OrdersActor } from '../../machines/orders.machine'
import { WithScreen } from '../layout/with-screen'
import { CodeFailed, CodeLoading } from '../ui/code-status'
import { ErrorBlock } from '../ui/error-block'
import { FilterDisclosure } from '../ui/filter-disclosure'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { LazyBulkActionDialog } from '../ui/lazy-bulk-action-dialog'
import { Pagination, PastLastPage } from '../ui/pagination'
import { useOrdersApi } from './orders-connect'
import { OrdersCountdown } from './orders-countdown'
import { OrdersFilterForm } from './orders-filter-form'
import { OrdersTable } from './orders-table'
import { EmptyState } from '../ui/empty-state'
import styles from './orders.module.css'
import { lazyPart } from '../ui/lazy-part'

const OrderDialogs = lazyPart(() => import('./order-dialogs').then((module) => ({ default: module.OrderDialogs })))

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
      <FilterDisclosure foldBelow="phone">
        <OrdersFilterForm orders={orders} />
      </FilterDisclosure>
      <OrdersBody orders={orders} />
      <OrderDialog orders={orders} />
      <BulkRepeatDialog orders={orders} />
    </section>
  )
}

/** The cancel or repeat dialog while it runs; its code (the machines and the dialogs) loads when the first one opens. */
function OrderDialog({ orders }: { orders: OrdersActor }) {
  const { dialog } = useOrdersApi(orders)
  switch (dialog.kind) {
    case 'none':
      return null
    case 'codeLoading':
      return <CodeLoading label={dialog.label} />
    case 'codeFailed':
      return <CodeFailed text={dialog.text} onClose={dialog.onClose} />
  }
  return (
    <Suspense fallback={null}>
      <OrderDialogs dialog={dialog} />
    </Suspense>
  )
}

/** «Повторить выбранные»: its dialog while it runs. */
function BulkRepeatDialog({ orders }: { orders: OrdersActor }) {
  const { bulkDialog } = useOrdersApi(orders)
  return <LazyBulkActionDialog owner={orders} actor={bulkDialog} />
}

function OrdersBody({ orders }: { orders: OrdersActor }) {
  const api = useOrdersApi(orders)
  switch (api.body) {
    case 'failed':
      return <ErrorBlock {...api.getRetryProps()} />
    case 'invalidFilter':
      return <EmptyState {...api.invalidFilter} />
    case 'pastLastPage':
      return <PastLastPage page={api.page} total={api.pages} />
    case 'empty':
      return <EmptyState title={ORDERS_MESSAGES.empty} hint={ORDERS_MESSAGES.emptyHint} />
    case 'firstLoad':
      return <Loading label={ORDERS_MESSAGES.loading} />
    case 'list':
      return (
        <div className={styles.list} aria-busy={api.isLoading}>
          <p className={styles.caption} aria-live="polite">
            {api.caption}
          </p>
          <OrdersTable api={api.table} />
          <Pagination page={api.page} total={api.pages} />
        </div>
      )
  }
}
