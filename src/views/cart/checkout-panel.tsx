import { Link } from '@tanstack/react-router'
import type { Warehouse } from '../../contract/account'
import type { BasketActor } from '../../machines/basket.machine'
import type { CheckoutActor } from '../../machines/checkout.machine'
import { Button } from '../ui/button'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { useCheckoutApi, type CheckoutApi, type ChoiceProps } from './checkout-connect'
import styles from './checkout.module.css'
import { WarehouseMapOpener } from './warehouse-map-opener'
import mapStyles from './warehouse-map-dialog.module.css'

export interface CheckoutPanelProps {
  /** the checkout the basket runs for its contract while its page is shown */
  checkout: CheckoutActor
  /** the basket, which opens the warehouses' maps */
  basket: BasketActor
  /** the basket has lines (after an order it has none, and only the result stays) */
  hasLines: boolean
  /** "Итого" of the basket, for the confirmation */
  totalText: string
  /** the warehouses the basket holds lines from: their maps, when the goods are picked up */
  warehouses: readonly Warehouse[]
}

/** The delivery selector and «Оформить заказ» under the basket's lines. */
export function CheckoutPanel({ checkout, hasLines, ...props }: CheckoutPanelProps) {
  const api = useCheckoutApi(checkout)
  switch (api.bodyFor(hasLines)) {
    case 'loading':
      return <Loading label={api.loadingLabel} />
    case 'loadFailed':
      return <ErrorBlock {...api.getLoadFailedProps()} />
    case 'placed':
      // the page shows the placed order first, above the empty basket (PlacedOrder)
      return null
    case 'form':
      return <DeliveryFormView api={api} {...props} />
    case 'shortage':
      // an order refused for stock may have emptied the basket: the reason stays in view
      return <ShortageAlert api={api} />
    case 'none':
      return null
  }
}

/** «Заказ №… оформлен» with its status and a link to the order, at the top of the basket page once the order is placed. */
export function PlacedOrder({ checkout }: { checkout: CheckoutActor }) {
  const { placed } = useCheckoutApi(checkout)
  if (!placed) return null
  return (
    <section className={styles.placed} role="status" aria-label="Заказ оформлен">
      <p className={styles.placedTitle}>{placed.title}</p>
      <p>{placed.status}</p>
      <Link to="/cabinet/orders/" search={placed.orderLink.search}>
        {placed.orderLink.label}
      </Link>
    </section>
  )
}

/** Why the order was refused: the lines the stock could not cover and what is left of each. */
function ShortageAlert({ api }: { api: CheckoutApi }) {
  if (!api.shortage) return null
  return (
    <div className={styles.alert} role="alert" aria-label="Заказ не оформлен">
      <p>{api.shortage.text}</p>
      <ul>
        {api.shortage.lines.map((line) => (
          <li key={line.key}>{line.text}</li>
        ))}
      </ul>
    </div>
  )
}

function DeliveryFormView({ api, basket, totalText, warehouses }: Omit<CheckoutPanelProps, 'checkout' | 'hasLines'> & { api: CheckoutApi }) {
  const openers = api.pickupOpenersOf(warehouses)
  const confirmation = api.confirmation
  return (
    <section className={styles.panel} aria-labelledby="checkout-title">
      <h2 id="checkout-title" className={styles.title}>
        Доставка и оформление
      </h2>
      <div className={styles.fields}>
        <Select {...api.getMethodProps()} />
        {api.fields.company ? (
          <>
            <Select {...api.getCompanyProps()} />
            <Select {...api.getTypeProps()} />
            <Select {...api.getRegionProps()} />
          </>
        ) : null}
        {openers.length > 0 ? (
          <div className={`${styles.field} ${mapStyles.pickup}`} role="group" aria-label="Откуда забрать">
            <span aria-hidden="true">Откуда забрать</span>
            <div className={mapStyles.openers}>
              {openers.map(({ warehouse, label }) => (
                <WarehouseMapOpener key={warehouse.id} basket={basket} warehouse={warehouse} label={label} />
              ))}
            </div>
          </div>
        ) : null}
        {api.fields.address ? <Select {...api.getAddressProps()} /> : null}
        <Select {...api.getConsigneeProps()} />
        <label className={styles.field}>
          <span>Комментарий к заказу</span>
          <textarea {...api.getCommentProps()} />
        </label>
      </div>
      {api.missing ? (
        <p className={styles.alert} role="alert">
          {api.missing}
        </p>
      ) : null}
      <ShortageAlert api={api} />
      {api.placeFailed ? <ErrorBlock {...api.placeFailed} /> : null}
      <Button {...api.getPlaceButtonProps()} />
      {confirmation ? (
        <ConfirmDialog
          title={confirmation.title}
          confirmLabel={confirmation.confirmLabel}
          isBusy={confirmation.isBusy}
          onConfirm={confirmation.onConfirm}
          onCancel={confirmation.onCancel}
        >
          <p>{totalText}</p>
          <p>{confirmation.methodTitle}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}

function Select({ label, value, placeholder, choices, onChange }: ChoiceProps) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.header}
          </option>
        ))}
      </select>
    </label>
  )
}
