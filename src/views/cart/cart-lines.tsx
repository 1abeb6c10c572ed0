import type { BasketLine } from '../../contract/basket'
import type { WarehouseGroup } from '../../machines/basket-rules'
import type { BasketActor } from '../../machines/basket.machine'
import type { ProductCardHostActor } from '../../machines/product-card-host.machine'
import { ProductName } from '../product/product-name-card'
import { QuantityStepper } from '../product/quantity-stepper'
import table from '../ui/data-table.module.css'
import { formatInteger, formatMoney } from '../ui/format'
import { useCartLineApi } from './cart-connect'
import styles from './cart.module.css'
import { WarehouseMapOpener } from './warehouse-map-opener'
import mapStyles from './warehouse-map-dialog.module.css'

/** One warehouse's lines: the quantity of each is edited in place. */
export function CartLines({ basket, group, cardHost }: { basket: BasketActor; group: WarehouseGroup; cardHost: ProductCardHostActor }) {
  const headingId = `cart-wms-${group.warehouse.id}`
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <div className={mapStyles.heading}>
        <h2 id={headingId} className={styles.groupTitle}>
          Склад: {group.warehouse.header}
          <span className={styles.groupSum}>{formatMoney(group.sum)}</span>
        </h2>
        <WarehouseMapOpener basket={basket} warehouse={group.warehouse} />
      </div>
      <div className={styles.scroll}>
        <table className={`${table.table} ${styles.lines}`}>
          <thead>
            <tr>
              <th scope="col">Артикул</th>
              <th scope="col" className={table.stickyName}>
                Наименование
              </th>
              <th scope="col" className={table.number}>
                Цена
              </th>
              <th scope="col">Количество</th>
              <th scope="col" className={table.number}>
                Свободно на складе
              </th>
              <th scope="col" className={table.number}>
                Сумма
              </th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Удалить</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {group.lines.map((line) => (
              <CartLine key={line.id} basket={basket} line={line} cardHost={cardHost} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function CartLine({ basket, line, cardHost }: { basket: BasketActor; line: BasketLine; cardHost: ProductCardHostActor }) {
  const api = useCartLineApi(basket, line)
  return (
    <>
      <tr aria-busy={api.isSaving} data-line={line.id}>
        <td className={table.mono} data-label="Артикул">
          {line.product.articul}
        </td>
        <td data-label="Наименование" className={table.stickyName}>
          <ProductName host={cardHost} header={line.product.header} productId={line.product.id} contract={api.contract} warehouse={line.wms} />
        </td>
        <td className={table.number} data-label="Цена">
          {formatMoney(line.product.price)}
        </td>
        <td data-label="Количество">
          <form className={styles.quantityForm} {...api.getQuantityFormProps()}>
            <QuantityStepper {...api.getStepperProps()} />
          </form>
        </td>
        <td className={table.number} data-label="Свободно на складе">
          {formatInteger(line.product.quantity)}
        </td>
        <td className={table.number} data-label="Сумма">
          {formatMoney(line.sum)}
        </td>
        <td>
          <button className={styles.remove} {...api.getRemoveProps()}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </td>
      </tr>
      {api.overStock ? (
        <tr className={styles.noticeRow}>
          <td colSpan={7}>
            <p className={styles.notice} role="alert">
              {api.overStock.text}
              <button type="button" className={styles.noticeClose} onClick={api.overStock.onClose}>
                Закрыть
              </button>
            </p>
          </td>
        </tr>
      ) : null}
    </>
  )
}
