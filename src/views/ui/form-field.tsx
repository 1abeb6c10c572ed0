import { FieldError, Input, Label, TextField, type TextFieldProps } from 'react-aria-components'
import styles from './form-field.module.css'

export interface FormFieldProps extends Omit<TextFieldProps, 'children' | 'className' | 'isInvalid' | 'validationBehavior'> {
  label: string
  /** the message under the field; the field is invalid while there is one */
  error?: string | null
  placeholder?: string
}

/** A labelled text field whose message (from a machine, not the browser) is announced when it appears. */
export function FormField({ label, error, placeholder, ...props }: FormFieldProps) {
  return (
    <TextField {...props} isInvalid={Boolean(error)} validationBehavior="aria" className={styles.field}>
      <Label className={styles.label}>{label}</Label>
      <Input className={styles.input} placeholder={placeholder} />
      <FieldError className={styles.error}>
        <span role="alert">{error}</span>
      </FieldError>
    </TextField>
  )
}
