import { addToBasketMachine } from '../../machines/add-to-basket.machine'
import { basketAddersMachine } from '../../machines/basket-adders.machine'
import { catalogueFilterMachine } from '../../machines/catalogue-filter.machine'
import { createBasketActors } from '../../services/basket'
import { createCatalogueFilterActors } from '../../services/catalogue'
import type { AppWiring } from './app-wiring'

/** The add-to-basket controls of every product row and card (the shell's child 'basketAdders'). */
export const wireBasketAdders = ({ http }: AppWiring) =>
  basketAddersMachine.provide({ actors: { addToBasket: addToBasketMachine.provide({ actors: createBasketActors({ http }) }) } })

/** The catalogue screen's machine, in the first load (the first route is the catalogue). */
export const wireCatalogue = ({ http, productCard }: AppWiring) =>
  catalogueFilterMachine.provide({ actors: { ...createCatalogueFilterActors({ http }), productCard } })
