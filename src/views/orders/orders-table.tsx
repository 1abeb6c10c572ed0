import { useSelector } from '@xstate/react'
import { Fragment } from 'react'
import { CANCELLABLE_ORDER_STATES, type OrderList, type OrderRow } from '../../contract/orders'
import type { OrdersActor } from '../../machines/orders.machine'
import { Button } from '../ui/button'
import table from '../ui/data-table.module.css'
import { formatDate, formatInteger, formatMoney } from '../ui/format'
import { OrderDetailPanel } from './order-detail'
import styles from './orders.module.css'

const COLUMNS = 8

/** Spec §3: state markers 3 success, 4 danger, 10 primary. */
const MARKERS: Record<number, string | undefined> = { 3: styles.success, 4: styles.danger, 10: styles.primary }

/** The page's orders: a checkbox, number, date, contract, state, status, payment, lines, sum and the actions; a row expands into its detail. */
export function OrdersTable({ orders, list }: { orders: OrdersActor; list: OrderList }) {
  const selected = useSelector(orders, (snapshot) => snapshot.context.selected)
  const expanded = useSelector(orders, (snapshot) => snapshot.context.expanded)
  const isBusy = useSelector(orders, (snapshot) => !snapshot.matches({ action: 'idle' }))
  const contractName = (id: string) => list.contracts.find((contract) => contract.id === id)?.header ?? `Договор № ${id}`
  const stateName = (id: number) => list.states.find((state) => state.id === id)?.header ?? String(id)
  const all = list.orders.length > 0 && list.orders.every((order) => selected.includes(order.id))

  return (
    <div className={styles.scroll}>
      <table className={`${table.table} ${styles.table}`}>
        <caption className={styles.visuallyHidden}>Заказы</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.checkCell}>
              <input
                type="checkbox"
                aria-label="Выбрать все заказы страницы"
                checked={all}
                ref={(box) => void (box && (box.indeterminate = selected.length > 0 && !all))}
                onChange={() => orders.send({ type: 'selection.all' })}
              />
            </th>
            {selected.length > 0 ? (
              <th scope="col" colSpan={COLUMNS} className={styles.selectionBar}>
                <span role="status">Выбрано: {formatInteger(selected.length)}</span>
                <Button variant="ghost" onPress={() => orders.send({ type: 'selection.clear' })}>
                  Снять выбор
                </Button>
              </th>
            ) : (
              <ColumnTitles />
            )}
          </tr>
        </thead>
        <tbody>
          {list.orders.map((order) => {
            const isOpen = expanded.includes(order.id)
            return (
              <Fragment key={order.id}>
                <tr aria-label={`Заказ № ${order.id}`} className={selected.includes(order.id) ? styles.checkedRow : undefined}>
                  <td className={styles.checkCell}>
                    <input
                      type="checkbox"
                      aria-label={`Выбрать заказ № ${order.id}`}
                      checked={selected.includes(order.id)}
                      onChange={() => orders.send({ type: 'selection.toggle', id: order.id })}
                    />
                  </td>
                  <th scope="row" className={`${styles.number} ${table.stickyName}`}>
                    <button
                      type="button"
                      className={styles.expand}
                      aria-expanded={isOpen}
                      aria-controls={`order-detail-${order.id}`}
                      aria-label={`Состав заказа № ${order.id}`}
                      onClick={() => orders.send({ type: 'order.toggleDetail', id: order.id })}
                    >
                      <Chevron open={isOpen} /> № {order.id}
                    </button>
                    <span className={styles.date}>{formatDate(order.created_at)}</span>
                  </th>
                  <td data-label="Договор" className={styles.contract}>
                    {contractName(order.contract)}
                  </td>
                  <td data-label="Состояние">
                    <span className={`${styles.badge} ${MARKERS[order.state] ?? ''}`} data-state={order.state}>
                      {stateName(order.state)}
                    </span>
                  </td>
                  <td data-label="Статус" className={styles.status}>
                    {order.status}
                  </td>
                  <td data-label="Оплата">{order.paid ? 'Оплачен' : 'Не оплачен'}</td>
                  <td data-label="Товаров" className={table.number}>
                    {formatInteger(order.count)}
                  </td>
                  <td data-label="Сумма" className={table.number}>
                    {formatMoney(order.sum)}
                  </td>
                  <td className={styles.actionsCell}>
                    <OrderActions order={order} orders={orders} isBusy={isBusy} />
                  </td>
                </tr>
                {isOpen ? (
                  <tr className={styles.detailRow}>
                    <td colSpan={COLUMNS + 1} id={`order-detail-${order.id}`}>
                      <OrderDetailPanel orders={orders} id={order.id} />
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
      <th scope="col" className={table.stickyName}>
        Заказ, дата
      </th>
      <th scope="col">Договор</th>
      <th scope="col">Состояние</th>
      <th scope="col">Статус</th>
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

function OrderActions({ order, orders, isBusy }: { order: OrderRow; orders: OrdersActor; isBusy: boolean }) {
  return (
    <div className={styles.actions}>
      <Button variant="primary" isDisabled={isBusy} aria-label={`Повторить заказ № ${order.id}`} onPress={() => orders.send({ type: 'order.repeat', order })}>
        Повторить
      </Button>
      {CANCELLABLE_ORDER_STATES.includes(order.state) ? (
        <Button isDisabled={isBusy} aria-label={`Отменить заказ № ${order.id}`} onPress={() => orders.send({ type: 'order.cancel', order })}>
          Отменить
        </Button>
      ) : null}
    </div>
  )
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg className={open ? styles.chevronOpen : styles.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  )
}
