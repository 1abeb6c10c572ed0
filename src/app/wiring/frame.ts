import { addToBasketMachine } from '../../machines/add-to-basket.machine'
import { catalogueFilterMachine } from '../../machines/catalogue-filter.machine'
import { createBasketActors } from '../../services/basket'
import { createCatalogueFilterActors } from '../../services/catalogue'
import type { AppDeps } from '../../views/app-deps'
import type { AppWiring } from './app-wiring'

/** The machines of the frame around every screen (add to basket). */
export function wireFrame(wiring: AppWiring): AppDeps['machines'] {
  const { http } = wiring
  return {
    addToBasket: addToBasketMachine.provide({ actors: createBasketActors({ http }) }),
  }
}

/** The catalogue screen's machine, in the first load (the first route is the catalogue). */
export const wireCatalogue = ({ http, productCard }: AppWiring) =>
  catalogueFilterMachine.provide({ actors: { ...createCatalogueFilterActors({ http }), productCard } })
