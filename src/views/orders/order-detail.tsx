import type { OrderDetailActor } from '../../machines/order-detail.machine'
import { ORDER_DETAIL_MESSAGES } from '../../machines/order-detail.machine'
import { ProductName, useProductCardHost } from '../product/product-name-card'
import table from '../ui/data-table.module.css'
import { ErrorBlock } from '../ui/error-block'
import { formatInteger, formatMoney } from '../ui/format'
import { Loading } from '../ui/loading'
import { useOrderDetailApi } from './order-detail-connect'
import styles from './order-detail.module.css'

/**
 * An expanded order: its delivery and comment, and its composition (GET /api/order/{id}/ while
 * open), from the orders machine's child `detail-{id}`.
 */
export function OrderDetailPanel({ detail }: { detail: OrderDetailActor | undefined }) {
  if (!detail) return <Loading label={ORDER_DETAIL_MESSAGES.loading} />
  return <OrderDetailBody detail={detail} />
}

function OrderDetailBody({ detail }: { detail: OrderDetailActor }) {
  const api = useOrderDetailApi(detail)
  const cardHost = useProductCardHost()
  if (api.body === 'failed') return <ErrorBlock {...api.getRetryProps()} />
  if (api.body === 'loading') return <Loading label={api.loadingLabel} />
  return (
    <div className={styles.detail}>
      <dl className={styles.facts}>
        {api.facts.map(({ term, value }) => (
          <div key={term} className={styles.fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <table className={`${table.table} ${styles.lines}`} aria-label={api.linesLabel}>
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
          {api.lines.map((line) => (
            <tr key={`${line.product_id}-${line.wms}`}>
              <td>
                <ProductName host={cardHost} header={line.header} productId={line.product_id} contract={api.contract} warehouse={line.wms} />
              </td>
              <td className={table.mono} data-label="Артикул">
                {line.articul}
              </td>
              <td data-label="Склад">{line.warehouse}</td>
              <td className={table.number} data-label="Кол-во">
                {formatInteger(line.qnt)}
              </td>
              <td className={table.number} data-label="Цена">
                {formatMoney(line.price)}
              </td>
              <td className={table.number} data-label="Сумма">
                {formatMoney(line.sum)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
