import { useSelector } from '@xstate/react'
import { useId, type FormEvent } from 'react'
import type { AddToBasketEvent } from '../../machines/add-to-basket.machine'
import { ADD_TO_BASKET_MESSAGES, ADDER_CODE_MESSAGES } from '../../machines/add-to-basket-messages'
import { freeQuantity, inBasketOf, isAdding, noticeOf } from '../../machines/add-to-basket.selectors'
import { adderCodeStatusOf, type AdderKey } from '../../machines/basket-adders.machine'
import { isBasketClosedOf } from '../../machines/shell.selectors'
import { useShellActor } from '../layout/shell-context'
import { Button } from '../ui/button'
import { formatInteger } from '../ui/format'
import styles from './add-to-basket.module.css'
import { QuantityStepper } from './quantity-stepper'

export interface AddToBasketProps {
  productId: number
  /** the warehouse the line is taken from */
  warehouse: number
  /** the stock there, as the list or card shows it (what the basket holds is taken off here) */
  available: number
  contract: string
  /** the product's name, for the controls' accessible names */
  header: string
  /** where several warehouses offer one product (the card's stocks tab): the warehouse's name, in the names too */
  place?: string
  /** in a narrow cell the button may go under the quantity (the card's stocks tab on a phone) */
  wrap?: boolean
}

/**
 * Quantity stepper and "В корзину" for one product at one warehouse (spec §4, §5, §8), with what
 * the basket already holds there («в корзине: N»): the stepper and the stock check count only the
 * rest (issue 21, item 8). A change of product, warehouse or contract starts afresh. Nothing shows
 * to an account whose basket is closed (item 12).
 */
export function AddToBasket(props: AddToBasketProps) {
  const { productId, warehouse, contract } = props
  const shell = useShellActor()
  const isClosed = useSelector(shell, isBasketClosedOf)
  const basket = useSelector(shell, (snapshot) => snapshot.children.basket)
  const inBasket = useSelector(basket, (snapshot) => inBasketOf(snapshot, { productId, warehouse, contract }))
  if (isClosed) return null
  return <AddToBasketForm key={`${productId}:${warehouse}:${contract}`} {...props} inBasket={inBasket} />
}

/** What a row shows before its adder runs (it starts on the first touch): the adder's first state. */
const FIRST_QUANTITY = '1'

function AddToBasketForm({ productId, warehouse, available: stock, contract, header, place, wrap, inBasket }: AddToBasketProps & { inBasket: number }) {
  // these controls' adder, a child of the shell's basketAdders, started when the dealer first touches them
  const key: AdderKey = `adder ${useId()} ${productId}:${warehouse}:${contract}`
  const available = freeQuantity(stock, inBasket)
  const adders = useSelector(useShellActor(), (snapshot) => snapshot.children.basketAdders)
  const codeStatus = useSelector(adders, (snapshot) => adderCodeStatusOf(snapshot, key))
  const adder = useSelector(adders, (snapshot) => snapshot?.children[key])
  const quantityText = useSelector(adder, (snapshot) => snapshot?.context.quantityText ?? FIRST_QUANTITY)
  // while a touch waits for the adders' code, the controls are as busy as while adding
  const adding = useSelector(adder, (snapshot) => (snapshot ? isAdding(snapshot) : false)) || codeStatus === 'loading'
  const notice = useSelector(adder, (snapshot) => (snapshot ? noticeOf(snapshot) : null))
  const errorMessage = useSelector(adder, (snapshot) => snapshot?.context.errorMessage ?? null)
  const send = (event: AddToBasketEvent) => adders?.send({ type: 'adder.send', key, input: { productId, warehouse, available, contract }, event })

  const name = place === undefined ? header : `${header} (${place})`

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send({ type: 'basket.add' })
  }

  return (
    <form className={styles.adder} onSubmit={add} aria-label={`В корзину: ${name}`} aria-busy={adding}>
      <span className={wrap ? `${styles.controls} ${styles.wrapping}` : styles.controls}>
        <QuantityStepper
          label={`Количество: ${name}`}
          value={quantityText}
          isDisabled={adding}
          onInput={(text) => send({ type: 'quantity.input', text })}
          onCommit={() => send({ type: 'quantity.commit' })}
          onIncrement={() => send({ type: 'quantity.increment' })}
          onDecrement={() => send({ type: 'quantity.decrement' })}
        />
        <Button type="submit" variant="primary" isDisabled={adding}>
          В корзину
        </Button>
      </span>
      {inBasket > 0 ? <span className={styles.inBasket}>в корзине: {formatInteger(inBasket)}</span> : null}
      {/* the live region stays in the page, so screen readers announce the popup when it fills */}
      <span className={notice === 'added' ? styles.popup : codeStatus === 'loading' ? styles.inBasket : undefined} role="status">
        {notice === 'added' ? ADD_TO_BASKET_MESSAGES.added : codeStatus === 'loading' ? ADDER_CODE_MESSAGES.loading : null}
      </span>
      {notice === 'zeroQuantity' || notice === 'overStock' ? (
        <span className={styles.alert} role="alert">
          {ADD_TO_BASKET_MESSAGES[notice]}
        </span>
      ) : null}
      {notice === 'failed' ? (
        <span className={styles.alert} role="alert">
          {ADD_TO_BASKET_MESSAGES.addFailed}: {errorMessage}{' '}
          <button type="button" className={styles.retry} onClick={() => send({ type: 'basket.retry' })}>
            Повторить
          </button>
        </span>
      ) : null}
      {codeStatus === 'failed' ? (
        <span className={styles.alert} role="alert">
          {ADDER_CODE_MESSAGES.failed}{' '}
          <button type="button" className={styles.retry} onClick={() => adders?.send({ type: 'adders.retry' })}>
            Повторить
          </button>
        </span>
      ) : null}
    </form>
  )
}
