import { useSelector } from '@xstate/react'
import { ORDER_DETAIL_MESSAGES, type OrderDetailActor } from '../../machines/order-detail.machine'
import { orderDetailId, type OrdersActor } from '../../machines/orders.machine'
import { ProductName, useProductCardHost } from '../product/product-name-card'
import table from '../ui/data-table.module.css'
import { ErrorBlock } from '../ui/error-block'
import { formatInteger, formatMoney } from '../ui/format'
import { Loading } from '../ui/loading'
import styles from './orders.module.css'

/**
 * An expanded order: its delivery and comment, and its composition (GET /api/order/{id}/ while
 * open), from the orders machine's child `detail-{id}`.
 */
export function OrderDetailPanel({ orders, id }: { orders: OrdersActor; id: number }) {
  const detailActor = useSelector(orders, (snapshot) => snapshot.children[orderDetailId(id)])
  if (!detailActor) return <Loading label={ORDER_DETAIL_MESSAGES.loading} />
  return <OrderDetailBody id={id} detailActor={detailActor} />
}

function OrderDetailBody({ id, detailActor }: { id: number; detailActor: OrderDetailActor }) {
  const view = useSelector(detailActor, (snapshot) => (snapshot.matches('loaded') ? 'loaded' : snapshot.matches('failed') ? 'failed' : 'loading'))
  const detail = useSelector(detailActor, (snapshot) => snapshot.context.detail)
  const errorMessage = useSelector(detailActor, (snapshot) => snapshot.context.errorMessage)
  const cardHost = useProductCardHost()
  if (view === 'failed')
    return <ErrorBlock title={ORDER_DETAIL_MESSAGES.failed} message={errorMessage} onRetry={() => detailActor.send({ type: 'detail.retry' })} />
  if (view === 'loading' || !detail) return <Loading label={ORDER_DETAIL_MESSAGES.loading} />
  const { delivery } = detail
  const facts = [
    ['Доставка', [delivery.method, delivery.company].filter(Boolean).join(', ') || 'не указана'],
    ['Регион', delivery.region],
    ['Адрес', delivery.address],
    ['Грузополучатель', delivery.consignee],
    ['Комментарий', detail.comment],
  ].filter(([, value]) => value)
  return (
    <div className={styles.detail}>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term} className={styles.fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <table className={`${table.table} ${styles.lines}`} aria-label={`Состав заказа № ${id}`}>
        <thead>
          <tr>
            <th scope="col">Товар</th>
            <th scope="col">Артикул</th>
            <th scope="col">Склад</th>
            <th scope="col" className={table.number}>
              Кол-во
            </th>
            <th scope="col" className={table.number}>
              Цена
            </th>
            <th scope="col" className={table.number}>
              Сумма
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.lines.map((line) => (
            <tr key={`${line.product_id}-${line.wms}`}>
              <td>
                <ProductName host={cardHost} header={line.header} productId={line.product_id} contract={detail.order.contract} warehouse={line.wms} />
              </td>
              <td className={table.mono}>{line.articul}</td>
              <td>{line.warehouse}</td>
              <td className={table.number}>{formatInteger(line.qnt)}</td>
              <td className={table.number}>{formatMoney(line.price)}</td>
              <td className={table.number}>{formatMoney(line.sum)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
