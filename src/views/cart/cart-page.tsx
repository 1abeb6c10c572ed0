import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { BASKET_PAGE_MESSAGES, type BasketActor } from '../../machines/basket.machine'
import { selectBasketScreen, selectGroups, selectSync, selectTotals } from '../../machines/basket.selectors'
import { useBasketActor } from '../layout/shell-context'
import { useProductCardHost } from '../product/product-name-card'
import { Button } from '../ui/button'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { ErrorBlock } from '../ui/error-block'
import { formatCount, formatInteger, formatMoney, PRODUCT_FORMS } from '../ui/format'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { CartLines } from './cart-lines'
import { CheckoutPanel } from './checkout-panel'
import { DraftSave } from './draft-save'
import { BasketWarehouseMap } from './warehouse-map-dialog'
import styles from './cart.module.css'

const CART_LOADING_LABEL = 'Загрузка корзины…'

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

const SYNC_STATUS: Partial<Record<ReturnType<typeof selectSync>, string>> = {
  saving: 'Сохранение…',
  refreshing: 'Обновление корзины…',
  clearing: 'Очистка корзины…',
}

function CartBody({ basket }: { basket: BasketActor }) {
  const screen = useSelector(basket, selectBasketScreen)
  const sync = useSelector(basket, selectSync)
  const errorMessage = useSelector(basket, (snapshot) => snapshot.context.errorMessage)
  const groups = useSelector(basket, selectGroups)
  const totals = useSelector(basket, selectTotals, (a, b) => a.count === b.count && a.qnt === b.qnt && a.sum === b.sum)
  const cardHost = useProductCardHost()
  const totalText = `Итого: ${formatCount(totals.count, PRODUCT_FORMS)}, ${formatInteger(totals.qnt)} шт. на сумму ${formatMoney(totals.sum)}`

  if (screen === 'loading') return <Loading label={CART_LOADING_LABEL} />
  if (screen === 'loadFailed') {
    return <ErrorBlock title={BASKET_PAGE_MESSAGES.loadFailed} message={errorMessage} onRetry={() => basket.send({ type: 'basket.retry' })} />
  }
  return (
    <>
      <p className={styles.status} role="status" aria-label="Состояние корзины">
        {SYNC_STATUS[sync] ?? ''}
      </p>
      {sync === 'saveFailed' ? (
        <ErrorBlock title={BASKET_PAGE_MESSAGES.saveFailed} message={errorMessage} onRetry={() => basket.send({ type: 'basket.retry' })} />
      ) : null}
      {sync === 'clearFailed' ? (
        <ErrorBlock title={BASKET_PAGE_MESSAGES.clearFailed} message={errorMessage} onRetry={() => basket.send({ type: 'basket.retry' })} />
      ) : null}
      {screen === 'empty' ? (
        <div className={styles.empty}>
          <p>{BASKET_PAGE_MESSAGES.empty}</p>
          <Link to="/cabinet/">Перейти в каталог</Link>
        </div>
      ) : (
        <>
          <div className={styles.toolbar}>
            <p className={styles.totals}>{totalText}</p>
            <DraftSave basket={basket} isBasketBusy={sync !== 'idle'} />
            <Button onPress={() => basket.send({ type: 'basket.clear' })} isDisabled={sync !== 'idle'}>
              Очистить корзину
            </Button>
          </div>
          {groups.map((group) => (
            <CartLines key={group.warehouse.id} basket={basket} group={group} cardHost={cardHost} />
          ))}
        </>
      )}
      <CheckoutPanel
        basket={basket}
        hasLines={screen === 'lines'}
        isBasketBusy={sync !== 'idle'}
        totalText={totalText}
        warehouses={groups.map((group) => group.warehouse)}
      />
      {sync === 'confirmingClear' || sync === 'clearing' ? (
        <ConfirmDialog
          title={BASKET_PAGE_MESSAGES.clearQuestion}
          confirmLabel="Очистить"
          isBusy={sync === 'clearing'}
          onConfirm={() => basket.send({ type: 'clear.confirm' })}
          onCancel={() => basket.send({ type: 'clear.cancel' })}
        >
          <p>Все товары будут удалены из корзины.</p>
        </ConfirmDialog>
      ) : null}
      <BasketWarehouseMap basket={basket} />
    </>
  )
}
