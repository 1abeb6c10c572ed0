import { useSearch } from '@tanstack/react-router'
import { queryFromSearch, type CatalogueSearch } from '../../machines/catalogue-query'
import { useAddressSync } from '../../views/address-sync'
import { useAppDeps, useScreenActor } from '../../views/app-deps'
import { CataloguePage } from '../../views/catalogue/catalogue-page'
import { useInitData, useSelectedWarehouse } from '../../views/layout/shell-context'
import { NoKeyword } from '../../views/search/no-keyword'

/**
 * /cabinet/: starts the catalogue machine for the address. The machine puts its changes into the
 * address through the `notifyAddress` action the app provides; every address change comes back as
 * `filter.sync`, which loads only what is not shown yet. A contract switch in the header starts
 * the catalogue afresh (prices and stock are per contract). Without ?warehouse= the catalogue shows
 * the dealer's chosen warehouse (the shell's); a warehouse picked in the filter panel becomes that
 * choice (providers.tsx's notifyAddress tells the shell).
 */
export function CatalogueRoute() {
  const { selectedContract } = useInitData()
  return <CatalogueScreen key={selectedContract} search={useSearch({ from: '/cabinet-layout/cabinet/' })} />
}

/**
 * /cabinet/action12/?q=: the search results are the catalogue in keyword mode (spec §2, §4): the
 * same machine and screen, the keyword in ?q= and the section at all catalogues (-1) by default.
 * The router has already moved a keyword waiting in localStorage into ?q=.
 */
export function KeywordSearchRoute() {
  const { selectedContract } = useInitData()
  const search = useSearch({ from: '/cabinet-layout/cabinet/action12' })
  if (!search.q) return <NoKeyword />
  return <CatalogueScreen key={selectedContract} search={search} />
}

function CatalogueScreen({ search }: { search: CatalogueSearch }) {
  // an address without ?warehouse= shows the warehouse the dealer works from
  const query = queryFromSearch(search, { warehouse: useSelectedWarehouse().id })
  const productId = search.product ?? null
  const catalogue = useScreenActor(useAppDeps().machines.catalogueFilter, { input: { query, productId } })
  useAddressSync(catalogue, { type: 'filter.sync', query, productId })
  return <CataloguePage catalogue={catalogue} />
}
