import type { FormEvent } from 'react'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { ErrorBlock } from '../ui/error-block'
import { FormField } from '../ui/form-field'
import { ModalFrame } from '../ui/modal-frame'
import type { DraftSaveApi } from './cart-dialogs-connect'
import styles from './draft-save.module.css'

/** The draft's name dialog (loaded when a pointer or the focus reaches «Сохранить как черновик», or when it opens). */
export default function DraftSaveDialog({ dialog }: { dialog: NonNullable<DraftSaveApi['dialog']> }) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    dialog.submit()
  }
  return (
    <ModalFrame title={dialog.title} classes={dialogStyles} onDismiss={dialog.onDismiss}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField {...dialog.getFieldProps()} autoFocus />
        {dialog.failure ? <ErrorBlock {...dialog.failure} /> : null}
        <div className={dialogStyles.actions}>
          <Button {...dialog.getSaveButtonProps()} />
          <Button {...dialog.getCancelButtonProps()} />
        </div>
      </form>
    </ModalFrame>
  )
}
