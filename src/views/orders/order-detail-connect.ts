import type { SnapshotFrom } from 'xstate'
import { orderDetailViewOf } from '../../machines/order-dialogs.selectors'
import { ORDER_DETAIL_MESSAGES, type OrderDetailActor, type orderDetailMachine } from '../../machines/order-detail.machine'
import { useViewModel } from '../ui/use-view-model'

/** What an expanded order's detail reads from its child machine. */
export const orderDetailStateOf = (snapshot: SnapshotFrom<typeof orderDetailMachine>) => ({
  view: orderDetailViewOf(snapshot),
  id: snapshot.context.id,
  detail: snapshot.context.detail,
  errorMessage: snapshot.context.errorMessage,
})

/** An expanded order: the failure with «Повторить», the loader, or its facts and lines. */
export function connectOrderDetail(
  { view, id, detail, errorMessage }: ReturnType<typeof orderDetailStateOf>,
  send: (event: { type: 'detail.retry' }) => void,
) {
  const delivery = detail?.delivery
  return {
    body: view === 'failed' ? ('failed' as const) : view === 'loading' || !detail ? ('loading' as const) : ('loaded' as const),
    loadingLabel: ORDER_DETAIL_MESSAGES.loading,
    getRetryProps: () => ({ title: ORDER_DETAIL_MESSAGES.failed, message: errorMessage, onRetry: () => send({ type: 'detail.retry' }) }),
    /** the delivery and the comment: only the facts the order has (the delivery «не указана» when it names neither) */
    facts: detail
      ? [
          ['Доставка', [delivery?.method, delivery?.company].filter(Boolean).join(', ') || 'не указана'],
          ['Регион', delivery?.region],
          ['Адрес', delivery?.address],
          ['Грузополучатель', delivery?.consignee],
          ['Комментарий', detail.comment],
        ].flatMap(([term, value]) => (term && value ? [{ term, value }] : []))
      : [],
    linesLabel: `Состав заказа № ${id}`,
    lines: detail?.lines ?? [],
    contract: detail?.order.contract ?? '',
  }
}

export type OrderDetailApi = ReturnType<typeof connectOrderDetail>

export const useOrderDetailApi = (detail: OrderDetailActor): OrderDetailApi => useViewModel(detail, orderDetailStateOf, connectOrderDetail)
