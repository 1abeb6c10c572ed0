import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import styles from './date-field.module.css'

/** A calendar day in UTC, so no time zone moves it. */
type Day = Date

const MONTHS = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь']
const WEEKDAYS = [
  ['Пн', 'понедельник'],
  ['Вт', 'вторник'],
  ['Ср', 'среда'],
  ['Чт', 'четверг'],
  ['Пт', 'пятница'],
  ['Сб', 'суббота'],
  ['Вс', 'воскресенье'],
] as const
// built when a calendar first opens: the first Intl formatter of a page costs a long task to load the locale
let dayLabel: Intl.DateTimeFormat | undefined
const labelOfDay = (day: Day) =>
  (dayLabel ??= new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', weekday: 'long', timeZone: 'UTC' })).format(day)

const pad = (n: number) => String(n).padStart(2, '0')
const formatDay = (day: Day) => `${pad(day.getUTCDate())}.${pad(day.getUTCMonth() + 1)}.${day.getUTCFullYear()}`

/** The day a dd.mm.yyyy text names, or null (31.02 names none). */
function parseDay(text: string | undefined): Day | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text ?? '')
  if (!match) return null
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null
}

const today = (): Day => {
  const now = new Date()
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()))
}
const addDays = (day: Day, n: number) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + n))
/** The same day n months on, kept inside the shorter month (31.03 − 1 month = 28/29.02). */
function addMonths(day: Day, n: number): Day {
  const first = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + n, 1))
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day.getUTCDate(), last)))
}
const sameDay = (a: Day | null, b: Day | null) => a !== null && b !== null && a.getTime() === b.getTime()
/** Monday = 0 ... Sunday = 6 (Russian weeks start on Monday). */
const weekdayIndex = (day: Day) => (day.getUTCDay() + 6) % 7

/** The weeks (Monday to Sunday) that show the month of `day`. */
function monthWeeks(day: Day): Day[][] {
  const first = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1))
  let cursor = addDays(first, -weekdayIndex(first))
  const weeks: Day[][] = []
  do {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(cursor, i)))
    cursor = addDays(cursor, 7)
  } while (cursor.getUTCMonth() === day.getUTCMonth())
  return weeks
}

const clamp = (day: Day, min: Day | null, max: Day | null) => (min && day < min ? min : max && day > max ? max : day)

const KEY_MOVES: Record<string, (day: Day, shift: boolean) => Day> = {
  ArrowLeft: (day) => addDays(day, -1),
  ArrowRight: (day) => addDays(day, 1),
  ArrowUp: (day) => addDays(day, -7),
  ArrowDown: (day) => addDays(day, 7),
  Home: (day) => addDays(day, -weekdayIndex(day)),
  End: (day) => addDays(day, 6 - weekdayIndex(day)),
  PageUp: (day, shift) => addMonths(day, shift ? -12 : -1),
  PageDown: (day, shift) => addMonths(day, shift ? 12 : 1),
}

const Chevron = ({ turn }: { turn: number }) => (
  <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false" style={{ transform: `rotate(${turn}deg)` }}>
    <path fill="none" stroke="currentColor" strokeWidth="2" d="M6 3l5 5-5 5" />
  </svg>
)

export interface DateCalendarProps {
  /** the field's label: the calendar's name is «Календарь: <label>» */
  label: string
  /** the id of the month heading that names the grid */
  headingId: string
  /** dd.mm.yyyy or what has been typed: the day selected, and the one focused first (else today) */
  value: string
  min?: string
  max?: string
  /** a day picked (Enter, Space or a click), as dd.mm.yyyy */
  onPick: (text: string) => void
}

/**
 * The month grid of a DateField, loaded when a calendar first opens (or a moment earlier, when a
 * pointer or the focus reaches its button). Arrows move a day or a week, PageUp/PageDown a month,
 * Shift with them a year, Home/End the week's ends, Enter or Space picks; the field closes it.
 */
export default function DateCalendar({ label, headingId, value, min, max, onPick }: DateCalendarProps) {
  const gridRef = useRef<HTMLTableElement>(null)
  const minDay = parseDay(min)
  const maxDay = parseDay(max)
  const selected = parseDay(value)
  const [focused, setFocused] = useState<Day>(() => clamp(selected ?? today(), minDay, maxDay))
  const focusRovingDay = () => gridRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus()
  // the focus goes into the grid as it opens
  useEffect(focusRovingDay, [])

  const focusDay = (day: Day) => {
    setFocused(clamp(day, minDay, maxDay))
    // the grid re-renders with the new roving tab stop; focus it after the commit
    queueMicrotask(focusRovingDay)
  }
  const pick = (day: Day) => onPick(formatDay(day))
  const isOutside = (day: Day) => Boolean((minDay && day < minDay) || (maxDay && day > maxDay))

  const onGridKeyDown = (event: KeyboardEvent) => {
    const move = KEY_MOVES[event.key]
    if (move) {
      event.preventDefault()
      focusDay(move(focused, event.shiftKey))
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      if (!isOutside(focused)) pick(focused)
    }
  }

  return (
    <div className={styles.popover} role="dialog" aria-modal="false" aria-label={`Календарь: ${label}`}>
      <div className={styles.header}>
        <button type="button" className={styles.nav} aria-label="Предыдущий месяц" onClick={() => focusDay(addMonths(focused, -1))}>
          <Chevron turn={180} />
        </button>
        <span id={headingId} className={styles.month} aria-live="polite">
          {MONTHS[focused.getUTCMonth()]} {focused.getUTCFullYear()}
        </span>
        <button type="button" className={styles.nav} aria-label="Следующий месяц" onClick={() => focusDay(addMonths(focused, 1))}>
          <Chevron turn={0} />
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={headingId} className={styles.grid} onKeyDown={onGridKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, full]) => (
              <th key={short} scope="col" abbr={full} aria-label={full}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focused).map((week) => (
            <tr key={formatDay(week[0] ?? focused)}>
              {week.map((day) => {
                const inMonth = day.getUTCMonth() === focused.getUTCMonth()
                const outside = isOutside(day)
                return (
                  <td
                    key={day.getTime()}
                    role="gridcell"
                    tabIndex={sameDay(day, focused) ? 0 : -1}
                    aria-selected={sameDay(day, selected)}
                    aria-disabled={outside || undefined}
                    aria-label={labelOfDay(day)}
                    aria-current={sameDay(day, today()) ? 'date' : undefined}
                    className={[styles.day, inMonth ? '' : styles.otherMonth, outside ? styles.disabled : ''].filter(Boolean).join(' ')}
                    onClick={() => (outside ? undefined : pick(day))}
                  >
                    {day.getUTCDate()}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
