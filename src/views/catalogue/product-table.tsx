import { memo, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { SORT_FIELDS, type CatalogueProduct, type MarkKind, type SortField } from '../../contract/catalogue'
import type { CatalogueFilterActor } from '../../machines/catalogue-filter.machine'
import { shownContractOf, shownProductsOf, shownWarehouseNameOf, shownWarehouseOf } from '../../machines/catalogue-filter.selectors'
import { isBasketClosedOf } from '../../machines/shell.selectors'
import { useShellActor } from '../layout/shell-context'
import { AddToBasket } from '../product/add-to-basket'
import { BrandLink } from '../product/brand-link'
import { formatInteger, formatMoney } from '../ui/format'
import { useProgressiveList } from '../ui/progressive-list'
import table from '../ui/data-table.module.css'
import { CheckIcon, PlusIcon, SortIcon, StarIcon } from '../ui/icons'
import { useCatalogueApi, useProductRowsApi, type CatalogueApi, type ProductRowsApi } from './catalogue-connect'
import styles from './catalogue.module.css'

const COLUMN_TITLES: Record<SortField, string> = { articul: 'Артикул', header: 'Наименование', price: 'Цена', price_rrc: 'РРЦ' }
const NUMERIC: ReadonlySet<SortField> = new Set(['price', 'price_rrc'])
const MARK_ICONS: Record<MarkKind, { on: ReactNode; off: ReactNode }> = {
  wish: { on: <StarIcon filled />, off: <StarIcon /> },
  need: { on: <CheckIcon />, off: <PlusIcon /> },
}

/**
 * The page's products: sortable column headers (aria-sort), wish and need toggles, add to basket.
 * Rows are memoised by product: a filter click or a new answer re-renders only the rows that changed.
 * The first page after the screen opens comes in two renders (the top rows, then the rest).
 */
export const ProductTable = memo(function ProductTable({ catalogue }: { catalogue: CatalogueFilterActor }) {
  const api = useCatalogueApi(catalogue)
  const rowsApi = useProductRowsApi(catalogue)
  const products = useSelector(catalogue, shownProductsOf)
  const contract = useSelector(catalogue, shownContractOf)
  const warehouse = useSelector(catalogue, shownWarehouseOf)
  const warehouseName = useSelector(catalogue, shownWarehouseNameOf)
  // a manager whose basket is closed gets no «В корзину» column (issue 21, item 12)
  const canAdd = !useSelector(useShellActor(), isBasketClosedOf)
  const rows = useProgressiveList(products)

  return (
    <div className={styles.tableWrap} aria-busy={!rows.complete} data-partial={rows.complete ? undefined : true}>
      <table className={`${table.table} ${styles.products}`}>
        <caption className="visually-hidden">Товары каталога</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Изображение</span>
            </th>
            {SORT_FIELDS.map((field) => (
              <SortableHeader key={field} field={field} api={api} />
            ))}
            <th scope="col">Бренд</th>
            <th scope="col" className={table.number}>
              Остаток{warehouseName ? ` (${warehouseName})` : ''}
            </th>
            <th scope="col">Отметки</th>
            {canAdd ? <th scope="col">В корзину</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.shown.map((product) => (
            <ProductRow key={product.id} product={product} contract={contract} warehouse={warehouse} api={rowsApi} canAdd={canAdd} />
          ))}
        </tbody>
      </table>
    </div>
  )
})

function SortableHeader({ field, api }: { field: SortField; api: CatalogueApi }) {
  const order = api.sortOrderOf(field)
  return (
    <th {...api.getSortHeaderProps(field)} className={field === 'header' ? table.stickyName : NUMERIC.has(field) ? table.number : undefined}>
      <button {...api.getSortButtonProps(field)} className={styles.sortButton}>
        {COLUMN_TITLES[field]}
        <SortIcon order={order} className={order === 'none' ? styles.sortIdle : undefined} />
      </button>
    </th>
  )
}

interface ProductRowProps {
  product: CatalogueProduct
  contract: string
  warehouse: number
  api: ProductRowsApi
  /** the account may use the basket */
  canAdd: boolean
}

const ProductRow = memo(function ProductRow({ product, contract, warehouse, api, canAdd }: ProductRowProps) {
  return (
    <tr>
      <td className={styles.pictureCell}>
        {product.picture !== null ? <img src={`/pictures/${product.picture}.svg`} alt="" width={40} height={40} loading="lazy" decoding="async" /> : null}
      </td>
      <td className={table.mono}>{product.articul}</td>
      <td className={table.stickyName}>
        <button {...api.getProductLinkProps(product)} className={styles.productLink}>
          {product.header}
        </button>
      </td>
      <td className={table.number}>{formatMoney(product.price)}</td>
      <td className={table.number}>{formatMoney(product.price_rrc)}</td>
      <td>
        <BrandLink brand={product.brand} />
      </td>
      <td className={table.number}>{formatInteger(product.quantity)}</td>
      <td className={styles.marks}>
        <MarkToggle kind="wish" product={product} api={api} />
        <MarkToggle kind="need" product={product} api={api} />
      </td>
      {canAdd ? (
        <td>
          <AddToBasket productId={product.id} warehouse={warehouse} available={product.quantity} contract={contract} header={product.header} wrap />
        </td>
      ) : null}
    </tr>
  )
})

function MarkToggle({ kind, product, api }: { kind: MarkKind; product: CatalogueProduct; api: ProductRowsApi }) {
  const props = api.getMarkToggleProps(product, kind)
  const on = props['aria-pressed']
  return (
    <button {...props} className={on ? `${styles.mark} ${styles.markOn}` : styles.mark}>
      {on ? MARK_ICONS[kind].on : MARK_ICONS[kind].off}
    </button>
  )
}
