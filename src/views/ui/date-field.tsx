import { Suspense, useId, useRef, useState } from 'react'
import { MaskedInput } from './masked-input'
import fieldStyles from './form-field.module.css'
import styles from './date-field.module.css'
import { lazyPart } from './lazy-part'

// the month grid is not needed until a calendar opens: it loads then, or a moment earlier, when a
// pointer or the focus reaches the calendar button
const loadDateCalendar = () => import('./date-calendar')
const DateCalendar = lazyPart(loadDateCalendar)
const preloadDateCalendar = () => void loadDateCalendar()

export interface DateFieldProps {
  label: string
  /** dd.mm.yyyy, or what has been typed so far */
  value: string
  /** the typed or picked text */
  onChange: (text: string) => void
  error?: string | null
  /** dd.mm.yyyy: the first day the calendar offers */
  min?: string
  /** dd.mm.yyyy: the last day the calendar offers */
  max?: string
  id?: string
  disabled?: boolean
}

const CalendarIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M4 1h1.5v1.5h5V1H12v1.5h2a1 1 0 0 1 1 1V14a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V3.5a1 1 0 0 1 1-1h2zm-1.5 5v7.5h11V6zm1.5 1.5h2v2H4zm3 0h2v2H7zm3 0h2v2h-2z"
    />
  </svg>
)

/**
 * A dd.mm.yyyy field (spec §5): a masked input, and a button that opens a ru-RU month grid
 * (arrows move a day or a week, PageUp/PageDown a month, Shift with them a year, Home/End the
 * week's ends, Enter or Space picks, Escape closes; focus goes back to the button).
 */
export function DateField({ label, value, onChange, error, min, max, id, disabled = false }: DateFieldProps) {
  const ownId = useId()
  const inputId = id ?? `${ownId}-input`
  const errorId = `${inputId}-error`
  const headingId = `${inputId}-month`
  const buttonRef = useRef<HTMLButtonElement>(null)
  const [isOpen, setOpen] = useState(false)

  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }
  const pick = (text: string) => {
    onChange(text)
    close(true)
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches Escape from the field and the calendar inside it
    <div
      className={`${fieldStyles.field} ${styles.root}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.preventDefault()
          event.stopPropagation()
          close(true)
        }
      }}
      onBlur={(event) => {
        if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) close(false)
      }}
    >
      <label htmlFor={inputId} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <MaskedInput
          id={inputId}
          className={`${fieldStyles.input} ${styles.input}`}
          mask="00.00.0000"
          placeholder="дд.мм.гггг"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onAccept={(text: string) => {
            if (text !== value) onChange(text)
          }}
        />
        <button
          ref={buttonRef}
          type="button"
          className={styles.toggle}
          aria-label={`Выбрать дату: ${label}`}
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          disabled={disabled}
          onPointerEnter={preloadDateCalendar}
          onFocus={preloadDateCalendar}
          onClick={() => (isOpen ? close(true) : setOpen(true))}
        >
          <CalendarIcon />
        </button>
      </div>
      {error ? (
        <span id={errorId} className={fieldStyles.error} role="alert">
          {error}
        </span>
      ) : null}
      {isOpen ? (
        <Suspense fallback={null}>
          <DateCalendar label={label} headingId={headingId} value={value} min={min} max={max} onPick={pick} />
        </Suspense>
      ) : null}
    </div>
  )
}
