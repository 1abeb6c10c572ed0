import type { ComponentType } from 'react'
import { checkoutMachine } from '../../machines/checkout.machine'
import { draftSaveMachine } from '../../machines/draft-save.machine'
import { warehouseMapMachine } from '../../machines/warehouse-map.machine'
import { createCheckoutActors, createWarehouseMapActors } from '../../services/checkout'
import { createDraftSaveActors } from '../../services/drafts'
import { CartPage } from '../../views/cart/cart-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wiredRoute } from './wired-route'

const wireCart = ({ http, session }: AppWiring) => ({
  checkout: checkoutMachine.provide({
    actors: createCheckoutActors({ http }),
    actions: { notifyBasketChanged: () => session.system.get('basket')?.send({ type: 'basket.stale' }) },
  }),
  draftSave: draftSaveMachine.provide({ actors: createDraftSaveActors({ http }) }),
  warehouseMap: warehouseMapMachine.provide({ actors: createWarehouseMapActors({ http }) }),
})

/** /cart/ */
export const CartRoute: ComponentType = wiredRoute(wireCart, CartPage)
