import { useSelector } from '@xstate/react'
import { memo } from 'react'
import { CATALOGUE_SCREEN_MESSAGES, type CatalogueFilterActor } from '../../machines/catalogue-filter.machine'
import { pageScreenOf, screenOf } from '../../machines/catalogue-filter.selectors'
import { ProductCardSlot } from '../product/product-card-slot'
import { Button } from '../ui/button'
import { ErrorBlock } from '../ui/error-block'
import { FilterDisclosure } from '../ui/filter-disclosure'
import { CloseIcon } from '../ui/icons'
import { formatCount, PRODUCT_FORMS } from '../ui/format'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { isPastLastPage, Pagination, PastLastPage } from '../ui/pagination'
import { useCatalogueApi } from './catalogue-connect'
import styles from './catalogue.module.css'
import { FoldedFilterPanel } from './filter-panel'
import { ProductTable } from './product-table'

/**
 * /cabinet/: the filter panel beside one page of products (spec §2 Catalogue), and the open product card.
 * Memoised, as are its parts: an address change re-renders the route, not the page; each part
 * re-renders when what it selects from the machine changes.
 */
export const CataloguePage = memo(function CataloguePage({ catalogue }: { catalogue: CatalogueFilterActor }) {
  // the list's own states (loading, refreshing …) re-render only the results area
  const screen = useSelector(catalogue, pageScreenOf)
  const errorMessage = useSelector(catalogue, (snapshot) => snapshot.context.errorMessage)
  const keyword = useSelector(catalogue, (snapshot) => snapshot.context.query.keyword)

  if (screen === 'initialising') return <Loading label={CATALOGUE_SCREEN_MESSAGES.loading} />
  if (screen === 'initFailed')
    return <ErrorBlock title={CATALOGUE_SCREEN_MESSAGES.initFailed} message={errorMessage} onRetry={() => catalogue.send({ type: 'list.retry' })} />

  return (
    <section className={styles.page}>
      <PageHeading>{keyword ? `Поиск: «${keyword}»` : 'Каталог'}</PageHeading>
      {keyword ? <KeywordChip catalogue={catalogue} /> : null}
      <div className={styles.layout}>
        <FilterDisclosure>{(open) => <FoldedFilterPanel catalogue={catalogue} open={open} />}</FilterDisclosure>
        <ResultsArea catalogue={catalogue} />
      </div>
      <OpenCard catalogue={catalogue} />
    </section>
  )
})

function ResultsArea({ catalogue }: { catalogue: CatalogueFilterActor }) {
  const screen = useSelector(catalogue, screenOf)
  const errorMessage = useSelector(catalogue, (snapshot) => snapshot.context.errorMessage)
  return (
    <div className={styles.results}>
      {screen === 'loading' ? <Loading label={CATALOGUE_SCREEN_MESSAGES.loading} /> : null}
      {screen === 'failed' ? (
        <ErrorBlock title={CATALOGUE_SCREEN_MESSAGES.loadFailed} message={errorMessage} onRetry={() => catalogue.send({ type: 'list.retry' })} />
      ) : null}
      {screen === 'empty' ? <EmptyResult catalogue={catalogue} /> : null}
      {screen === 'loaded' || screen === 'refreshing' ? <Results catalogue={catalogue} busy={screen === 'refreshing'} /> : null}
      <MarkError catalogue={catalogue} />
    </div>
  )
}

function Results({ catalogue, busy }: { catalogue: CatalogueFilterActor; busy: boolean }) {
  const count = useSelector(catalogue, (snapshot) => snapshot.context.answer?.count ?? 0)
  const page = useSelector(catalogue, (snapshot) => snapshot.context.query.page)
  const pages = useSelector(catalogue, (snapshot) => snapshot.context.answer?.pagination.pages ?? 0)
  return (
    <div className={busy ? `${styles.list} ${styles.busy}` : styles.list} aria-busy={busy} data-testid="catalogue-results">
      <p className={styles.count} role="status">
        {busy ? CATALOGUE_SCREEN_MESSAGES.loading : `Найдено: ${formatCount(count, PRODUCT_FORMS)}`}
      </p>
      <ProductTable catalogue={catalogue} />
      <Pagination page={page} total={pages} />
    </div>
  )
}

function EmptyResult({ catalogue }: { catalogue: CatalogueFilterActor }) {
  const api = useCatalogueApi(catalogue)
  const page = useSelector(catalogue, (snapshot) => snapshot.context.query.page)
  const pages = useSelector(catalogue, (snapshot) => snapshot.context.answer?.pagination.pages ?? 0)
  if (isPastLastPage(page, pages)) return <PastLastPage page={page} total={pages} />
  return (
    <div className={styles.empty} role="status">
      <p>{api.keyword ? CATALOGUE_SCREEN_MESSAGES.emptyKeyword(api.keyword) : CATALOGUE_SCREEN_MESSAGES.empty}</p>
      {api.canReset ? <Button {...api.getResetProps()}>Сбросить фильтры</Button> : null}
    </div>
  )
}

/** Keyword mode: the keyword the results are of, and its ✕ back to the catalogue. */
function KeywordChip({ catalogue }: { catalogue: CatalogueFilterActor }) {
  const api = useCatalogueApi(catalogue)
  return (
    <p className={styles.keyword}>
      <span>
        Запрос: <strong>{api.keyword}</strong>
      </span>
      <button {...api.getKeywordRemoveProps()} className={styles.keywordRemove}>
        <CloseIcon size={14} />
      </button>
    </p>
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

/** The card the catalogue has invoked while it is open (?product=). */
function OpenCard({ catalogue }: { catalogue: CatalogueFilterActor }) {
  const card = useSelector(catalogue, (snapshot) => snapshot.children.productCard)
  return <ProductCardSlot owner={catalogue} card={card} onClose={() => catalogue.send({ type: 'card.close' })} />
}
