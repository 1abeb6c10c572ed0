import type { FocusEvent, FormEvent } from 'react'
import styles from './catalogue.module.css'

export interface RangeFilterProps {
  /** the group's name, e.g. "Цена, ₽" */
  legend: string
  /** what the server has under the current filter (the inputs' placeholders and limits) */
  bounds: { min: number; max: number }
  value: { min: number | null; max: number | null }
  /** digits after the decimal point the inputs accept */
  decimals: number
  onCommit: (min: number | null, max: number | null) => void
}

const RANGE_INPUT_MESSAGE = 'Введите число'

const numberOf = (input: HTMLInputElement): number | null | undefined => {
  if (input.validity.badInput) return undefined
  return input.value.trim() === '' ? null : input.valueAsNumber
}

/**
 * A pair of labelled number inputs ("от" and "до"). The choice is sent when the dealer leaves an
 * input or presses Enter, not on every keystroke; what is not a number is refused in place.
 */
export function RangeFilter({ legend, bounds, value, decimals, onCommit }: RangeFilterProps) {
  const commit = (form: HTMLFormElement) => {
    const [from, to] = [form.elements.namedItem('from'), form.elements.namedItem('to')] as HTMLInputElement[]
    const min = numberOf(from!)
    const max = numberOf(to!)
    for (const input of [from!, to!]) input.setCustomValidity(numberOf(input) === undefined ? RANGE_INPUT_MESSAGE : '')
    if (min === undefined || max === undefined) {
      form.reportValidity()
      return
    }
    if (min !== value.min || max !== value.max) onCommit(min, max)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    commit(event.currentTarget)
  }
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    // leaving one input for the other is not a commit yet
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) commit(event.currentTarget)
  }
  const step = decimals > 0 ? 1 / 10 ** decimals : 1
  // keyed by the value, so a new address (reload, back) resets what is typed
  const key = `${value.min}:${value.max}`

  return (
    <form className={styles.range} onSubmit={onSubmit} onBlur={onBlur} noValidate key={key}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{legend}</legend>
        <div className={styles.rangeInputs}>
          <RangeInput name="from" word="от" legend={legend} bounds={bounds} step={step} placeholder={bounds.min} value={value.min} />
          <RangeInput name="to" word="до" legend={legend} bounds={bounds} step={step} placeholder={bounds.max} value={value.max} />
          <button type="submit" className="visually-hidden" tabIndex={-1}>
            Применить
          </button>
        </div>
      </fieldset>
    </form>
  )
}

interface RangeInputProps {
  name: 'from' | 'to'
  word: 'от' | 'до'
  legend: string
  bounds: { min: number; max: number }
  step: number
  placeholder: number
  value: number | null
}

function RangeInput({ name, word, legend, bounds, step, placeholder, value }: RangeInputProps) {
  return (
    <label className={styles.rangeLabel}>
      <span>{word}</span>
      <input
        name={name}
        type="number"
        inputMode="decimal"
        min={bounds.min}
        max={bounds.max}
        step={step}
        placeholder={String(placeholder)}
        defaultValue={value ?? ''}
        aria-label={`${legend}: ${word}`}
      />
    </label>
  )
}
