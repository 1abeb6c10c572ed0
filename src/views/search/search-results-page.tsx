import { useSearch } from '@tanstack/react-router'
import type { Warehouse } from '../../contract/account'
import { SEARCH_MIN_LENGTH } from '../../contract/search'
import { SEARCH_RESULTS_MESSAGES } from '../../machines/search-results.machine'
import { useAppDeps } from '../app-deps'
import { useInitData, useSelectedWarehouse } from '../layout/shell-context'
import { PageHeading } from '../ui/page-heading'
import { PagedProductsView, ProductsNotice, usePagedProducts } from '../product/paged-products-view'
import { ProductTable } from '../product/product-table'
import { WarehouseSelect } from '../product/warehouse-select'

/**
 * /cabinet/action12/?q=&page=: the keyword search results. The router has already moved a
 * keyword waiting in localStorage into ?q= (and cleared it), so reload and back keep the search.
 * Stock is shown and added from the dealer's chosen warehouse («Склад» above the list).
 */
export function SearchResultsPage() {
  const { q, page } = useSearch({ strict: false })
  const { selectedContract } = useInitData()
  const warehouse = useSelectedWarehouse()
  const keyword = q?.trim() ?? ''
  return (
    <section>
      <PageHeading>{keyword ? `Поиск: «${keyword}»` : 'Поиск'}</PageHeading>
      {keyword.length >= SEARCH_MIN_LENGTH ? (
        <>
          <WarehouseSelect />
          <SearchResults
            key={`${selectedContract} ${warehouse.id} ${keyword}`}
            keyword={keyword}
            contract={selectedContract}
            warehouse={warehouse}
            page={page ?? 1}
          />
        </>
      ) : (
        <ProductsNotice>{SEARCH_RESULTS_MESSAGES.noKeyword}</ProductsNotice>
      )}
    </section>
  )
}

interface SearchResultsProps {
  keyword: string
  contract: string
  warehouse: Warehouse
  page: number
}

/** Restarts (key) for another keyword, contract or warehouse; page changes arrive as `page.change`. */
function SearchResults({ keyword, contract, warehouse, page }: SearchResultsProps) {
  const query = { keyword, contract, warehouse: warehouse.id }
  const { list } = usePagedProducts(useAppDeps().machines.searchResults, { query, page })
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
