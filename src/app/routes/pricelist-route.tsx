import type { ComponentType } from 'react'
import { pricelistMachine } from '../../machines/pricelist.machine'
import { createPricelistActors } from '../../services/pricelist'
import { PricelistPage } from '../../views/pricelist/pricelist-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wiredRoute } from './wired-route'

const wirePricelist = ({ http, session, router }: AppWiring) => ({
  pricelist: pricelistMachine.provide({
    actors: createPricelistActors({ http }),
    actions: {
      notifyBasketChanged: (_, { basket }) => session.system.get('shell')?.send({ type: 'basket.changed', basket }),
      notifyCartOpened: () => void router.navigate({ to: '/cart/' }),
    },
  }),
})

/** /cabinet/pricelist/ */
export const PricelistRoute: ComponentType = wiredRoute(wirePricelist, PricelistPage)
