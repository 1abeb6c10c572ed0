import type { FocusEvent, FormEvent } from 'react'
import { formatDecimalText, parseDecimalText } from '../../machines/decimal-text'
import { Button } from '../ui/button'
import styles from './catalogue.module.css'

export interface RangeFilterProps {
  /** the group's name, e.g. "Цена, ₽" */
  legend: string
  /** what the server has under the current filter (the inputs' placeholders) */
  bounds: { min: number; max: number }
  value: { min: number | null; max: number | null }
  onCommit: (min: number | null, max: number | null) => void
}

const RANGE_INPUT_MESSAGE = 'Введите число'

const inputOf = (form: HTMLFormElement, name: 'from' | 'to') => form.elements.namedItem(name) as HTMLInputElement

/**
 * A pair of labelled text inputs ("от" and "до") that read a decimal comma ("1000,5") as well as a
 * point. The choice is sent when the dealer leaves the pair, presses Enter or «Применить», not on
 * every keystroke; what is not a number is refused in place.
 */
export function RangeFilter({ legend, bounds, value, onCommit }: RangeFilterProps) {
  const commit = (form: HTMLFormElement) => {
    const inputs = [inputOf(form, 'from'), inputOf(form, 'to')]
    const [min, max] = inputs.map((input) => parseDecimalText(input.value))
    for (const input of inputs) input.setCustomValidity(parseDecimalText(input.value) === undefined ? RANGE_INPUT_MESSAGE : '')
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
    // leaving one input for the other (or for «Применить») is not a commit yet
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) commit(event.currentTarget)
  }
  // keyed by the value, so a new address (reload, back) resets what is typed
  const key = `${value.min}:${value.max}`

  return (
    <form className={styles.range} onSubmit={onSubmit} onBlur={onBlur} noValidate key={key}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{legend}</legend>
        <div className={styles.rangeInputs}>
          <RangeInput name="from" word="от" legend={legend} placeholder={bounds.min} value={value.min} />
          <RangeInput name="to" word="до" legend={legend} placeholder={bounds.max} value={value.max} />
          <Button type="submit" className={styles.rangeApply} aria-label={`Применить: ${legend}`}>
            Применить
          </Button>
        </div>
      </fieldset>
    </form>
  )
}

interface RangeInputProps {
  name: 'from' | 'to'
  word: 'от' | 'до'
  legend: string
  placeholder: number
  value: number | null
}

function RangeInput({ name, word, legend, placeholder, value }: RangeInputProps) {
  return (
    <label className={styles.rangeLabel}>
      <span>{word}</span>
      <input
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={formatDecimalText(placeholder)}
        defaultValue={value === null ? '' : formatDecimalText(value)}
        aria-label={`${legend}: ${word}`}
      />
    </label>
  )
}
