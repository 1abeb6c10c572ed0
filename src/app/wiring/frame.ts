import { fromPromise } from 'xstate'
import type { AddLineRequest } from '../../contract/basket'
import { addToBasketMachine } from '../../machines/add-to-basket.machine'
import { catalogueFilterMachine } from '../../machines/catalogue-filter.machine'
import { productCardHostMachine } from '../../machines/product-card-host.machine'
import { createCatalogueFilterActors } from '../../services/catalogue'
import type { AppDeps } from '../../views/app-deps'
import type { AppWiring } from './app-wiring'
import { loadOnce } from './deferred-logic'

/**
 * The machines of the frame around every screen (header search, product card, add to basket).
 * Adding to the basket calls the basket's service, which comes with the basket's code (loaded right
 * after the first paint, long before a dealer's first click), not with the first load.
 */
export function wireFrame(wiring: AppWiring): AppDeps['machines'] {
  const { http, productCard } = wiring
  const basketService = loadOnce(() => import('../../services/basket'))
  return {
    // loaded when the header first asks for it
    searchAutocomplete: loadOnce(() => import('./header-search').then(({ wireHeaderSearch }) => wireHeaderSearch(wiring))),
    productCardHost: productCardHostMachine.provide({ actors: { productCard } }),
    addToBasket: addToBasketMachine.provide({
      actors: {
        addLine: fromPromise(async ({ input, signal }: { input: AddLineRequest; signal: AbortSignal }) =>
          (await basketService()).addBasketLine(http, input, signal),
        ),
      },
    }),
  }
}

/** The catalogue screen's machine, in the first load (the first route is the catalogue). */
export const wireCatalogue = ({ http, productCard }: AppWiring) =>
  catalogueFilterMachine.provide({ actors: { ...createCatalogueFilterActors({ http }), productCard } })
