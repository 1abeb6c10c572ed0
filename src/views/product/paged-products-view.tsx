import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type { ActorRef, Snapshot } from 'xstate'
import type { PagedProductsEvent, ProductsPage } from '../../machines/paged-products'
import { ErrorBlock } from '../ui/error-block'
import { formatCount, PRODUCT_FORMS } from '../ui/format'
import { Loading } from '../ui/loading'
import { Pagination, PastLastPage, isPastLastPage } from '../ui/pagination'
import styles from './paged-products-view.module.css'
import { ProductsNotice } from './products-notice'

export const PRODUCTS_LOADING_LABEL = 'Загрузка товаров…'

/** What a running paged products machine shows (the screen host starts it and gives it the address's page). */
export function usePagedProducts<Page extends ProductsPage>(
  actor: ActorRef<Snapshot<unknown> & { value: unknown; context: { result: Page | null; errorMessage: string | null; page: number } }, PagedProductsEvent>,
) {
  const state = useSelector(actor, (snapshot) => String(snapshot.value))
  const { result, errorMessage, page } = useSelector(actor, (snapshot) => snapshot.context)
  const onRetry = () => actor.send({ type: 'list.retry' })
  return { result, list: { state, page, result, errorMessage, onRetry } }
}

export interface PagedProductsViewProps {
  list: ReturnType<typeof usePagedProducts>['list']
  failedTitle: string
  emptyText: string
  /** a line above the count, e.g. where the products come from */
  caption?: string
  /** the products of the page, as rows or tiles */
  children: (products: ProductsPage['products'], busy: boolean) => ReactNode
}

/** What a paged products machine shows: the products with their count and pages, or why not. */
export function PagedProductsView({ list, failedTitle, emptyText, caption, children }: PagedProductsViewProps) {
  const { state, page, result, errorMessage, onRetry } = list
  if (state === 'failed') return <ErrorBlock title={failedTitle} message={errorMessage} onRetry={onRetry} />
  if (state === 'empty' && result && isPastLastPage(page, result.pages)) return <PastLastPage page={page} total={result.pages} />
  if (state === 'empty') return <ProductsNotice>{emptyText}</ProductsNotice>
  if (!result) return <Loading label={PRODUCTS_LOADING_LABEL} />
  const busy = state === 'loading'
  return (
    <div aria-busy={busy}>
      {caption ? <p className={styles.caption}>{caption}</p> : null}
      <p className={styles.caption} aria-live="polite">
        {busy ? PRODUCTS_LOADING_LABEL : `Найдено: ${formatCount(result.count, PRODUCT_FORMS)}`}
      </p>
      {children(result.products, busy)}
      <Pagination page={page} total={result.pages} />
    </div>
  )
}
