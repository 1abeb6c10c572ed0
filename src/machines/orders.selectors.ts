import type { SnapshotFrom } from 'xstate'
import { bulkCodeStatusOf } from './bulk-action-code'
import type { OrderDetailActor } from './order-detail.machine'
import { orderDetailId, type ordersMachine } from './orders.machine'

type OrdersSnapshot = SnapshotFrom<typeof ordersMachine>

/** What the list area shows: one per state of the list region (checking reads as loaded). */
export type OrdersView = 'loading' | 'failed' | 'refused' | 'invalidFilter' | 'empty' | 'loaded'

export function ordersViewOf(snapshot: OrdersSnapshot): OrdersView {
  if (snapshot.matches({ list: 'invalid' })) return 'invalidFilter'
  if (snapshot.matches({ list: 'refused' })) return 'refused'
  if (snapshot.matches({ list: { live: 'failed' } })) return 'failed'
  if (snapshot.matches({ list: { live: { shown: 'empty' } } })) return 'empty'
  return snapshot.matches({ list: { live: 'loading' } }) ? 'loading' : 'loaded'
}

/** The orders' «Повторить» and «Отменить» wait while a cancel or a repeat runs. */
export const isOrdersBusyOf = (snapshot: OrdersSnapshot): boolean => !snapshot.matches({ action: 'idle' })

/** The checked orders are being repeated (the bulk dialog is open, or its code loads or did not load): the boxes and the bar wait. */
export const isOrdersBulkBusyOf = (snapshot: OrdersSnapshot): boolean => snapshot.matches({ selection: 'repeating' }) || bulkCodeStatusOf(snapshot) !== null

/** The tab is hidden: the countdown and the reload wait. */
export const isOrdersPausedOf = (snapshot: OrdersSnapshot): boolean => snapshot.matches({ visibility: 'hidden' })

/** An expanded row's detail: the child `detail-{id}`, while the row is open. */
export const orderDetailOf = (snapshot: OrdersSnapshot, id: number): OrderDetailActor | undefined => snapshot.children[orderDetailId(id)]

/** «Найти» found the form's dates wrong: the message shows under the form. */
export const isOrdersFormInvalidOf = (snapshot: OrdersSnapshot): boolean => snapshot.matches({ form: 'invalid' })
