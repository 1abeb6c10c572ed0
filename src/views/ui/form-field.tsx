import { useId, type InputHTMLAttributes } from 'react'
import styles from './form-field.module.css'

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className' | 'value' | 'defaultValue' | 'onChange' | 'disabled' | 'readOnly' | 'required' | 'children'
>

export interface FormFieldProps extends NativeInputProps {
  label: string
  /** the message under the field; the field is invalid while there is one */
  error?: string | null
  value?: string
  isDisabled?: boolean
  isReadOnly?: boolean
  /** announced as required; the machine, not the browser, says what is missing */
  isRequired?: boolean
  onChange?: (value: string) => void
}

/**
 * A labelled text field whose message (from a machine, not the browser) is announced when it
 * appears and describes the field. A native input: a label, aria-invalid and aria-describedby are
 * all a screen reader needs, with no react-aria in the bundle of the pages that use it.
 */
export function FormField({ label, error, isDisabled, isReadOnly, isRequired, onChange, ...props }: FormFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...props}
        id={id}
        className={styles.input}
        disabled={isDisabled}
        readOnly={isReadOnly}
        aria-required={isRequired || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
      />
      {error ? (
        <span id={errorId} className={styles.error}>
          <span role="alert">{error}</span>
        </span>
      ) : null}
    </div>
  )
}
