import type { FormEvent } from 'react'
import type { ActRequestActor } from '../../machines/act-request.machine'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { DateField } from '../ui/date-field'
import { ModalFrame } from '../ui/modal-frame'
import { useActRequestApi } from './acts-connect'
import { ChoiceField } from './choice-field'
import styles from './acts.module.css'

const REQUEST_TITLE = 'Запрос акта сверки'

/** The spec's /tpl/act_form.html: contract, contragent and the period; «Запросить» checks it, then sends. */
export function ActRequestDialog({ request, onClose }: { request: ActRequestActor; onClose: () => void }) {
  const api = useActRequestApi(request)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    api.submit()
  }
  return (
    <ModalFrame
      title={REQUEST_TITLE}
      classes={{ ...dialogStyles, modal: `${dialogStyles.modal} ${styles.requestModal}` }}
      onDismiss={api.isDismissable ? onClose : undefined}
    >
      <form className={styles.requestForm} onSubmit={submit} noValidate>
        <ChoiceField {...api.getContragentProps()} />
        <ChoiceField {...api.getContractProps()} />
        <div className={styles.period}>
          <DateField {...api.getStartDateProps()} />
          <DateField {...api.getEndDateProps()} />
        </div>
        {api.error ? (
          <p className={api.error.kind === 'form' ? styles.formError : styles.serverError} role="alert">
            {api.error.text}
          </p>
        ) : null}
        <div className={dialogStyles.actions}>
          <Button type="submit" variant="primary" isDisabled={api.isSending}>
            {api.submitLabel}
          </Button>
          <Button isDisabled={api.isSending} onPress={onClose}>
            Отмена
          </Button>
        </div>
      </form>
    </ModalFrame>
  )
}
