import { useId, type FormEvent, type KeyboardEvent } from 'react'
import type { AddressFormActor } from '../../machines/address-form.machine'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { ModalFrame } from '../ui/modal-frame'
import { FormField } from '../ui/form-field'
import fieldStyles from '../ui/form-field.module.css'
import { useAddressFormApi, type AddressFormApi } from './addresses-connect'
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
        <AddressCombobox api={api} />
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

/**
 * The full address as an ARIA 1.2 combobox on a native input: the suggestions are a listbox under
 * it; arrows move, Enter or a click chooses (the postal index follows), Escape closes the list
 * before it would close the modal.
 */
function AddressCombobox({ api }: { api: AddressFormApi }) {
  const id = useId()
  const ids = { input: `${id}-input`, list: `${id}-list`, error: `${id}-error`, option: (index: number) => `${id}-option-${index}` }
  const { value, error, onChange } = api.addressField
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (api.handleKey(event.key)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={ids.input}>
        Адрес
      </label>
      <div className={styles.combo}>
        <input
          id={ids.input}
          className={fieldStyles.input}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={api.isOpen}
          aria-controls={ids.list}
          aria-activedescendant={api.isOpen && api.highlighted >= 0 ? ids.option(api.highlighted) : undefined}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          disabled={api.isDisabled}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={api.closeList}
          // the dialog's first field: where the dealer starts typing
          autoFocus
        />
        <ul id={ids.list} role="listbox" aria-label="Подсказки адреса" className={styles.suggestions} hidden={!api.isOpen}>
          {api.suggestions.map((suggestion, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard chooses through the field (aria-activedescendant)
            <li
              key={`${suggestion.value} ${suggestion.postindex ?? ''}`}
              id={ids.option(index)}
              role="option"
              aria-selected={index === api.highlighted}
              className={styles.suggestion}
              // keeps focus in the field, so the click is not lost to its blur
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => api.choose(index)}
            >
              <span>{suggestion.value}</span>
              {suggestion.postindex ? <span className={styles.suggestionIndex}>{suggestion.postindex}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      {error ? (
        <span id={ids.error} className={fieldStyles.error}>
          <span role="alert">{error}</span>
        </span>
      ) : null}
    </div>
  )
}
