import { useSelector } from '@xstate/react'
import { useCallback } from 'react'
import type { SnapshotFrom } from 'xstate'
import { CATALOGUE_SCREEN_MESSAGES, type CatalogueFilterActor, type catalogueFilterMachine } from '../../machines/catalogue-filter.machine'
import { hasChosenFilters } from '../../machines/catalogue-query'
import { ProductCardSlot } from '../product/product-card-slot'
import { Button } from '../ui/button'
import { ErrorBlock } from '../ui/error-block'
import { formatCount, PRODUCT_FORMS } from '../ui/format'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { isPastLastPage, Pagination, PastLastPage } from '../ui/pagination'
import styles from './catalogue.module.css'
import { FilterPanel } from './filter-panel'
import { ProductTable } from './product-table'

type CatalogueSnapshot = SnapshotFrom<typeof catalogueFilterMachine>

/** The visible condition of the catalogue area, one per machine state. */
export type CatalogueScreen = 'initialising' | 'initFailed' | 'loading' | 'refreshing' | 'loaded' | 'empty' | 'failed'

export function screenOf(snapshot: CatalogueSnapshot): CatalogueScreen {
  const list = snapshot.value.list
  if (typeof list === 'string') return list
  return list.ready === 'fetching' || list.ready === 'checking' ? 'loading' : list.ready
}

export interface CataloguePageProps {
  catalogue: CatalogueFilterActor
  /** the product whose card is open (?product=) */
  openProductId: number | undefined
  onOpenProduct: (productId: number) => void
  onCloseProduct: () => void
}

/** /cabinet/: the filter panel beside one page of products (spec §2 Catalogue). */
export function CataloguePage({ catalogue, openProductId, onOpenProduct, onCloseProduct }: CataloguePageProps) {
  const screen = useSelector(catalogue, screenOf)
  const errorMessage = useSelector(catalogue, (snapshot) => snapshot.context.errorMessage)
  const retry = () => catalogue.send({ type: 'list.retry' })

  if (screen === 'initialising') return <Loading label={CATALOGUE_SCREEN_MESSAGES.loading} />
  if (screen === 'initFailed') return <ErrorBlock title={CATALOGUE_SCREEN_MESSAGES.initFailed} message={errorMessage} onRetry={retry} />

  return (
    <section className={styles.page}>
      <PageHeading>Каталог</PageHeading>
      <div className={styles.layout}>
        <FilterPanel catalogue={catalogue} />
        <div className={styles.results}>
          {screen === 'loading' ? <Loading label={CATALOGUE_SCREEN_MESSAGES.loading} /> : null}
          {screen === 'failed' ? <ErrorBlock title={CATALOGUE_SCREEN_MESSAGES.loadFailed} message={errorMessage} onRetry={retry} /> : null}
          {screen === 'empty' ? <EmptyResult catalogue={catalogue} /> : null}
          {screen === 'loaded' || screen === 'refreshing' ? <Results catalogue={catalogue} busy={screen === 'refreshing'} onOpenProduct={onOpenProduct} /> : null}
          <MarkError catalogue={catalogue} />
        </div>
      </div>
      {openProductId !== undefined ? <OpenCard catalogue={catalogue} productId={openProductId} onClose={onCloseProduct} /> : null}
    </section>
  )
}

function Results({ catalogue, busy, onOpenProduct }: { catalogue: CatalogueFilterActor; busy: boolean; onOpenProduct: (id: number) => void }) {
  const count = useSelector(catalogue, (snapshot) => snapshot.context.answer?.count ?? 0)
  const page = useSelector(catalogue, (snapshot) => snapshot.context.query.page)
  const pages = useSelector(catalogue, (snapshot) => snapshot.context.answer?.pagination.pages ?? 0)
  return (
    <div className={busy ? `${styles.list} ${styles.busy}` : styles.list} aria-busy={busy} data-testid="catalogue-results">
      <p className={styles.count} role="status">
        {busy ? CATALOGUE_SCREEN_MESSAGES.loading : `Найдено: ${formatCount(count, PRODUCT_FORMS)}`}
      </p>
      <ProductTable catalogue={catalogue} onOpenProduct={onOpenProduct} />
      <Pagination page={page} total={pages} />
    </div>
  )
}

function EmptyResult({ catalogue }: { catalogue: CatalogueFilterActor }) {
  const canReset = useSelector(catalogue, (snapshot) => hasChosenFilters(snapshot.context.query))
  const page = useSelector(catalogue, (snapshot) => snapshot.context.query.page)
  const pages = useSelector(catalogue, (snapshot) => snapshot.context.answer?.pagination.pages ?? 0)
  if (isPastLastPage(page, pages)) return <PastLastPage page={page} total={pages} />
  return (
    <div className={styles.empty} role="status">
      <p>{CATALOGUE_SCREEN_MESSAGES.empty}</p>
      {canReset ? <Button onPress={() => catalogue.send({ type: 'filter.change', change: { kind: 'reset' } })}>Сбросить фильтры</Button> : null}
    </div>
  )
}

function MarkError({ catalogue }: { catalogue: CatalogueFilterActor }) {
  const failed = useSelector(catalogue, (snapshot) => snapshot.matches({ marks: 'failed' }))
  const message = useSelector(catalogue, (snapshot) => snapshot.context.markError)
  if (!failed) return null
  return (
    <div className={styles.markError} role="alert">
      <span>
        {CATALOGUE_SCREEN_MESSAGES.markFailed}
        {message && message !== CATALOGUE_SCREEN_MESSAGES.markFailed ? `: ${message}` : ''}
      </span>
      <Button variant="ghost" onPress={() => catalogue.send({ type: 'mark.dismiss' })}>
        Закрыть
      </Button>
    </div>
  )
}

function OpenCard({ catalogue, productId, onClose }: { catalogue: CatalogueFilterActor; productId: number; onClose: () => void }) {
  const contract = useSelector(catalogue, (snapshot) => snapshot.context.answer?.contract ?? snapshot.context.contract)
  const warehouse = useSelector(catalogue, (snapshot) => snapshot.context.query.warehouse)
  const onWishChange = useCallback(
    (inwish: boolean) => catalogue.send({ type: 'mark.synced', result: { productId, kind: 'wish', value: inwish } }),
    [catalogue, productId],
  )
  return <ProductCardSlot productId={productId} contract={contract} warehouse={warehouse} onClose={onClose} onWishChange={onWishChange} />
}
