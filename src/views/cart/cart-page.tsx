import { Link } from '@tanstack/react-router'
import type { BasketActor } from '../../machines/basket.machine'
import { useBasketActor } from '../layout/shell-context'
import { useProductCardHost } from '../product/product-name-card'
import { Button } from '../ui/button'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { CART_LOADING_LABEL, useCartApi } from './cart-connect'
import { CartLines } from './cart-lines'
import { CheckoutPanel, PlacedOrder } from './checkout-panel'
import { DraftSave } from './draft-save'
import { WarehouseMapDialog } from './warehouse-map-dialog'
import styles from './cart.module.css'

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
      {api.checkout ? <PlacedOrder checkout={api.checkout} /> : null}
      <p className={styles.status} role="status" aria-label="Состояние корзины">
        {api.statusText}
      </p>
      {api.failure ? <ErrorBlock {...api.failure} /> : null}
      {api.hasLines ? (
        <>
          <div className={styles.toolbar}>
            <p className={styles.totals}>{api.totalText}</p>
            {api.draftSave ? <DraftSave draftSave={api.draftSave} /> : null}
            <Button {...api.getClearButtonProps()}>Очистить корзину</Button>
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
        <CheckoutPanel checkout={api.checkout} basket={basket} hasLines={api.hasLines} totalText={api.totalText} warehouses={api.warehouses} />
      ) : null}
      {api.clearDialog ? (
        <ConfirmDialog {...api.clearDialog}>
          <p>Все товары будут удалены из корзины.</p>
        </ConfirmDialog>
      ) : null}
      {api.openMap ? <WarehouseMapDialog {...api.openMap} /> : null}
    </>
  )
}
