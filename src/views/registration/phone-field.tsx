import { useId } from 'react'
import { IMaskInput } from 'react-imask'
import { PHONE_MASK, PHONE_PLACEHOLDER } from '../../machines/phone'
import styles from '../login/form-field.module.css'

export interface PhoneFieldProps {
  value: string
  error: string | null
  isReadOnly: boolean
  onChange: (masked: string) => void
  onBlur: () => void
}

/** 'Телефон' behind the mask +7 (000) 000-00-00; imask owns the input, so the label and message are wired by hand. */
export function PhoneField({ value, error, isReadOnly, onChange, onBlur }: PhoneFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Телефон
      </label>
      <IMaskInput
        id={id}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        className={styles.input}
        mask={PHONE_MASK}
        placeholder={PHONE_PLACEHOLDER}
        value={value}
        unmask={false}
        readOnly={isReadOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onAccept={(masked: string) => onChange(masked)}
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
