import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { Warehouse } from '../../contract/account'
import type { BasketTableInit, DeliveryType } from '../../contract/delivery'
import { CHECKOUT_MESSAGES, type CheckoutActor, type DeliveryForm } from '../../machines/checkout.machine'
import type { BasketActor } from '../../machines/basket.machine'
import { Button } from '../ui/button'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { ErrorBlock } from '../ui/error-block'
import { formatMoney } from '../ui/format'
import { Loading } from '../ui/loading'
import styles from './checkout.module.css'
import { WarehouseMapOpener } from './warehouse-map-dialog'
import mapStyles from './warehouse-map-dialog.module.css'

const TYPE_TITLES: Record<DeliveryType, string> = { terminal: 'До терминала транспортной компании', door: 'До двери' }

export interface CheckoutPanelProps {
  /** the basket, which runs the checkout for its contract while its page is shown */
  basket: BasketActor
  /** the basket has lines (after an order it has none, and only the result stays) */
  hasLines: boolean
  /** a quantity is still being saved: the order waits */
  isBasketBusy: boolean
  /** "Итого" of the basket, for the confirmation */
  totalText: string
  /** the warehouses the basket holds lines from: their maps, when the goods are picked up */
  warehouses: readonly Warehouse[]
}

/** The delivery selector and «Оформить заказ» under the basket's lines. */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const checkout = useSelector(props.basket, (snapshot) => snapshot.children.checkout)
  return checkout ? <Checkout checkout={checkout} {...props} /> : null
}

function Checkout({ checkout, ...props }: CheckoutPanelProps & { checkout: CheckoutActor }) {
  const view = useSelector(checkout, (snapshot) =>
    snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : snapshot.matches('placed') ? 'placed' : 'form',
  )
  const errorMessage = useSelector(checkout, (snapshot) => snapshot.context.errorMessage)
  const order = useSelector(checkout, (snapshot) => snapshot.context.order)

  if (view === 'loading') return <Loading label="Загрузка способов доставки…" />
  if (view === 'loadFailed')
    return <ErrorBlock title={CHECKOUT_MESSAGES.loadFailed} message={errorMessage} onRetry={() => checkout.send({ type: 'checkout.retry' })} />
  if (view === 'placed' && order) {
    return (
      <section className={styles.placed} role="status" aria-label="Заказ оформлен">
        <p className={styles.placedTitle}>
          Заказ №{order.id} оформлен на сумму {formatMoney(order.sum)}
        </p>
        <p>Статус: {order.status}. Товары зарезервированы на складе.</p>
        <Link to="/cabinet/">Продолжить покупки</Link>
      </section>
    )
  }
  // an order refused for stock may have emptied the basket: the reason stays in view
  return props.hasLines ? <DeliveryFormView checkout={checkout} {...props} /> : <ShortageAlert checkout={checkout} />
}

/** Why the order was refused: the lines the stock could not cover and what is left of each. */
function ShortageAlert({ checkout }: { checkout: CheckoutActor }) {
  const shortages = useSelector(checkout, (snapshot) => (snapshot.matches({ editing: 'shortage' }) ? snapshot.context.shortages : []))
  if (shortages.length === 0) return null
  return (
    <div className={styles.alert} role="alert" aria-label="Заказ не оформлен">
      <p>{CHECKOUT_MESSAGES.overStock}. Количество в корзине уменьшено до свободного остатка:</p>
      <ul>
        {shortages.map((each) => (
          <li key={each.line_id}>
            {each.header} ({each.articul}): заказано {each.requested}, свободно {each.available}
            {each.available === 0 ? ' — строка удалена' : ''}
          </li>
        ))}
      </ul>
    </div>
  )
}

