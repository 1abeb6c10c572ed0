import type { ComponentType } from 'react'
import { orderCancelMachine } from '../../machines/order-cancel.machine'
import { orderDetailMachine } from '../../machines/order-detail.machine'
import { orderRepeatMachine } from '../../machines/order-repeat.machine'
import { ordersMachine } from '../../machines/orders.machine'
import { createOrderCancelActors, repeatOrder, createOrderDetailActors, createOrderRepeatActors, createOrdersActors } from '../../services/orders'
import { OrdersPage } from '../../views/orders/orders-page'
import type { AppWiring } from '../wiring/app-wiring'
import { deferredBulkActions } from '../wiring/bulk-actions'

/** The orders screen's machine with its children (an open row's detail, the cancel and repeat dialogs, the bulk repeat), for the screen host. */
export const wireOrders = ({ http }: AppWiring) =>
  ordersMachine.provide({
    actors: {
      ...createOrdersActors({ http }),
      orderCancel: orderCancelMachine.provide({ actors: createOrderCancelActors({ http }) }),
      orderRepeat: orderRepeatMachine.provide({ actors: createOrderRepeatActors({ http }) }),
      ...deferredBulkActions(['bulkRepeat'], () =>
        import('../../services/orders-bulk').then((bulk) => ({ bulkRepeat: bulk.createBulkRepeatActors({ http, repeatOrder }) })),
      ),
      orderDetail: orderDetailMachine.provide({ actors: createOrderDetailActors({ http }) }),
    },
  })

/** /cabinet/orders/ */
export const OrdersRoute: ComponentType = OrdersPage
