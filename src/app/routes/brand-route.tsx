import { brandProductsMachine } from '../../machines/brand-products.machine'
import { createBrandProductsActors } from '../../services/brands'
import type { AppWiring } from '../wiring/app-wiring'

/** The brand screen's machine, for the screen host. */
export const wireBrand = ({ http }: AppWiring) => brandProductsMachine.provide({ actors: createBrandProductsActors({ http }) })

/** /cabinet/brand/$id/ */
export { BrandPage as BrandRoute } from '../../views/brands/brand-page'
