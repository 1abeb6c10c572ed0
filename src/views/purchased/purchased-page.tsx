import { Suspense } from 'react'
import type { PurchasedGoodsActor } from '../../machines/purchased-goods.machine'
import { PURCHASED_SCREEN_MESSAGES } from '../../machines/purchased-goods.machine'
import { WithScreen } from '../layout/with-screen'
import { ErrorBlock } from '../ui/error-block'
import { FilterDisclosure } from '../ui/filter-disclosure'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { Pagination, PastLastPage } from '../ui/pagination'
import { PURCHASED_LOADING_LABEL, usePurchasedApi } from './purchased-connect'
import { PurchasedFiltersForm, ReportTabs } from './purchased-filters'
import { PurchasedTable } from './purchased-table'
import styles from './purchased.module.css'
import { lazyPart } from '../ui/lazy-part'

// The spend chart draws the report's data, so the first paint does without it: its code loads
// beside the report's first request (the screen asks for it as it shows), not before the page.
const loadSpendChart = () => import('./spend-chart')
const SpendChart = lazyPart(() => loadSpendChart().then((module) => ({ default: module.SpendChart })))

/** /cabinet/purchased/: the purchased-goods reports, 20 rows a page, the last 30 days by default (spec §2, §9). */
export function PurchasedPage() {
  return (
    <WithScreen name="purchasedGoods" label={PURCHASED_LOADING_LABEL}>
      {(purchased) => <PurchasedScreen purchased={purchased} />}
    </WithScreen>
  )
}

function PurchasedScreen({ purchased }: { purchased: PurchasedGoodsActor }) {
  void loadSpendChart()
  return (
    <section className={styles.page} aria-labelledby="purchased-title">
      <PageHeading>
        <span id="purchased-title">Купленные товары</span>
      </PageHeading>
      <ReportTabs actor={purchased} />
      <FilterDisclosure foldBelow="phone">
        <PurchasedFiltersForm actor={purchased} />
      </FilterDisclosure>
      <PurchasedBody actor={purchased} />
    </section>
  )
}

function PurchasedBody({ actor }: { actor: PurchasedGoodsActor }) {
  const api = usePurchasedApi(actor)
  if (api.body === 'failed') return <ErrorBlock {...api.getRetryProps()} />
  if (api.body === 'firstLoad') return <Loading label={PURCHASED_LOADING_LABEL} />
  return (
    <div className={styles.report} aria-busy={api.isLoading}>
      {api.months ? (
        <Suspense fallback={null}>
          <SpendChart months={api.months} />
        </Suspense>
      ) : null}
      <p className={styles.caption} aria-live="polite">
        {api.caption}
      </p>
      {api.emptyKind === 'pastLastPage' ? <PastLastPage page={api.page} total={api.pages} /> : null}
      {api.emptyKind === 'empty' ? (
        <p className={styles.empty} role="status">
          <strong>{PURCHASED_SCREEN_MESSAGES.empty}</strong>
          {PURCHASED_SCREEN_MESSAGES.emptyHint}
        </p>
      ) : null}
      {api.table ? <PurchasedTable table={api.table} /> : null}
      <Pagination page={api.page} total={api.pages} />
    </div>
  )
}
