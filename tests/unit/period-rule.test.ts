import fc from 'fast-check'
import { of } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { ACT_REQUEST_PERIOD, OPEN_PERIOD, periodProblem } from '../../src/contract/period-rule'
import { filterError, withFilterField, ORDERS_FILTER_DEFAULTS } from '../../src/machines/orders-filter'
import { ApiCallError } from '../../src/services/http'
import { poll$, type PollEvent } from '../../src/services/streams'

const day = fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
const ru = (date: Date) => `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${date.getUTCFullYear()}`

describe('the period rule the acts and the orders share', () => {
  it('names the date that is no day, and which end it is', () => {
    expect(periodProblem('31.02.2026', '', OPEN_PERIOD)).toEqual({ kind: 'badDate', field: 'start', text: '31.02.2026' })
    expect(periodProblem('01.02.2026', ' 1.3.2026 ', OPEN_PERIOD)).toEqual({ kind: 'badDate', field: 'end', text: '1.3.2026' })
    expect(periodProblem('', '', OPEN_PERIOD)).toBeNull()
    expect(periodProblem('', '', ACT_REQUEST_PERIOD)).toEqual({ kind: 'badDate', field: 'start', text: '' })
  })

  it('a start after the end is wrong; the same day only where one day is a period', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [start, end] = [ru(a), ru(b)]
        const [from, to] = [a.toISOString().slice(0, 10), b.toISOString().slice(0, 10)]
        expect(periodProblem(start, end, OPEN_PERIOD)).toEqual(from > to ? { kind: 'badPeriod' } : null)
        expect(periodProblem(start, end, ACT_REQUEST_PERIOD)).toEqual(from >= to ? { kind: 'badPeriod' } : null)
      }),
    )
  })
})

describe('the orders filter form', () => {
  it('typing a date chooses «За период»; clearing it keeps the period chosen', () => {
    const typed = withFilterField(ORDERS_FILTER_DEFAULTS, 'end_date', '01.03.2026')
    expect(typed).toMatchObject({ dateselect: 'period', end_date: '01.03.2026' })
    expect(withFilterField({ ...ORDERS_FILTER_DEFAULTS, dateselect: 'month' }, 'start_date', '  ').dateselect).toBe('month')
    expect(withFilterField(typed, 'dateselect', 'bogus').dateselect).toBe('week')
    expect(withFilterField(typed, 'state', 'x').state).toBe(0)
    expect(withFilterField(typed, 'paid', '2').paid).toBe('')
  })

  it('checks the dates only with «За период»', () => {
    const wrong = { ...ORDERS_FILTER_DEFAULTS, start_date: '31.02.2026' }
    expect(filterError(wrong)).toBeNull()
    expect(filterError({ ...wrong, dateselect: 'period' })).toBe('Дата с: «31.02.2026» — такой даты нет. Введите дату в виде дд.мм.гггг, например 01.03.2026')
  })
})

it('a failed poll carries the status the server answered (a refusal the machine may stop on)', async () => {
  const seen: PollEvent<number>[] = []
  const subscription = poll$<number>({
    periodMs: 60_000,
    request: () => Promise.reject(new ApiCallError('Некорректный запрос', 400)),
    visible$: of(true),
  }).subscribe((event) => seen.push(event))
  await new Promise((resolve) => setTimeout(resolve, 20))
  subscription.unsubscribe()
  expect(seen).toEqual([{ type: 'poll.failed', message: 'Некорректный запрос', retryInMs: 60_000, status: 400 }])
})
