import { AddToBasket } from '../product/add-to-basket'
import { formatInteger, formatMoney } from '../ui/format'
import { useProgressiveList } from '../ui/progressive-list'
import { BrandLink } from '../product/brand-link'
import { stockTitle, type ProductViewProps } from '../product/product-table'
import styles from './product-tiles.module.css'

/** Products as tiles: the picture, name, articul, brand, price, stock and "В корзину". The first page comes in two renders. */
export function ProductTiles({ products, contract, warehouse, busy, nameOf }: ProductViewProps) {
  const tiles = useProgressiveList(products)
  return (
    <ul
      className={busy ? `${styles.tiles} ${styles.busy}` : styles.tiles}
      aria-label="Товары"
      aria-busy={!tiles.complete}
      data-partial={tiles.complete ? undefined : true}
    >
      {tiles.shown.map((product) => (
        <li key={product.id} className={styles.tile}>
          <div className={styles.picture}>{product.picture !== null ? <img src={`/pictures/${product.picture}.svg`} alt="" loading="lazy" /> : null}</div>
          <h2 className={styles.header}>{nameOf(product)}</h2>
          <div className={styles.meta}>
            <span className={styles.articul}>{product.articul}</span>
            <BrandLink brand={product.brand} />
          </div>
          <div className={styles.price}>{formatMoney(product.price)}</div>
          <div className={styles.meta}>
            <span>РРЦ {formatMoney(product.price_rrc)}</span>
            <span>
              {stockTitle(warehouse)}: {formatInteger(product.quantity)}
            </span>
          </div>
          <AddToBasket productId={product.id} warehouse={warehouse.id} available={product.quantity} contract={contract} header={product.header} />
        </li>
      ))}
    </ul>
  )
}
