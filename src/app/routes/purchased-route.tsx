import { purchasedGoodsMachine } from '../../machines/purchased-goods.machine'
import { createPurchasedGoodsActors } from '../../services/purchased-goods'
import type { AppWiring } from '../wiring/app-wiring'

/** The purchased-goods screen's machine, for the screen host. */
export const wirePurchased = ({ http }: AppWiring) => purchasedGoodsMachine.provide({ actors: createPurchasedGoodsActors({ http }) })

/** /cabinet/purchased/ */
export { PurchasedPage as PurchasedRoute } from '../../views/purchased/purchased-page'
