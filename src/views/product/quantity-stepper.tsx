import type { KeyboardEvent } from 'react'
import styles from './quantity-stepper.module.css'

export interface QuantityStepperProps {
  /** the accessible name of the field, e.g. "Количество: Котёл газовый" */
  label: string
  /** the text the field shows (the machine keeps it normalised) */
  value: string
  isDisabled?: boolean
  onInput: (text: string) => void
  onCommit: () => void
  onIncrement: () => void
  onDecrement: () => void
}

/**
 * "−", the quantity and "+" (spec §5). The rules live in the machine; this renders them. The
 * arrow keys step like the buttons, so the field alone is enough for a keyboard user.
 */
export function QuantityStepper({ label, value, isDisabled = false, onInput, onCommit, onIncrement, onDecrement }: QuantityStepperProps) {
  const stepByKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = event.key === 'ArrowUp' ? onIncrement : event.key === 'ArrowDown' ? onDecrement : null
    if (!step) return
    event.preventDefault()
    step()
  }
  return (
    <span className={styles.stepper} role="group" aria-label={label}>
      <button type="button" className={styles.step} aria-label="Уменьшить количество" disabled={isDisabled} onClick={onDecrement}>
        −
      </button>
      <input
        className={styles.field}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label="Количество"
        value={value}
        disabled={isDisabled}
        onChange={(event) => onInput(event.currentTarget.value)}
        onBlur={onCommit}
        onKeyDown={stepByKey}
      />
      <button type="button" className={styles.step} aria-label="Увеличить количество" disabled={isDisabled} onClick={onIncrement}>
        +
      </button>
    </span>
  )
}
