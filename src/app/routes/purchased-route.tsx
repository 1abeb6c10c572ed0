import type { ComponentType } from 'react'
import { purchasedGoodsMachine } from '../../machines/purchased-goods.machine'
import { filtersSearch } from '../../machines/purchased-goods-rules'
import { createPurchasedGoodsActors } from '../../services/purchased-goods'
import { PurchasedPage } from '../../views/purchased/purchased-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wiredRoute } from './wired-route'

const wirePurchased = ({ http, router }: AppWiring) => ({
  purchasedGoods: purchasedGoodsMachine.provide({
    actors: createPurchasedGoodsActors({ http }),
    actions: { notifyAddress: (_, { filters }) => void router.navigate({ to: '/cabinet/purchased/', search: filtersSearch(filters) }) },
  }),
})

/** /cabinet/purchased/ */
export const PurchasedRoute: ComponentType = wiredRoute(wirePurchased, PurchasedPage)
