import { Fragment, Suspense } from 'react'
import { ORDER_DETAIL_MESSAGES } from '../../machines/order-detail.machine'
import { Button } from '../ui/button'
import table from '../ui/data-table.module.css'
import { SelectionCell, SelectionHeaderRow } from '../ui/selection-bar'
import { formatDate, formatInteger, formatMoney } from '../ui/format'
import type { OrderStateMarker } from '../../contract/orders-list-view'
import type { OrdersTableApi } from './orders-connect'
import { Loading } from '../ui/loading'
import styles from './orders.module.css'
import { lazyPart } from '../ui/lazy-part'

const OrderDetailPanel = lazyPart(() => import('./order-detail').then((module) => ({ default: module.OrderDetailPanel })))

const COLUMNS = 7

const MARKER_CLASSES: Record<OrderStateMarker, string | undefined> = { success: styles.success, danger: styles.danger, primary: styles.primary }

/** The page's orders: a checkbox, number, date, contract, state (with the status where it says more), payment, lines, sum and the actions; a row expands into its detail. */
export function OrdersTable({ api }: { api: OrdersTableApi }) {
  return (
    <div className={styles.scroll}>
      <table className={`${table.table} ${styles.table}`}>
        <caption className={styles.visuallyHidden}>Заказы</caption>
        <thead>
          <SelectionHeaderRow api={api.selection} columns={COLUMNS}>
            <ColumnTitles />
          </SelectionHeaderRow>
        </thead>
        <tbody>
          {api.orders.map((order) => {
            const row = api.rowOf(order)
            const detail = row.isExpanded ? api.detailOf(order.id) : undefined
            return (
              <Fragment key={order.id}>
                <tr aria-label={row.label} className={row.isSelected ? styles.checkedRow : undefined}>
                  <SelectionCell api={api.selection} id={order.id} />
                  <th scope="row" className={`${styles.number} ${table.stickyName}`}>
                    <button className={styles.expand} {...api.getExpandProps(order)}>
                      <Chevron open={row.isExpanded} /> № {order.id}
                    </button>
                    <span className={styles.date}>{formatDate(order.created_at)}</span>
                  </th>
                  <td data-label="Договор" className={styles.contract}>
                    {row.contractName}
                  </td>
                  <td data-label="Состояние">
                    {/* one element in the cell: on a phone the cell's children are the card's value */}
                    <div>
                      <span className={`${styles.badge} ${row.marker ? (MARKER_CLASSES[row.marker] ?? '') : ''}`} data-state={order.state}>
                        {row.stateName}
                      </span>
                      {row.statusNote !== null ? <span className={styles.status}>{row.statusNote}</span> : null}
                    </div>
                  </td>
                  <td data-label="Оплата">{row.paidText}</td>
                  <td data-label="Товаров" className={table.number}>
                    {formatInteger(order.count)}
                  </td>
                  <td data-label="Сумма" className={table.number}>
                    {formatMoney(order.sum)}
                  </td>
                  <td className={styles.actionsCell}>
                    <div className={styles.actions}>
                      {row.canRepeat ? (
                        <Button variant="primary" {...api.getRepeatProps(order)}>
                          Повторить
                        </Button>
                      ) : null}
                      {row.canCancel ? <Button {...api.getCancelProps(order)}>Отменить</Button> : null}
                    </div>
                  </td>
                </tr>
                {row.isExpanded ? (
                  <tr className={styles.detailRow}>
                    <td colSpan={COLUMNS + 1} id={row.detailId}>
                      <Suspense fallback={<Loading label={ORDER_DETAIL_MESSAGES.loading} />}>
                        <OrderDetailPanel detail={detail} />
                      </Suspense>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

function ColumnTitles() {
  return (
    <>
      <th scope="col" className={table.stickyName} data-caption>
        Заказ, дата
      </th>
      <th scope="col">Договор</th>
      <th scope="col">Состояние</th>
      <th scope="col">Оплата</th>
      <th scope="col" className={table.number}>
        Товаров
      </th>
      <th scope="col" className={table.number}>
        Сумма
      </th>
      <th scope="col">
        <span className={styles.visuallyHidden}>Действия</span>
      </th>
    </>
  )
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg className={open ? styles.chevronOpen : styles.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  )
}
