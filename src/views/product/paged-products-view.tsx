import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { useAddressSync } from '../address-sync'
import { useScreenActor } from '../app-deps'
import type { createPagedProductsMachine, PagedProductsInput, ProductsPage } from '../../machines/paged-products'
import { ErrorBlock } from '../ui/error-block'
import { formatCount, PRODUCT_FORMS } from '../ui/format'
import { Loading } from '../ui/loading'
import { Pagination, PastLastPage, isPastLastPage } from '../ui/pagination'
import styles from './paged-products-view.module.css'

export const PRODUCTS_LOADING_LABEL = 'Загрузка товаров…'

/**
 * Starts a paged products machine for the screen's query and forwards the address's page to it
 * (links, reload and browser back change ?page=, the address is the source of truth).
 */
export function usePagedProducts<Query, Page extends ProductsPage>(
  machine: ReturnType<typeof createPagedProductsMachine<Query, Page>>,
  input: PagedProductsInput<Query>,
) {
  const actor = useScreenActor(machine, { input })
  useAddressSync(actor, { type: 'page.change', page: input.page })
  const state = useSelector(actor, (snapshot) => String(snapshot.value))
  const { result, errorMessage } = useSelector(actor, (snapshot) => snapshot.context)
  const onRetry = () => actor.send({ type: 'list.retry' })
  return { result, list: { state, page: input.page, result, errorMessage, onRetry } }
}

/** A dashed box with a short message: an empty list, or what to do first. */
export function ProductsNotice({ children }: { children: ReactNode }) {
  return <p className={styles.notice}>{children}</p>
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
