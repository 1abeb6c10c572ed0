import type { FormEvent } from 'react'
import { CANCEL_COMMENT_MAX_LENGTH } from '../../contract/order-actions'
import { ORDER_CANCEL_MESSAGES, type OrderCancelActor } from '../../machines/order-cancel.machine'
import type { OrderRepeatActor } from '../../machines/order-repeat.machine'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { Loading } from '../ui/loading'
import { AlertDialog, MessageDialog, MessageText } from '../ui/message-dialog'
import { useOrderCancelApi, useOrderRepeatApi } from './order-dialogs-connect'
import orderDialogs from './order-dialogs.module.css'
import styles from './orders.module.css'

/** The dialog of the order being cancelled or repeated: each is its own child machine of the orders list. */
export type OrderDialog = { kind: 'cancel'; actor: OrderCancelActor } | { kind: 'repeat'; actor: OrderRepeatActor }

export function OrderDialogs({ dialog }: { dialog: OrderDialog }) {
  switch (dialog.kind) {
    case 'cancel':
      return <CancelDialog cancel={dialog.actor} />
    case 'repeat':
      return <RepeatDialog repeat={dialog.actor} />
    default:
      return null
  }
}

function CancelDialog({ cancel }: { cancel: OrderCancelActor }) {
  const dialog = useOrderCancelApi(cancel)
  if (dialog.kind === 'failed') return <FailedDialog title={dialog.title} message={dialog.text} onClose={dialog.onClose} />
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    dialog.confirm(new FormData(event.currentTarget))
  }
  return (
    <AlertDialog title={dialog.title} onClose={dialog.onClose}>
      <MessageText>{dialog.text}</MessageText>
      <form className={orderDialogs.cancelForm} onSubmit={submit}>
        <label className={styles.field}>
          <span className={styles.label}>{ORDER_CANCEL_MESSAGES.commentLabel}</span>
          <textarea name="comment" rows={3} maxLength={CANCEL_COMMENT_MAX_LENGTH} className={orderDialogs.textarea} disabled={dialog.isBusy} />
        </label>
        <div className={dialogStyles.actions}>
          <Button type="submit" variant="primary" isDisabled={dialog.isBusy}>
            {ORDER_CANCEL_MESSAGES.confirm}
          </Button>
          <Button {...dialog.getKeepProps()} autoFocus>
            {ORDER_CANCEL_MESSAGES.keep}
          </Button>
        </div>
      </form>
    </AlertDialog>
  )
}

function RepeatDialog({ repeat }: { repeat: OrderRepeatActor }) {
  const dialog = useOrderRepeatApi(repeat)
  switch (dialog.kind) {
    case 'loading':
      return <Loading label={dialog.label} />
    case 'failed':
      return <FailedDialog title={dialog.title} message={dialog.text} onClose={dialog.onClose} />
    case 'repeated':
      return (
        <MessageDialog title={dialog.title} onClose={dialog.onClose} toBasket={dialog.toBasket}>
          <MessageText>{dialog.text}</MessageText>
          {dialog.shortLines.length > 0 ? (
            <div className={orderDialogs.short}>
              <MessageText>{dialog.shortTitle}</MessageText>
              <ul aria-label={dialog.shortTitle} className={orderDialogs.shortList}>
                {dialog.shortLines.map((line) => (
                  <li key={line.key}>
                    <span className={orderDialogs.shortName}>{line.name}</span> {line.text}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </MessageDialog>
      )
  }
}

/** A refused or failed call: the server's message and «Закрыть». */
function FailedDialog({ title, message, onClose }: { title: string; message: string | null; onClose: () => void }) {
  return (
    <MessageDialog title={title} onClose={onClose}>
      <MessageText>{message}</MessageText>
    </MessageDialog>
  )
}
