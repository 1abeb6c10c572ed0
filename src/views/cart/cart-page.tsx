import { Link } from '@tanstack/react-router'
import { Suspense } from 'react'
import type { BasketActor } from '../../machines/basket.machine'
import { useBasketActor } from '../layout/shell-context'
import { useProductCardHost } from '../product/product-name-card'
import { Button } from '../ui/button'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { CART_LOADING_LABEL, useCartApi } from './cart-connect'
import { CartLines } from './cart-lines'
import { DraftSave } from './draft-save'
import { loadWarehouseMapDialog } from './warehouse-map-opener'
import styles from './cart.module.css'
import { lazyPart } from '../ui/lazy-part'

// Not needed for the first paint, so not in the page's first load: the checkout (its delivery
// methods load after the basket's lines anyway), the placed order's notice, the clear question
// (loaded when a pointer or the focus reaches «Очистить корзину») and the map window.
const loadCheckoutPanel = () => import('./checkout-panel')
const CheckoutPanel = lazyPart(() => loadCheckoutPanel().then((module) => ({ default: module.CheckoutPanel })))
const PlacedOrder = lazyPart(() => loadCheckoutPanel().then((module) => ({ default: module.PlacedOrder })))
const loadClearBasketDialog = () => import('./clear-basket-dialog')
const ClearBasketDialog = lazyPart(loadClearBasketDialog)
const preloadClearBasketDialog = () => void loadClearBasketDialog()
const WarehouseMapDialog = lazyPart(() => loadWarehouseMapDialog().then((module) => ({ default: module.WarehouseMapDialog })))

/** /cart/: the basket of the selected contract, grouped by warehouse. */
export function CartPage() {
  const basket = useBasketActor()
  return (
    <div className={styles.page}>
      <PageHeading>Корзина</PageHeading>
      {basket ? <CartBody basket={basket} /> : <Loading label={CART_LOADING_LABEL} />}
    </div>
  )
}

function CartBody({ basket }: { basket: BasketActor }) {
  const api = useCartApi(basket)
  const cardHost = useProductCardHost()

  if (api.body === 'loading') return <Loading label={api.loadingLabel} />
  if (api.body === 'loadFailed') return api.failure ? <ErrorBlock {...api.failure} /> : null
  return (
    <>
      {api.checkout ? (
        <Suspense fallback={null}>
          <PlacedOrder checkout={api.checkout} />
        </Suspense>
      ) : null}
      <p className={styles.status} role="status" aria-label="Состояние корзины">
        {api.statusText}
      </p>
      {api.failure ? <ErrorBlock {...api.failure} /> : null}
      {api.hasLines ? (
        <>
          <div className={styles.toolbar}>
            <p className={styles.totals}>{api.totalText}</p>
            {api.draftSave ? <DraftSave draftSave={api.draftSave} /> : null}
            <Button onPointerEnter={preloadClearBasketDialog} onFocus={preloadClearBasketDialog} {...api.getClearButtonProps()}>
              Очистить корзину
            </Button>
          </div>
          {api.groups.map((group) => (
            <CartLines key={group.warehouse.id} basket={basket} group={group} cardHost={cardHost} />
          ))}
        </>
      ) : (
        <div className={styles.empty}>
          <p>{api.emptyText}</p>
          <Link to="/cabinet/">Перейти в каталог</Link>
        </div>
      )}
      {api.checkout ? (
        <Suspense fallback={null}>
          <CheckoutPanel checkout={api.checkout} basket={basket} hasLines={api.hasLines} totalText={api.totalText} warehouses={api.warehouses} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {api.clearDialog ? <ClearBasketDialog dialog={api.clearDialog} /> : null}
        {api.openMap ? <WarehouseMapDialog {...api.openMap} /> : null}
      </Suspense>
    </>
  )
}
