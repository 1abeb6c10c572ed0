import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Button, buttonClassName } from './button'
import dialogStyles from './confirm-dialog.module.css'
import styles from './message-dialog.module.css'
import { ModalFrame } from './modal-frame'

/** A modal alert dialog; Escape and a click outside close it unless `onClose` is absent (a call is running). */
export function AlertDialog({ title, children, onClose }: { title: string; children: ReactNode; onClose?: () => void }) {
  return (
    <ModalFrame title={title} classes={{ ...dialogStyles, modal: `${dialogStyles.modal} ${styles.wide}` }} role="alertdialog" onDismiss={onClose}>
      {children}
    </ModalFrame>
  )
}

export interface MessageDialogProps {
  title: string
  children: ReactNode
  onClose: () => void
  /** with «В корзину» (to /cart/) before «Закрыть» */
  toBasket?: boolean
}

/** A result the dealer reads and closes (Escape and a click outside close it too). */
export function MessageDialog({ title, children, onClose, toBasket = false }: MessageDialogProps) {
  return (
    <AlertDialog title={title} onClose={onClose}>
      {children}
      <div className={dialogStyles.actions}>
        {toBasket ? (
          <Link to="/cart/" className={buttonClassName('primary')}>
            В корзину
          </Link>
        ) : null}
        <Button onPress={onClose} autoFocus={!toBasket}>
          Закрыть
        </Button>
      </div>
    </AlertDialog>
  )
}

/** A paragraph of a message dialog. */
export const MessageText = ({ children }: { children: ReactNode }) => <p className={styles.text}>{children}</p>
