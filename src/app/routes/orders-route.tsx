import type { ComponentType } from 'react'
import { orderCancelMachine } from '../../machines/order-cancel.machine'
import { orderDetailMachine } from '../../machines/order-detail.machine'
import { orderRepeatMachine } from '../../machines/order-repeat.machine'
import { searchOfFilter } from '../../machines/orders-filter'
import { ordersMachine } from '../../machines/orders.machine'
import { createOrderCancelActors, createOrderDetailActors, createOrderRepeatActors, createOrdersActors } from '../../services/orders'
import { OrdersPage } from '../../views/orders/orders-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wiredRoute } from './wired-route'

const wireOrders = ({ http, session, router }: AppWiring) => ({
  orders: ordersMachine.provide({
    actors: {
      ...createOrdersActors({ http }),
      orderCancel: orderCancelMachine.provide({ actors: createOrderCancelActors({ http }) }),
      orderRepeat: orderRepeatMachine.provide({
        actors: createOrderRepeatActors({ http }),
        // the order's contract's basket: the shell ignores it unless that contract is selected
        actions: { notifyBasketChanged: (_, { basket, contract }) => session.system.get('shell')?.send({ type: 'basket.changed', basket, contract }) },
      }),
    },
    actions: { notifyAddress: (_, { filter }) => void router.navigate({ to: '/cabinet/orders/', search: searchOfFilter(filter) }) },
  }),
  orderDetail: orderDetailMachine.provide({ actors: createOrderDetailActors({ http }) }),
})

/** /cabinet/orders/ */
export const OrdersRoute: ComponentType = wiredRoute(wireOrders, OrdersPage)
