import type { Warehouse } from '../../contract/account'
import type { CatalogueProduct } from '../../contract/catalogue'
import type { MarkedGoodsResponse } from '../../contract/favorites'
import type { FavoritesNeedsActor } from '../../machines/favorites-needs.machine'
import { AddToBasket } from '../product/add-to-basket'
import { BrandLink } from '../product/brand-link'
import { stockTitle } from '../product/product-table'
import table from '../ui/data-table.module.css'
import { formatInteger, formatMoney } from '../ui/format'
import { SelectionCell, SelectionHeaderRow } from '../ui/selection-bar'
import type { MarkedGoodsApi } from './favorites-connect'
import styles from './favorites.module.css'
import { NeedField } from './need-field'

interface MarkedGoodsTableProps {
  actor: FavoritesNeedsActor
  api: MarkedGoodsApi
  answer: MarkedGoodsResponse
  warehouseName: string
  /** the next page is loading: the rows dim */
  busy: boolean
}

/**
 * The page's products: picture, name (opens the card), articul and brand, the contract's price,
 * stock at the chosen warehouse and at each one, the need (needs page), «В корзину» (not where the
 * account's basket is closed) and «Убрать»;
 * on a phone a card per product, its fields labelled.
 */
export function MarkedGoodsTable({ actor, api, answer, warehouseName, busy }: MarkedGoodsTableProps) {
  const warehouse: Warehouse = { id: answer.warehouse, header: warehouseName }
  return (
    <div className={styles.wrap}>
      <table className={`${table.table} ${styles.table}${busy ? ` ${table.busy}` : ''}`}>
        <caption className="visually-hidden">{api.texts.title}</caption>
        <thead>
          <SelectionHeaderRow api={api.selection} columns={4 + Number(api.isNeeds) + Number(api.canFillBasket)}>
            <th scope="col">
              <span className="visually-hidden">Изображение</span>
            </th>
            <th scope="col" className={table.stickyName} data-caption>
              Наименование
            </th>
            <th scope="col" className={table.number}>
              Цена
            </th>
            <th scope="col">Остатки</th>
            {api.isNeeds ? <th scope="col">Потребность</th> : null}
            {api.canFillBasket ? <th scope="col">В корзину</th> : null}
          </SelectionHeaderRow>
        </thead>
        <tbody>
          {answer.goods.map((product) => (
            <tr key={product.id}>
              <SelectionCell api={api.selection} id={product.id} />
              <td className={styles.pictureCell}>
                {product.picture !== null ? (
                  <img src={`/pictures/${product.picture}.svg`} alt="" width={40} height={40} loading="lazy" decoding="async" />
                ) : null}
              </td>
              <td className={`${styles.nameCell} ${table.stickyName}`}>
                <button className={styles.productLink} {...api.getProductLinkProps(product)}>
                  {product.header}
                </button>
                <span className={styles.details}>
                  <span className={table.mono}>{product.articul}</span> · <BrandLink brand={product.brand} />
                  <button className={styles.remove} {...api.getRemoveButtonProps(product)}>
                    Убрать
                  </button>
                </span>
              </td>
              <td className={table.number} data-label="Цена">
                {formatMoney(product.price)}
              </td>
              <td data-label="Остатки">
                <WarehouseStocks product={product} warehouses={answer.actualWms} chosen={warehouse} />
              </td>
              {api.isNeeds ? (
                <td data-label="Потребность">
                  <NeedField actor={actor} product={product} />
                </td>
              ) : null}
              {api.canFillBasket ? (
                <td className={styles.addCell}>
                  <AddToBasket
                    productId={product.id}
                    warehouse={warehouse.id}
                    available={product.quantity}
                    contract={answer.contract}
                    header={product.header}
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

/** A warehouse's name without the word «Склад», which every one of them starts with. */
const shortName = (warehouse: Warehouse) => warehouse.header.replace(/^Склад\s+/u, '')

/**
 * The free stock at every warehouse, the chosen one first and marked: it is the one «В корзину»
 * takes from, and the one the quantity is checked against.
 */
function WarehouseStocks({ product, warehouses, chosen }: { product: CatalogueProduct; warehouses: Warehouse[]; chosen: Warehouse }) {
  const others = warehouses.filter((warehouse) => warehouse.id !== chosen.id)
  const stockAt = (warehouse: Warehouse) => formatInteger(product.stocks.find((stock) => stock.wms_id === warehouse.id)?.quantity ?? 0)
  return (
    <ul className={styles.stocks} aria-label={`Остатки: ${product.header}`}>
      <li className={styles.chosenStock}>
        <span className="visually-hidden">{stockTitle(chosen)}: </span>
        <span aria-hidden="true">{shortName(chosen)}: </span>
        <b>{formatInteger(product.quantity)}</b>
      </li>
      {others.map((warehouse) => (
        <li key={warehouse.id}>
          {shortName(warehouse)}: {stockAt(warehouse)}
        </li>
      ))}
    </ul>
  )
}
