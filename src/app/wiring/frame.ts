import { addToBasketMachine } from '../../machines/add-to-basket.machine'
import { catalogueFilterMachine } from '../../machines/catalogue-filter.machine'
import { DEFAULT_QUERY } from '../../machines/catalogue-query'
import { productCardHostMachine } from '../../machines/product-card-host.machine'
import { searchAutocompleteMachine } from '../../machines/search-autocomplete.machine'
import { createBasketActors } from '../../services/basket'
import { createCatalogueFilterActors } from '../../services/catalogue'
import { createSearchAutocompleteActors, rememberSearchKeyword } from '../../services/search'
import type { AppDeps } from '../../views/app-deps'
import type { AppWiring } from './app-wiring'

/** The machines of the first route, the catalogue, and of the frame around every screen (header search, product card, add to basket). */
export function wireFrame({ http, session, router, storage, productCard }: AppWiring): AppDeps['machines'] {
  return {
    catalogueFilter: catalogueFilterMachine.provide({
      actors: { ...createCatalogueFilterActors({ http }), productCard },
      actions: {
        notifyAddress: (_, { search }) => {
          // the warehouse picked in the filter panel becomes the dealer's choice everywhere;
          // the shell first, so the address without ?warehouse= reads the same warehouse back
          session.system.get('shell')?.send({ type: 'warehouse.select', id: search.warehouse ?? DEFAULT_QUERY.warehouse })
          // a keyword keeps the catalogue on the search results' address (spec §2)
          void router.navigate({ to: search.q ? '/cabinet/action12/' : '/cabinet/', search })
        },
      },
    }),
    searchAutocomplete: searchAutocompleteMachine.provide({
      actors: { ...createSearchAutocompleteActors({ http }), productCard },
      actions: {
        storeSubmittedKeyword: (_, { keyword }) => rememberSearchKeyword(storage, keyword),
        notifySubmitted: () => void router.navigate({ to: '/cabinet/action12/' }),
      },
    }),
    productCardHost: productCardHostMachine.provide({ actors: { productCard } }),
    addToBasket: addToBasketMachine.provide({
      actors: createBasketActors({ http }),
      actions: { notifyBasketChanged: (_, { basket }) => session.system.get('shell')?.send({ type: 'basket.changed', basket }) },
    }),
  }
}
