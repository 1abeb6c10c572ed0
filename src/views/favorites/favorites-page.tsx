import { Link } from '@tanstack/react-router'
import type { FavoritesNeedsActor } from '../../machines/favorites-needs.machine'
import { useSelectedWarehouse } from '../layout/shell-context'
import { WithScreen } from '../layout/with-screen'
import { ProductCardSlot } from '../product/product-card-slot'
import { WarehouseSelect } from '../product/warehouse-select'
import { PagedProductsView, PRODUCTS_LOADING_LABEL } from '../product/paged-products-view'
import { LazyBulkActionDialog } from '../ui/lazy-bulk-action-dialog'
import { PageHeading } from '../ui/page-heading'
import { useMarkedGoodsApi, type MarkedGoodsApi } from './favorites-connect'
import styles from './favorites.module.css'
import { MarkedGoodsTable } from './marked-goods-table'

/** /cabinet/favorites/?page=: the products the dealer marked with the star, 20 per page. */
export const FavoritesPage = () => <MarkedGoodsPage />

/** /cabinet/needs/?page=: the products the dealer needs, with how many, 20 per page. */
export const NeedsPage = () => <MarkedGoodsPage />

/**
 * Either list under the dealer's selected contract, with stock at the chosen warehouse (the
 * header's choices); another contract or warehouse starts the list afresh.
 */
/** The list (favourites or needs) is the screen host's: it starts the machine for the address. */
function MarkedGoodsPage() {
  const warehouse = useSelectedWarehouse()
  return (
    <WithScreen name="favoritesNeeds" label={PRODUCTS_LOADING_LABEL}>
      {(actor) => <MarkedGoods actor={actor} warehouseName={warehouse.header} />}
    </WithScreen>
  )
}

function MarkedGoods({ actor, warehouseName }: { actor: FavoritesNeedsActor; warehouseName: string }) {
  const api = useMarkedGoodsApi(actor)
  return (
    <section className={styles.page} aria-labelledby={api.titleId}>
      <PageHeading>
        <span id={api.titleId}>{api.texts.title}</span>
      </PageHeading>
      <WarehouseSelect />
      <MarkedGoodsBody actor={actor} api={api} warehouseName={warehouseName} />
      <ProductCardSlot owner={actor} card={api.card} onClose={api.closeCard} />
      <LazyBulkActionDialog owner={actor} actor={api.bulkDialog} />
    </section>
  )
}

/** The list as the shared paged-products view shows it: the products, or why not. */
function MarkedGoodsBody({ actor, api, warehouseName }: { actor: FavoritesNeedsActor; api: MarkedGoodsApi; warehouseName: string }) {
  const { texts, answer } = api
  return (
    <>
      {api.removeFailedText !== null ? (
        <div className={styles.alert} role="alert">
          <span>{api.removeFailedText}</span>
          <button className={styles.dismiss} {...api.getDismissProps()}>
            Закрыть
          </button>
        </div>
      ) : null}
      <PagedProductsView list={api.pagedList} failedTitle={texts.loadFailed} emptyText={texts.empty}>
        {(_, busy) => answer && <MarkedGoodsTable actor={actor} api={api} answer={answer} warehouseName={warehouseName} busy={busy} />}
      </PagedProductsView>
      {api.showEmptyHint ? (
        <p className={styles.hint}>
          {texts.emptyHint} <Link to="/cabinet/">Перейти в каталог</Link>
        </p>
      ) : null}
    </>
  )
}
