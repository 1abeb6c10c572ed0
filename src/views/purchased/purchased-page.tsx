import { useSelector } from '@xstate/react'
import type { PurchasedGoodsResponse } from '../../contract/purchased-goods'
import { PURCHASED_SCREEN_MESSAGES, type PurchasedGoodsActor } from '../../machines/purchased-goods.machine'
import { WithScreen } from '../layout/with-screen'
import { ErrorBlock } from '../ui/error-block'
import { formatCount, formatInteger, formatMoney, PRODUCT_FORMS } from '../ui/format'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { Pagination, PastLastPage, isPastLastPage } from '../ui/pagination'
import { PurchasedFiltersForm, ReportTabs } from './purchased-filters'
import { PurchasedTable } from './purchased-table'
import { SpendChart } from './spend-chart'
import styles from './purchased.module.css'

const PURCHASED_LOADING_LABEL = 'Загрузка отчёта…'

/** /cabinet/purchased/: the purchased-goods reports, 20 rows a page, the last 30 days by default (spec §2, §9). */
export function PurchasedPage() {
  return (
    <WithScreen name="purchasedGoods" label={PURCHASED_LOADING_LABEL}>
      {(purchased) => <PurchasedScreen purchased={purchased} />}
    </WithScreen>
  )
}

function PurchasedScreen({ purchased }: { purchased: PurchasedGoodsActor }) {
  return (
    <section className={styles.page} aria-labelledby="purchased-title">
      <PageHeading>
        <span id="purchased-title">Купленные товары</span>
      </PageHeading>
      <ReportTabs actor={purchased} />
      <PurchasedFiltersForm actor={purchased} />
      <PurchasedBody actor={purchased} />
    </section>
  )
}

const summaryOf = ({ startDate, endDate, count, total }: PurchasedGoodsResponse) =>
  `${startDate} — ${endDate}: ${formatCount(count, PRODUCT_FORMS)}, ${formatInteger(total.qnt)} шт., заказов: ${formatInteger(total.orders)}, на сумму ${formatMoney(total.sum)}`

function PurchasedBody({ actor }: { actor: PurchasedGoodsActor }) {
  const view = useSelector(actor, (snapshot) =>
    snapshot.matches({ report: 'failed' })
      ? 'failed'
      : snapshot.matches({ report: 'empty' })
        ? 'empty'
        : snapshot.matches({ report: 'loading' })
          ? 'loading'
          : 'loaded',
  )
  const result = useSelector(actor, (snapshot) => snapshot.context.result)
  const errorMessage = useSelector(actor, (snapshot) => snapshot.context.errorMessage)
  const page = useSelector(actor, (snapshot) => snapshot.context.filters.page)

  if (view === 'failed') {
    return <ErrorBlock title={PURCHASED_SCREEN_MESSAGES.loadFailed} message={errorMessage} onRetry={() => actor.send({ type: 'report.retry' })} />
  }
  if (!result) return <Loading label={PURCHASED_LOADING_LABEL} />
  const loading = view === 'loading'
  return (
    <div className={styles.report} aria-busy={loading}>
      {result.count > 0 ? <SpendChart months={result.months} /> : null}
      <p className={styles.caption} aria-live="polite">
        {loading ? PURCHASED_LOADING_LABEL : result.count > 0 ? summaryOf(result) : null}
      </p>
      {view === 'empty' && isPastLastPage(page, result.pagination.pages) ? <PastLastPage page={page} total={result.pagination.pages} /> : null}
      {view === 'empty' && !isPastLastPage(page, result.pagination.pages) ? (
        <p className={styles.empty} role="status">
          <strong>{PURCHASED_SCREEN_MESSAGES.empty}</strong>
          {PURCHASED_SCREEN_MESSAGES.emptyHint}
        </p>
      ) : null}
      {result.rows.length > 0 ? <PurchasedTable result={result} /> : null}
      <Pagination page={page} total={result.pagination.pages} />
    </div>
  )
}
