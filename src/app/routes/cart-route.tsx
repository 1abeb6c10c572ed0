import type { ComponentType } from 'react'
import { warehouseMapMachine } from '../../machines/warehouse-map.machine'
import { createWarehouseMapActors } from '../../services/checkout'
import { CartPage } from '../../views/cart/cart-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wiredRoute } from './wired-route'

const wireCart = ({ http }: AppWiring) => ({
  warehouseMap: warehouseMapMachine.provide({ actors: createWarehouseMapActors({ http }) }),
})

/** /cart/ (the basket, its checkout and draft saving run under the shell) */
export const CartRoute: ComponentType = wiredRoute(wireCart, CartPage)
