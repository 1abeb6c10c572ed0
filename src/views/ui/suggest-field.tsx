import { useId, type KeyboardEvent } from 'react'
import fieldStyles from './form-field.module.css'
import styles from './suggest-field.module.css'

/** One suggestion as the list shows it: the text, and a muted note beside it (an address's postal index). */
interface SuggestOption {
  value: string
  note?: string
}

export interface SuggestFieldProps {
  label: string
  /** the listbox's accessible name, e.g. «Подсказки адреса» */
  listLabel: string
  value: string
  error?: string | null
  isDisabled?: boolean
  isRequired?: boolean
  autoFocus?: boolean
  /** the suggestions shown (an empty list: closed) */
  options: SuggestOption[]
  /** the option the arrows moved to, -1 for none */
  highlighted: number
  onChange: (value: string) => void
  /** a key pressed in the field: true when the list used it (it is then stopped, so Escape does not close the dialog) */
  onKey: (key: string) => boolean
  onChoose: (index: number) => void
  /** the field loses focus: the list closes */
  onClose: () => void
}

/**
 * A text field as an ARIA 1.2 combobox on a native input: the suggestions are a listbox under
 * it; arrows move, Enter or a click chooses, Escape closes the list before it would close the
 * modal. The machine decides everything; this only renders and forwards.
 */
export function SuggestField(props: SuggestFieldProps) {
  const id = useId()
  const ids = { input: `${id}-input`, list: `${id}-list`, error: `${id}-error`, option: (index: number) => `${id}-option-${index}` }
  const { options, highlighted, error } = props
  const isOpen = options.length > 0
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (props.onKey(event.key)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={ids.input}>
        {props.label}
      </label>
      <div className={styles.combo}>
        <input
          id={ids.input}
          className={fieldStyles.input}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={ids.list}
          aria-activedescendant={isOpen && highlighted >= 0 ? ids.option(highlighted) : undefined}
          aria-required={props.isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          disabled={props.isDisabled}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={props.onClose}
          // the dialog's first field, where it is one: where the dealer starts typing
          autoFocus={props.autoFocus}
        />
        <ul id={ids.list} role="listbox" aria-label={props.listLabel} className={styles.suggestions} hidden={!isOpen}>
          {options.map((option, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard chooses through the field (aria-activedescendant)
            <li
              key={`${option.value} ${option.note ?? ''}`}
              id={ids.option(index)}
              role="option"
              aria-selected={index === highlighted}
              className={styles.suggestion}
              // keeps focus in the field, so the click is not lost to its blur
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => props.onChoose(index)}
            >
              <span>{option.value}</span>
              {option.note ? <span className={styles.suggestionNote}>{option.note}</span> : null}
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
