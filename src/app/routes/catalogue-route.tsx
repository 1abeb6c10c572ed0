import { useSearch } from '@tanstack/react-router'
import { queryFromSearch } from '../../machines/catalogue-query'
import { useAddressSync } from '../../views/address-sync'
import { useAppDeps, useScreenActor } from '../../views/app-deps'
import { CataloguePage } from '../../views/catalogue/catalogue-page'
import { useInitData, useSelectedWarehouse } from '../../views/layout/shell-context'

const CATALOGUE_ROUTE = '/cabinet-layout/cabinet/'

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
  return <CatalogueScreen key={selectedContract} />
}

function CatalogueScreen() {
  const search = useSearch({ from: CATALOGUE_ROUTE })
  // an address without ?warehouse= shows the warehouse the dealer works from
  const query = queryFromSearch(search, { warehouse: useSelectedWarehouse().id })
  const productId = search.product ?? null
  const catalogue = useScreenActor(useAppDeps().machines.catalogueFilter, { input: { query, productId } })
  useAddressSync(catalogue, { type: 'filter.sync', query, productId })
  return <CataloguePage catalogue={catalogue} />
}
