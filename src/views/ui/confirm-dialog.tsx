import type { ReactNode } from 'react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { Button } from './button'
import styles from './confirm-dialog.module.css'

export interface ConfirmDialogProps {
  title: string
  children?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  isBusy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** A question with a confirm and a cancel button; Escape and a click outside cancel. */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Отмена', isBusy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalOverlay className={styles.overlay} isOpen isDismissable={!isBusy} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} role="alertdialog">
          <Heading slot="title" className={styles.title}>
            {title}
          </Heading>
          {children}
          <div className={styles.actions}>
            <Button variant="primary" onPress={onConfirm} isDisabled={isBusy}>
              {confirmLabel}
            </Button>
            <Button onPress={onCancel} isDisabled={isBusy} autoFocus>
              {cancelLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
