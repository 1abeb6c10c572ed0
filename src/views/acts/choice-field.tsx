import { useId } from 'react'
import fieldStyles from '../ui/form-field.module.css'

export interface ChoiceFieldProps {
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
  disabled?: boolean
}

/** A labelled native select: the browser's own keyboard and screen-reader support. */
export function ChoiceField({ label, value, options, onChange, disabled }: ChoiceFieldProps) {
  const id = useId()
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select id={id} className={fieldStyles.input} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
