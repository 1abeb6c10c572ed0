import type { FormEvent } from 'react'
import type { AddressFormActor } from '../../machines/address-form.machine'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { ModalFrame } from '../ui/modal-frame'
import { FormField } from '../ui/form-field'
import { SuggestField } from '../ui/suggest-field'
import { useAddressFormApi } from './address-form-connect'
import styles from './addresses.module.css'

/** The spec's /tpl/address_form.html: «Адрес доставки» with suggestions, the postal index, «Сохранить» and «Отмена». */
export function AddressFormDialog({ form }: { form: AddressFormActor }) {
  const api = useAddressFormApi(form)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    api.submit()
  }
  return (
    <ModalFrame
      title={api.title}
      classes={{ ...dialogStyles, modal: `${dialogStyles.modal} ${styles.formModal}` }}
      onDismiss={api.isDismissable ? api.cancel : undefined}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <SuggestField
          label="Адрес"
          listLabel="Подсказки адреса"
          isRequired
          autoFocus
          isDisabled={api.isDisabled}
          options={api.options}
          highlighted={api.highlighted}
          {...api.addressField}
          onKey={api.handleKey}
          onChoose={api.choose}
          onClose={api.closeList}
        />
        <FormField label="Почтовый индекс" inputMode="numeric" autoComplete="postal-code" maxLength={6} isDisabled={api.isDisabled} {...api.postindexField} />
        {api.saveError ? (
          <p className={styles.formError} role="alert">
            {api.saveError.title}: {api.saveError.text}
          </p>
        ) : null}
        {api.step === 'saved' ? (
          <p className={styles.saved} role="status">
            {api.savedText}
          </p>
        ) : null}
        <div className={dialogStyles.actions}>
          <Button type="submit" variant="primary" isDisabled={api.isDisabled}>
            {api.submitLabel}
          </Button>
          <Button isDisabled={api.isDisabled} onPress={api.cancel}>
            Отмена
          </Button>
        </div>
      </form>
    </ModalFrame>
  )
}
