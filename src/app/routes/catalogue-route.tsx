import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { queryFromSearch, type CatalogueSearch } from '../../machines/catalogue-query'
import { useAppDeps, useScreenActor } from '../../views/app-deps'
import { CataloguePage } from '../../views/catalogue/catalogue-page'
import { useInitData } from '../../views/layout/shell-context'

const CATALOGUE_ROUTE = '/cabinet-layout/cabinet/'

/**
 * /cabinet/: joins the catalogue machine to the address. The machine's `address.update` becomes
 * a new history entry; every address change (that one, pagination links, reload, browser back)
 * goes back to the machine as `filter.sync`, which loads only what is not shown yet. A contract
 * switch in the header starts the catalogue afresh (prices and stock are per contract).
 */
export function CatalogueRoute() {
  const { selectedContract } = useInitData()
  return <CatalogueScreen key={selectedContract} />
}

function CatalogueScreen() {
  const search = useSearch({ from: CATALOGUE_ROUTE })
  const navigate = useNavigate()
  const catalogue = useScreenActor(useAppDeps().machines.catalogueFilter, { input: { query: queryFromSearch(search) } })

  useEffect(() => {
    const subscription = catalogue.on('address.update', (event) => void navigate({ to: '/cabinet/', search: event.search }))
    return () => subscription.unsubscribe()
  }, [catalogue, navigate])

  useEffect(() => catalogue.send({ type: 'filter.sync', query: queryFromSearch(search) }), [catalogue, search])

  const showProduct = (product: number | undefined) =>
    void navigate({ to: '/cabinet/', search: (previous: CatalogueSearch) => ({ ...previous, product }) })

  return (
    <CataloguePage
      catalogue={catalogue}
      openProductId={search.product}
      onOpenProduct={(id) => showProduct(id)}
      onCloseProduct={() => showProduct(undefined)}
    />
  )
}
