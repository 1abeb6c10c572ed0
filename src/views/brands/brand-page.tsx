import { Link, useParams, useSearch } from '@tanstack/react-router'
import type { Warehouse } from '../../contract/account'
import type { Counted } from '../../contract/catalogue'
import { BRAND_PRODUCTS_MESSAGES } from '../../machines/brand-products.machine'
import { brandPageOf } from '../../machines/brand-products.selectors'
import { WithScreen } from '../layout/with-screen'
import type { BrandProductsActor } from '../../machines/brand-products.machine'
import { PRODUCTS_LOADING_LABEL } from '../product/paged-products-view'
import { useInitData, useSelectedWarehouse } from '../layout/shell-context'
import { formatInteger } from '../ui/format'
import { PageHeading } from '../ui/page-heading'
import { PagedProductsView, usePagedProducts } from '../product/paged-products-view'
import { BrandPageLink } from '../product/brand-link'
import { productNameOf, useProductCardHost } from '../product/product-name-card'
import { ProductTable } from '../product/product-table'
import { WarehouseSelect } from '../product/warehouse-select'
import styles from './brand-page.module.css'
import { BRAND_VIEWS, type BrandView } from './brand-views'
import { ProductTiles } from './product-tiles'

const VIEW_TITLES: Record<BrandView, string> = { tiles: 'Плитка', list: 'Список' }

/**
 * /cabinet/brand/$id/?page=&view=: a brand's products (id 0: every brand's, with the brand list),
 * as tiles or a list; the page and the view live in the address. Stock is shown and added from
 * the dealer's chosen warehouse («Склад» above the list).
 */
export function BrandPage() {
  const { id } = useParams({ strict: false })
  const { view } = useSearch({ strict: false })
  const { selectedContract } = useInitData()
  const warehouse = useSelectedWarehouse()
  const brandId = id ?? 0
  // the screen host starts the list afresh for another brand, contract or warehouse
  return (
    <WithScreen name="brandProducts" label={PRODUCTS_LOADING_LABEL}>
      {(actor) => <BrandProducts actor={actor} brandId={brandId} contract={selectedContract} warehouse={warehouse} view={view ?? 'tiles'} />}
    </WithScreen>
  )
}

interface BrandProductsProps {
  actor: BrandProductsActor
  brandId: number
  contract: string
  warehouse: Warehouse
  view: BrandView
}

function BrandProducts({ actor, brandId, contract, warehouse, view }: BrandProductsProps) {
  const { result, list } = usePagedProducts(actor)
  const cardHost = useProductCardHost()
  const { title, brands } = brandPageOf(brandId, result)

  return (
    <section>
      <PageHeading actions={<ViewSwitch current={view} />}>{title}</PageHeading>
      {brands ? <BrandList brands={brands} view={view} /> : null}
      <WarehouseSelect />
      <PagedProductsView list={list} failedTitle={BRAND_PRODUCTS_MESSAGES.loadFailed} emptyText={BRAND_PRODUCTS_MESSAGES.empty}>
        {(products, busy) => {
          const props = { products, contract, warehouse, busy, nameOf: productNameOf(cardHost, contract, warehouse.id) }
          return view === 'list' ? <ProductTable {...props} /> : <ProductTiles {...props} />
        }}
      </PagedProductsView>
    </section>
  )
}

/** "Плитка" / "Список": links to the same address with another ?view= (the page stays). */
function ViewSwitch({ current }: { current: BrandView }) {
  return (
    <nav className={styles.views} aria-label="Вид">
      {BRAND_VIEWS.map((view) => (
        <Link key={view} to="./" search={(prev) => ({ ...prev, view })} className={styles.view} aria-current={view === current ? 'page' : undefined}>
          {VIEW_TITLES[view]}
        </Link>
      ))}
    </nav>
  )
}

/** The all-brands page lists every brand with its product count; the chosen view goes along. */
function BrandList({ brands, view }: { brands: Counted[]; view: BrandView }) {
  return (
    <ul className={styles.brands} aria-label="Бренды">
      {brands.map((item) => (
        <li key={item.id}>
          <BrandPageLink id={item.id} view={view} className={styles.brand}>
            {item.header} <span className={styles.brandCount}>{formatInteger(item.count)}</span>
          </BrandPageLink>
        </li>
      ))}
    </ul>
  )
}