function DeliveryFormView({ basket, checkout, isBasketBusy, totalText, warehouses }: CheckoutPanelProps & { checkout: CheckoutActor }) {
  const options = useSelector(checkout, (snapshot) => snapshot.context.options)
  const form = useSelector(checkout, (snapshot) => snapshot.context.form)
  const missing = useSelector(checkout, (snapshot) => (snapshot.matches({ editing: 'incomplete' }) ? snapshot.context.missing : null))
  const failed = useSelector(checkout, (snapshot) => snapshot.matches({ editing: 'failed' }))
  const errorMessage = useSelector(checkout, (snapshot) => snapshot.context.errorMessage)
  const step = useSelector(checkout, (snapshot) => (snapshot.matches('confirming') ? 'confirming' : snapshot.matches('placing') ? 'placing' : 'editing'))
  if (!options) return null
  const change = (patch: Partial<DeliveryForm>) => checkout.send({ type: 'delivery.change', patch })
  const method = options.delivery_methods.find((each) => each.id === form.method)

  return (
    <section className={styles.panel} aria-labelledby="checkout-title">
      <h2 id="checkout-title" className={styles.title}>
        Доставка и оформление
      </h2>
      <div className={styles.fields}>
        <Select label="Способ доставки" value={form.method} onChange={(value) => change({ method: value })} choices={options.delivery_methods} />
        {method?.needsCompany ? (
          <>
            <Select
              label="Транспортная компания"
              value={form.company ?? ''}
              placeholder="Выберите компанию"
              onChange={(value) => change({ company: value || null })}
              choices={options.delivery_companies}
            />
            <Select
              label="Куда доставить"
              value={form.type}
              onChange={(value) => change({ type: value as DeliveryType })}
              choices={Object.entries(TYPE_TITLES).map(([id, header]) => ({ id, header }))}
            />
            <Select label="Регион" value={form.region} onChange={(value) => change({ region: value })} choices={options.regions} />
          </>
        ) : null}
        {method?.isPickup && warehouses.length > 0 ? (
          <div className={`${styles.field} ${mapStyles.pickup}`} role="group" aria-label="Откуда забрать">
            <span aria-hidden="true">Откуда забрать</span>
            <div className={mapStyles.openers}>
              {warehouses.map((warehouse) => (
                <WarehouseMapOpener key={warehouse.id} basket={basket} warehouse={warehouse} label={`Схема проезда: ${warehouse.header}`} />
              ))}
            </div>
          </div>
        ) : null}
        {method && !method.isPickup ? (
          <Select
            label="Адрес доставки"
            value={form.addressId === null ? '' : String(form.addressId)}
            placeholder="Выберите адрес"
            onChange={(value) => change({ addressId: value ? Number(value) : null })}
            choices={addressChoices(options)}
          />
        ) : null}
        <Select
          label="Грузополучатель"
          value={form.consigneeId === null ? '' : String(form.consigneeId)}
          placeholder="Не указан"
          onChange={(value) => change({ consigneeId: value ? Number(value) : null })}
          choices={options.consignees.map((each) => ({ id: String(each.id), header: `${each.surname} ${each.name}` }))}
        />
        <label className={styles.field}>
          <span>Комментарий к заказу</span>
          <textarea value={form.comment} maxLength={1000} rows={2} onChange={(event) => change({ comment: event.currentTarget.value })} />
        </label>
      </div>
      {missing ? (
        <p className={styles.alert} role="alert">
          {missing}
        </p>
      ) : null}
      <ShortageAlert checkout={checkout} />
      {failed ? <ErrorBlock title={CHECKOUT_MESSAGES.placeFailed} message={errorMessage} onRetry={() => checkout.send({ type: 'checkout.retry' })} /> : null}
      <Button variant="primary" isDisabled={isBasketBusy || step !== 'editing'} onPress={() => checkout.send({ type: 'order.confirm' })}>
        {step === 'placing' ? 'Оформление…' : 'Оформить заказ'}
      </Button>
      {step !== 'editing' ? (
        <ConfirmDialog
          title={CHECKOUT_MESSAGES.confirmQuestion}
          confirmLabel="Оформить"
          isBusy={step === 'placing'}
          onConfirm={() => checkout.send({ type: 'order.place' })}
          onCancel={() => checkout.send({ type: 'order.cancel' })}
        >
          <p>{totalText}</p>
          <p>{method?.header}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}

const addressChoices = (options: BasketTableInit) =>
  options.addresses.map((each) => ({ id: String(each.id), header: `${each.postindex}, ${each.full_address}` }))

interface SelectProps {
  label: string
  value: string
  placeholder?: string
  choices: readonly { id: string; header: string }[]
  onChange: (value: string) => void
}

function Select({ label, value, placeholder, choices, onChange }: SelectProps) {
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
