import { shallowEqual, useSelector } from '@xstate/react'
import { SORT_FIELDS, type CatalogueProduct, type SortField } from '../../contract/catalogue'
import type { CatalogueFilterActor as CatalogueFilterActor, MarkKind } from '../../machines/catalogue-filter.machine'
import { markKeyOf, pendingMarksOf, shownContractOf, shownWarehouseNameOf, shownWarehouseOf } from '../../machines/catalogue-filter.selectors'
import { ariaSortOf, type SortState } from '../../machines/catalogue-sorting'
import { AddToBasket } from '../product/add-to-basket'
import { BrandLink } from '../product/product-table'
import { formatInteger, formatMoney } from '../ui/format'
import table from '../ui/data-table.module.css'
import styles from './catalogue.module.css'

const COLUMN_TITLES: Record<SortField, string> = { articul: 'Артикул', header: 'Наименование', price: 'Цена', price_rrc: 'РРЦ' }
const NUMERIC: ReadonlySet<SortField> = new Set(['price', 'price_rrc'])
const SORT_MARKS = { ascending: '▲', descending: '▼', none: '↕' } as const

const MARK_LABELS: Record<MarkKind, string> = { wish: 'Избранное', need: 'Потребность' }

/** The page's products: sortable column headers (aria-sort), wish and need toggles, add to basket. */
export function ProductTable({ catalogue }: { catalogue: CatalogueFilterActor }) {
  const products = useSelector(catalogue, (snapshot) => snapshot.context.answer?.products ?? [])
  const sorting = useSelector(catalogue, (snapshot) => snapshot.context.query.sorting)
  const contract = useSelector(catalogue, shownContractOf)
  const warehouse = useSelector(catalogue, shownWarehouseOf)
  const warehouseName = useSelector(catalogue, shownWarehouseNameOf)
  const pending = useSelector(catalogue, pendingMarksOf, shallowEqual)
  const sortBy = (field: SortField) => catalogue.send({ type: 'sorting.cycle', field })
  const toggleMark = (productId: number, kind: MarkKind) => catalogue.send({ type: 'mark.toggle', productId, kind })
  const onOpenProduct = (productId: number) => catalogue.send({ type: 'card.open', productId })
  const pendingMarks = new Set(pending)

  return (
    <div className={styles.tableWrap}>
      <table className={`${table.table} ${styles.products}`}>
        <caption className="visually-hidden">Товары каталога</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Изображение</span>
            </th>
            {SORT_FIELDS.map((field) => (
              <SortableHeader key={field} field={field} sorting={sorting} onSort={sortBy} />
            ))}
            <th scope="col">Бренд</th>
            <th scope="col" className={table.number}>
              Остаток{warehouseName ? ` (${warehouseName})` : ''}
            </th>
            <th scope="col">Отметки</th>
            <th scope="col">В корзину</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <ProductRow
              key={product.id}
              product={product}
              contract={contract}
              warehouse={warehouse}
              wishPending={pendingMarks.has(markKeyOf(product.id, 'wish'))}
              needPending={pendingMarks.has(markKeyOf(product.id, 'need'))}
              onToggleMark={toggleMark}
              onOpenProduct={onOpenProduct}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function SortableHeader({ field, sorting, onSort }: { field: SortField; sorting: SortState; onSort: (field: SortField) => void }) {
  const order = ariaSortOf(sorting, field)
  return (
    <th scope="col" aria-sort={order} className={NUMERIC.has(field) ? table.number : undefined}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(field)}>
        {COLUMN_TITLES[field]}
        <span aria-hidden="true" className={order === 'none' ? styles.sortIdle : undefined}>
          {' '}
          {SORT_MARKS[order]}
        </span>
      </button>
    </th>
  )
}

interface ProductRowProps {
  product: CatalogueProduct
  contract: string
  warehouse: number
  wishPending: boolean
  needPending: boolean
  onToggleMark: (productId: number, kind: MarkKind) => void
  onOpenProduct: (productId: number) => void
}

function ProductRow({ product, contract, warehouse, wishPending, needPending, onToggleMark, onOpenProduct }: ProductRowProps) {
  return (
    <tr>
      <td className={styles.pictureCell}>
        {product.picture !== null ? (
          <img src={`/pictures/${product.picture}.svg`} alt="" width={40} height={40} loading="lazy" decoding="async" />
        ) : null}
      </td>
      <td className={table.mono}>{product.articul}</td>
      <td>
        <button type="button" className={styles.productLink} onClick={() => onOpenProduct(product.id)}>
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
        <MarkToggle kind="wish" on={product.inwish} pending={wishPending} product={product} onToggle={onToggleMark} />
        <MarkToggle kind="need" on={product.need > 0} pending={needPending} product={product} onToggle={onToggleMark} />
      </td>
      <td>
        <AddToBasket productId={product.id} warehouse={warehouse} available={product.quantity} contract={contract} header={product.header} />
      </td>
    </tr>
  )
}

const MARK_ICONS: Record<MarkKind, { on: string; off: string }> = { wish: { on: '★', off: '☆' }, need: { on: '✔', off: '＋' } }

function MarkToggle(props: { kind: MarkKind; on: boolean; pending: boolean; product: CatalogueProduct; onToggle: (productId: number, kind: MarkKind) => void }) {
  const { kind, on, pending, product, onToggle } = props
  return (
    <button
      type="button"
      className={on ? `${styles.mark} ${styles.markOn}` : styles.mark}
      aria-pressed={on}
      aria-busy={pending}
      disabled={pending}
      aria-label={`${MARK_LABELS[kind]}: ${product.header}`}
      title={MARK_LABELS[kind]}
      onClick={() => onToggle(product.id, kind)}
    >
      <span aria-hidden="true">{on ? MARK_ICONS[kind].on : MARK_ICONS[kind].off}</span>
    </button>
  )
}
