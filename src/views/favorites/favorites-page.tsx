import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { MarkedList } from '../../contract/favorites'
import { MARKED_LIST_TEXTS, type FavoritesNeedsActor } from '../../machines/favorites-needs.machine'
import { useSelectedWarehouse } from '../layout/shell-context'
import { WithScreen } from '../layout/with-screen'
import { ProductCardSlot } from '../product/product-card-slot'
import { WarehouseSelect } from '../product/warehouse-select'
import { PagedProductsView, PRODUCTS_LOADING_LABEL } from '../product/paged-products-view'
import { PageHeading } from '../ui/page-heading'
import styles from './favorites.module.css'
import { MarkedGoodsTable } from './marked-goods-table'

/** /cabinet/favorites/?page=: the products the dealer marked with the star, 20 per page. */
export const FavoritesPage = () => <MarkedGoodsPage list="favorites" />

/** /cabinet/needs/?page=: the products the dealer needs, with how many, 20 per page. */
export const NeedsPage = () => <MarkedGoodsPage list="needs" />

/**
 * Either list under the dealer's selected contract, with stock at the chosen warehouse (the
 * header's choices); another contract or warehouse starts the list afresh.
 */
function MarkedGoodsPage({ list }: { list: MarkedList }) {
  const warehouse = useSelectedWarehouse()
  return (
    <WithScreen name="favoritesNeeds" label={PRODUCTS_LOADING_LABEL}>
      {(actor) => <MarkedGoods actor={actor} warehouseName={warehouse.header} />}
    </WithScreen>
  )
}

function MarkedGoods({ actor, warehouseName }: { actor: FavoritesNeedsActor; warehouseName: string }) {
  const list = useSelector(actor, (snapshot) => snapshot.context.list)
  const texts = MARKED_LIST_TEXTS[list]
  const titleId = `${list}-title`
  const card = useSelector(actor, (snapshot) => snapshot.children.productCard)
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <PageHeading>
        <span id={titleId}>{texts.title}</span>
      </PageHeading>
      <WarehouseSelect />
      <MarkedGoodsBody actor={actor} warehouseName={warehouseName} />
      {card ? <ProductCardSlot card={card} onClose={() => actor.send({ type: 'card.close' })} /> : null}
    </section>
  )
}

type ListView = 'failed' | 'empty' | 'loading' | 'loaded'

const listViewOf = (snapshot: ReturnType<FavoritesNeedsActor['getSnapshot']>): ListView => {
  if (snapshot.matches({ list: 'failed' })) return 'failed'
  if (snapshot.matches({ list: 'empty' })) return 'empty'
  return snapshot.matches({ list: 'loaded' }) ? 'loaded' : 'loading'
}

/** The list as the shared paged-products view shows it: the products, or why not. */
function MarkedGoodsBody({ actor, warehouseName }: { actor: FavoritesNeedsActor; warehouseName: string }) {
  const state = useSelector(actor, listViewOf)
  const list = useSelector(actor, (snapshot) => snapshot.context.list)
  const answer = useSelector(actor, (snapshot) => snapshot.context.result)
  const page = useSelector(actor, (snapshot) => snapshot.context.page)
  const errorMessage = useSelector(actor, (snapshot) => snapshot.context.errorMessage)
  const removeFailed = useSelector(actor, (snapshot) => snapshot.matches({ list: { loaded: 'removeFailed' } }))
  const texts = MARKED_LIST_TEXTS[list]
  const result = answer && { products: answer.goods, count: answer.count, pages: answer.pagination.pages }
  const onRetry = () => actor.send({ type: 'list.retry' })

  return (
    <>
      {removeFailed ? (
        <div className={styles.alert} role="alert">
          <span>
            {texts.removeFailed}: {errorMessage}
          </span>
          <button type="button" className={styles.dismiss} onClick={() => actor.send({ type: 'notice.dismiss' })}>
            Закрыть
          </button>
        </div>
      ) : null}
      <PagedProductsView list={{ state, page, result, errorMessage, onRetry }} failedTitle={texts.loadFailed} emptyText={texts.empty}>
        {(_, busy) => answer && <MarkedGoodsTable actor={actor} answer={answer} warehouseName={warehouseName} busy={busy} />}
      </PagedProductsView>
      {state === 'empty' && page === 1 ? (
        <p className={styles.hint}>
          {texts.emptyHint} <Link to="/cabinet/">Перейти в каталог</Link>
        </p>
      ) : null}
    </>
  )
}
