import { addToBasketMachine } from '../../machines/add-to-basket.machine'
import { catalogueFilterMachine } from '../../machines/catalogue-filter.machine'
import { DEFAULT_QUERY } from '../../machines/catalogue-query'
import { productCardHostMachine } from '../../machines/product-card-host.machine'
import { createBasketActors } from '../../services/basket'
import { createCatalogueFilterActors } from '../../services/catalogue'
import type { AppDeps } from '../../views/app-deps'
import type { AppWiring } from './app-wiring'
import { loadOnce } from './deferred-logic'

/** The machines of the first route, the catalogue, and of the frame around every screen (header search, product card, add to basket). */
export function wireFrame(wiring: AppWiring): AppDeps['machines'] {
  const { http, session, router, productCard } = wiring
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
    // loaded when the header first asks for it
    searchAutocomplete: loadOnce(() => import('./header-search').then(({ wireHeaderSearch }) => wireHeaderSearch(wiring))),
    productCardHost: productCardHostMachine.provide({ actors: { productCard } }),
    addToBasket: addToBasketMachine.provide({
      actors: createBasketActors({ http }),
      actions: { notifyBasketChanged: (_, { basket }) => session.system.get('shell')?.send({ type: 'basket.changed', basket }) },
    }),
  }
}
