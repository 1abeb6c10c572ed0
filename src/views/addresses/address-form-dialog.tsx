import type { FormEvent } from 'react'
import { ADDRESS_FORM_MESSAGES, type AddressFormActor } from '../../machines/address-form.machine'
import { ADDRESSES_MESSAGES } from '../../machines/addresses.machine'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { Loading } from '../ui/loading'
import { MessageDialog, MessageText } from '../ui/message-dialog'
import { ModalFrame } from '../ui/modal-frame'
import { FormField } from '../ui/form-field'
import { SuggestField } from '../ui/suggest-field'
import { useAddressFormApi } from './address-form-connect'
import type { AddressFormDialogModel } from './addresses-connect'
import styles from './addresses.module.css'

const FORM_CLASSES = { ...dialogStyles, modal: `${dialogStyles.modal} ${styles.formModal}` }

/** The modal «Адрес доставки»: a loader while its code loads, a message when it did not, then the form. */
export function AddressFormDialog({ dialog }: { dialog: Exclude<AddressFormDialogModel, { kind: 'none' }> }) {
  switch (dialog.kind) {
    case 'loading':
      return (
        <ModalFrame title={ADDRESS_FORM_MESSAGES.title} classes={FORM_CLASSES} onDismiss={dialog.onClose}>
          <Loading label={ADDRESSES_MESSAGES.formLoading} />
        </ModalFrame>
      )
    case 'failed':
      return (
        <MessageDialog title={ADDRESS_FORM_MESSAGES.title} onClose={dialog.onClose}>
          <MessageText>{ADDRESSES_MESSAGES.formCodeFailed}</MessageText>
        </MessageDialog>
      )
    case 'open':
      return <AddressForm form={dialog.form} />
  }
}

/** The spec's /tpl/address_form.html: «Адрес доставки» with suggestions, the postal index, «Сохранить» and «Отмена». */
function AddressForm({ form }: { form: AddressFormActor }) {
  const api = useAddressFormApi(form)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    api.submit()
  }
  return (
    <ModalFrame title={api.title} classes={FORM_CLASSES} onDismiss={api.isDismissable ? api.cancel : undefined}>
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
