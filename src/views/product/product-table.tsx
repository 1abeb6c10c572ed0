import type { Warehouse } from '../../contract/account'
import type { CatalogueProduct } from '../../contract/catalogue'
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { isBasketClosedOf } from '../../machines/shell.selectors'
import { useShellActor } from '../layout/shell-context'
import { AddToBasket } from './add-to-basket'
import { BrandLink } from './brand-link'
import table from '../ui/data-table.module.css'
import { formatInteger, formatMoney } from '../ui/format'
import { useProgressiveList } from '../ui/progressive-list'
import styles from './product-table.module.css'

export interface ProductViewProps {
  products: CatalogueProduct[]
  contract: string
  /** the warehouse whose stock is shown and added from; the stock column names it */
  warehouse: Warehouse
  /** the next page is loading: the rows dim */
  busy: boolean
  /**
   * the product's name as the page shows it: a button that opens its card (productNameOf); given
   * by the page, so a list that imports this module for its types or its column title loads no card host
   */
  nameOf: (product: CatalogueProduct) => ReactNode
}

/** «Остаток (Склад Парнас)»: the stock column names its warehouse. */
export const stockTitle = (warehouse: Warehouse) => `Остаток (${warehouse.header})`

/** Dense product rows: articul, name, brand, price, recommended price, stock and "В корзину". The first page comes in two renders. */
export function ProductTable({ products, contract, warehouse, busy, nameOf }: ProductViewProps) {
  const rows = useProgressiveList(products)
  // a manager whose basket is closed gets no «В корзину» column (issue 21, item 12)
  const canAdd = !useSelector(useShellActor(), isBasketClosedOf)
  return (
    <div className={styles.wrap} aria-busy={!rows.complete} data-partial={rows.complete ? undefined : true}>
      <table className={busy ? `${table.table} ${table.busy}` : table.table}>
        <thead>
          <tr>
            <th scope="col">Артикул</th>
            <th scope="col" className={table.stickyName}>
              Наименование
            </th>
            <th scope="col">Бренд</th>
            <th scope="col" className={table.number}>
              Цена
            </th>
            <th scope="col" className={table.number}>
              РРЦ
            </th>
            <th scope="col" className={table.number}>
              {stockTitle(warehouse)}
            </th>
            {canAdd ? <th scope="col">В корзину</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.shown.map((product) => (
            <tr key={product.id}>
              <td className={table.mono}>{product.articul}</td>
              <td className={table.stickyName}>{nameOf(product)}</td>
              <td>
                <BrandLink brand={product.brand} />
              </td>
              <td className={table.number}>{formatMoney(product.price)}</td>
              <td className={table.number}>{formatMoney(product.price_rrc)}</td>
              <td className={table.number}>{formatInteger(product.quantity)}</td>
              {canAdd ? (
                <td>
                  <AddToBasket
                    productId={product.id}
                    warehouse={warehouse.id}
                    available={product.quantity}
                    contract={contract}
                    header={product.header}
                    wrap
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
