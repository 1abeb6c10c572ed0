import type { FormEvent } from 'react'
import type { ContragentFormActor } from '../../machines/contragent-form.machine'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { FormField } from '../ui/form-field'
import { ModalFrame } from '../ui/modal-frame'
import { useContragentFormApi } from './contragents-connect'
import styles from './contragents.module.css'

/** The spec's /tpl/contragent_form.html: name, INN and KPP (prefilled for a change), checked as they are left, then saved. */
export function ContragentFormDialog({ form }: { form: ContragentFormActor }) {
  const api = useContragentFormApi(form)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    api.submit()
  }
  return (
    <ModalFrame
      title={api.title}
      classes={{ ...dialogStyles, modal: `${dialogStyles.modal} ${styles.formModal}` }}
      onDismiss={api.isSaving ? undefined : api.cancel}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormField {...api.getFieldProps('company')} autoComplete="organization" maxLength={200} />
        <FormField {...api.getFieldProps('inn')} inputMode="numeric" maxLength={12} />
        <FormField {...api.getFieldProps('kpp')} maxLength={9} />
        {api.message ? (
          <p className={styles.formError} role="alert">
            {api.message}
          </p>
        ) : null}
        <div className={dialogStyles.actions}>
          <Button type="submit" variant="primary" isDisabled={api.isSaving}>
            {api.submitLabel}
          </Button>
          <Button isDisabled={api.isSaving} onPress={api.cancel}>
            Отмена
          </Button>
        </div>
      </form>
    </ModalFrame>
  )
}
