import type { ReactNode } from 'react'
import { Button } from './button'
import styles from './confirm-dialog.module.css'
import { ModalFrame } from './modal-frame'

export interface ConfirmDialogProps {
  title: string
  children?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  isBusy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** A question with a confirm and a cancel button; Escape and a click outside cancel, except while busy. */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Отмена', isBusy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <ModalFrame title={title} classes={styles} role="alertdialog" onDismiss={isBusy ? undefined : onCancel}>
      {children}
      <div className={styles.actions}>
        <Button variant="primary" onPress={onConfirm} isDisabled={isBusy}>
          {confirmLabel}
        </Button>
        <Button onPress={onCancel} isDisabled={isBusy} autoFocus>
          {cancelLabel}
        </Button>
      </div>
    </ModalFrame>
  )
}
