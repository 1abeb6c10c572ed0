import { Link } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import type { DraftSaveActor } from '../../machines/draft-save.machine'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { ErrorBlock } from '../ui/error-block'
import { FormField } from '../ui/form-field'
import { ModalFrame } from '../ui/modal-frame'
import { useDraftSaveApi, type DraftSaveApi } from './cart-dialogs-connect'
import styles from './draft-save.module.css'

/** «Сохранить как черновик» in the basket toolbar: the button, the name dialog and the "saved" message. */
export function DraftSave({ draftSave }: { draftSave: DraftSaveActor }) {
  const api = useDraftSaveApi(draftSave)
  return (
    <>
      <Button className={styles.open} {...api.getOpenButtonProps()} />
      {api.saved ? (
        <div className={styles.saved} role="status" aria-label="Черновик сохранён">
          <p>
            {api.saved.text}. <Link to="/cabinet/drafts/">Перейти к черновикам</Link>
          </p>
          <Button variant="ghost" onPress={api.saved.onClose}>
            Закрыть
          </Button>
        </div>
      ) : null}
      {api.dialog ? <DraftSaveDialog dialog={api.dialog} /> : null}
    </>
  )
}

function DraftSaveDialog({ dialog }: { dialog: NonNullable<DraftSaveApi['dialog']> }) {
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
