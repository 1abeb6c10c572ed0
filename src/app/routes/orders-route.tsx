import type { ComponentType } from 'react'
import { orderDetailMachine } from '../../machines/order-detail.machine'
import { ordersMachine } from '../../machines/orders.machine'
import { repeatOrder, createOrderDetailActors, createOrdersActors } from '../../services/orders'
import { OrdersPage } from '../../views/orders/orders-page'
import type { AppWiring } from '../wiring/app-wiring'
import { deferredBulkActions } from '../wiring/bulk-actions'
import { deferredOrderActions } from '../wiring/order-actions'

/** The orders screen's machine with its children (an open row's detail, the cancel and repeat dialogs and the bulk repeat, whose code loads when first needed), for the screen host. */
export const wireOrders = ({ http }: AppWiring) =>
  ordersMachine.provide({
    actors: {
      ...createOrdersActors({ http }),
      ...deferredOrderActions(http),
      ...deferredBulkActions(['bulkRepeat'], () =>
        import('../../services/orders-bulk').then((bulk) => ({ bulkRepeat: bulk.createBulkRepeatActors({ http, repeatOrder }) })),
      ),
      orderDetail: orderDetailMachine.provide({ actors: createOrderDetailActors({ http }) }),
    },
  })

/** /cabinet/orders/ */
export const OrdersRoute: ComponentType = OrdersPage
