import { useId } from 'react'
import { formatPhone, PHONE_MASK, PHONE_PLACEHOLDER } from '../../machines/phone'
import { MaskedInput } from './masked-input'
import styles from './form-field.module.css'

export interface PhoneFieldProps {
  value: string
  error: string | null
  isReadOnly: boolean
  onChange: (masked: string) => void
  onBlur: () => void
}

/**
 * Room for one digit past the mask: a number typed, pasted or autofilled with its trunk prefix
 * (8 916 123-45-67, 11 digits) must not be cut to '+7 (891) 612-34-56'. formatPhone then reads the
 * 11 digits as the 10 national ones, and the field shows the mask's form again.
 */
const INPUT_MASK = `${PHONE_MASK}[0]`

/** 'Телефон' behind the mask +7 (000) 000-00-00; imask owns the input, so the label and message are wired by hand. */
export function PhoneField({ value, error, isReadOnly, onChange, onBlur }: PhoneFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Телефон
      </label>
      <MaskedInput
        id={id}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        className={styles.input}
        mask={INPUT_MASK}
        placeholder={PHONE_PLACEHOLDER}
        value={value}
        readOnly={isReadOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onAccept={(masked: string) => onChange(formatPhone(masked))}
        onBlur={onBlur}
      />
      {error ? (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  )
}
