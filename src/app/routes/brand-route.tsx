import type { ComponentType } from 'react'
import { brandProductsMachine } from '../../machines/brand-products.machine'
import { createBrandProductsActors } from '../../services/brands'
import { BrandPage } from '../../views/brands/brand-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wiredRoute } from './wired-route'

const wireBrand = ({ http }: AppWiring) => ({ brandProducts: brandProductsMachine.provide({ actors: createBrandProductsActors({ http }) }) })

/** /cabinet/brand/$id/ */
export const BrandRoute: ComponentType = wiredRoute(wireBrand, BrandPage)
