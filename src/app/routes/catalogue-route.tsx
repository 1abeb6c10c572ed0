import { useSearch } from '@tanstack/react-router'
import { CataloguePage } from '../../views/catalogue/catalogue-page'
import { CATALOGUE_SCREEN_MESSAGES, catalogueFilterMachine } from '../../machines/catalogue-filter.machine'
import { createCatalogueFilterActors } from '../../services/catalogue'
import { WithScreen } from '../../views/layout/with-screen'
import { NoKeyword } from '../../views/search/no-keyword'
import type { AppWiring } from '../wiring/app-wiring'

/** The catalogue screen's machine with its calls and the product card it opens, for the screen host. */
export const wireCatalogue = ({ http, cardActors }: AppWiring) =>
  catalogueFilterMachine.provide({ actors: { ...createCatalogueFilterActors({ http }), ...cardActors } })

/**
 * /cabinet/: the catalogue. The screen host runs its machine for the address (and starts it afresh
 * for another contract); every address change reaches it as `filter.sync`, and it puts its own
 * changes into the address by asking the shell to navigate.
 */
export function CatalogueRoute() {
  return <CatalogueScreen />
}

/**
 * /cabinet/action12/?q=: the search results are the catalogue in keyword mode (spec §2, §4): the
 * same machine and screen, the keyword in ?q= and the section at all catalogues (-1) by default.
 * The router has already moved a keyword waiting in localStorage into ?q=.
 */
export function KeywordSearchRoute() {
  const search = useSearch({ from: '/cabinet-layout/cabinet/action12' })
  if (!search.q) return <NoKeyword />
  return <CatalogueScreen />
}

function CatalogueScreen() {
  return (
    <WithScreen name="catalogueFilter" label={CATALOGUE_SCREEN_MESSAGES.loading}>
      {(catalogue) => <CataloguePage catalogue={catalogue} />}
    </WithScreen>
  )
}
