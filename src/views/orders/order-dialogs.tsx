import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { CANCEL_COMMENT_MAX_LENGTH } from '../../contract/orders'
import { ORDER_CANCEL_MESSAGES, type OrderCancelActor } from '../../machines/order-cancel.machine'
import { ORDER_REPEAT_MESSAGES, type OrderRepeatActor } from '../../machines/order-repeat.machine'
import type { OrdersActor } from '../../machines/orders.machine'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { formatInteger, formatMoney } from '../ui/format'
import { Loading } from '../ui/loading'
import { AlertDialog, MessageDialog, MessageText } from '../ui/message-dialog'
import styles from './orders.module.css'

/** The dialog of the order being cancelled or repeated: each is its own child machine of the orders list. */
export function OrderDialogs({ orders }: { orders: OrdersActor }) {
  const cancel = useSelector(orders, (snapshot) => snapshot.children.orderCancel)
  const repeat = useSelector(orders, (snapshot) => snapshot.children.orderRepeat)
  if (cancel) return <CancelDialog cancel={cancel} />
  if (repeat) return <RepeatDialog repeat={repeat} />
  return null
}

function CancelDialog({ cancel }: { cancel: OrderCancelActor }) {
  const step = useSelector(cancel, (snapshot) => (snapshot.matches('failed') ? 'failed' : snapshot.matches('cancelling') ? 'cancelling' : 'confirming'))
  const order = useSelector(cancel, (snapshot) => snapshot.context.order)
  const errorMessage = useSelector(cancel, (snapshot) => snapshot.context.errorMessage)
  const close = () => cancel.send({ type: 'dialog.close' })
  if (step === 'failed') return <FailedDialog title={ORDER_CANCEL_MESSAGES.failed} message={errorMessage} onClose={close} />
  const busy = step === 'cancelling'
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    cancel.send({ type: 'cancel.confirm', comment: String(new FormData(event.currentTarget).get('comment') ?? '') })
  }
  return (
    <AlertDialog title={ORDER_CANCEL_MESSAGES.question(order.id)} onClose={busy ? undefined : close}>
      <MessageText>
        {formatMoney(order.sum)}, товаров: {formatInteger(order.count)}. {order.status}
      </MessageText>
      <form className={styles.cancelForm} onSubmit={submit}>
        <label className={styles.field}>
          <span className={styles.label}>{ORDER_CANCEL_MESSAGES.commentLabel}</span>
          <textarea name="comment" rows={3} maxLength={CANCEL_COMMENT_MAX_LENGTH} className={styles.textarea} disabled={busy} />
        </label>
        <div className={dialogStyles.actions}>
          <Button type="submit" variant="primary" isDisabled={busy}>
            {ORDER_CANCEL_MESSAGES.confirm}
          </Button>
          <Button onPress={close} isDisabled={busy} autoFocus>
            {ORDER_CANCEL_MESSAGES.keep}
          </Button>
        </div>
      </form>
    </AlertDialog>
  )
}

function RepeatDialog({ repeat }: { repeat: OrderRepeatActor }) {
  const step = useSelector(repeat, (snapshot) => {
    if (snapshot.matches({ repeated: 'added' })) return 'added'
    if (snapshot.matches({ repeated: 'noStock' })) return 'noStock'
    return snapshot.matches('failed') ? 'failed' : 'repeating'
  })
  const result = useSelector(repeat, (snapshot) => snapshot.context.repeat)
  const errorMessage = useSelector(repeat, (snapshot) => snapshot.context.errorMessage)
  const close = () => repeat.send({ type: 'dialog.close' })
  if (step === 'repeating') return <Loading label={ORDER_REPEAT_MESSAGES.repeating} />
  if (step === 'failed') return <FailedDialog title={ORDER_REPEAT_MESSAGES.failed} message={errorMessage} onClose={close} />
  const added = step === 'added'
  return (
    <MessageDialog title={added ? ORDER_REPEAT_MESSAGES.addedTitle : ORDER_REPEAT_MESSAGES.noStockTitle} onClose={close} toBasket={added}>
      <MessageText>{added ? ORDER_REPEAT_MESSAGES.addedText(result?.count ?? 0) : ORDER_REPEAT_MESSAGES.noStockText}</MessageText>
      {added && result && result.refused.length > 0 ? (
        <MessageText>Не добавлены — нет в наличии: {result.refused.map((line) => `${line.header} (арт. ${line.articul})`).join('; ')}.</MessageText>
      ) : null}
    </MessageDialog>
  )
}

/** A refused or failed call: the server's message and «Закрыть». */
function FailedDialog({ title, message, onClose }: { title: string; message: string | null; onClose: () => void }) {
  return (
    <MessageDialog title={title} onClose={onClose}>
      <MessageText>{message}</MessageText>
    </MessageDialog>
  )
}
