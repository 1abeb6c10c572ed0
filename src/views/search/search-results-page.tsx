import { useSearch } from '@tanstack/react-router'
import { CATALOGUE_DEFAULTS } from '../../contract/catalogue'
import { SEARCH_MIN_LENGTH } from '../../contract/search'
import { SEARCH_RESULTS_MESSAGES } from '../../machines/search-results.machine'
import { useAppDeps } from '../app-deps'
import { useInitData } from '../layout/shell-context'
import { PageHeading } from '../ui/page-heading'
import { PagedProductsView, ProductsNotice, usePagedProducts } from '../product/paged-products-view'
import { ProductTable } from '../product/product-table'

/**
 * /cabinet/action12/?q=&page=: the keyword search results. The router has already moved a
 * keyword waiting in localStorage into ?q= (and cleared it), so reload and back keep the search.
 */
export function SearchResultsPage() {
  const { q, page } = useSearch({ strict: false })
  const { selectedContract } = useInitData()
  const keyword = q?.trim() ?? ''
  return (
    <section>
      <PageHeading>{keyword ? `Поиск: «${keyword}»` : 'Поиск'}</PageHeading>
      {keyword.length >= SEARCH_MIN_LENGTH ? (
        <SearchResults key={`${selectedContract} ${keyword}`} keyword={keyword} contract={selectedContract} page={page ?? 1} />
      ) : (
        <ProductsNotice>{SEARCH_RESULTS_MESSAGES.noKeyword}</ProductsNotice>
      )}
    </section>
  )
}

/** Restarts (key) for another keyword or contract; page changes arrive as `page.change`. */
function SearchResults({ keyword, contract, page }: { keyword: string; contract: string; page: number }) {
  const warehouse = CATALOGUE_DEFAULTS.warehouse
  const { list } = usePagedProducts(useAppDeps().machines.searchResults, { query: { keyword, contract, warehouse }, page })
  return (
    <PagedProductsView
      list={list}
      caption="Раздел: все каталоги"
      failedTitle={SEARCH_RESULTS_MESSAGES.loadFailed}
      emptyText={SEARCH_RESULTS_MESSAGES.empty(keyword)}
    >
      {(products, busy) => <ProductTable products={products} contract={contract} warehouse={warehouse} busy={busy} />}
    </PagedProductsView>
  )
}
