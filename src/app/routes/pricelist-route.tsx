import { pricelistMachine } from '../../machines/pricelist.machine'
import { createPricelistActors } from '../../services/pricelist'
import type { AppWiring } from '../wiring/app-wiring'

/** The price-list screen's machine, for the screen host. */
export const wirePricelist = ({ http }: AppWiring) => pricelistMachine.provide({ actors: createPricelistActors({ http }) })

/** /cabinet/pricelist/ */
export { PricelistPage as PricelistRoute } from '../../views/pricelist/pricelist-page'
