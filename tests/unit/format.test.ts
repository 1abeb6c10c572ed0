import { describe, expect, it } from 'vitest'
import { formatMoscowDate, formatMoscowDateTime } from '../../src/contract/moscow-time'
import { formatCount, formatDate, formatInteger, formatMoney, PRODUCT_FORMS } from '../../src/views/ui/format'

const intlMoney = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' })
const intlInteger = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 })
const intlPlural = new Intl.PluralRules('ru')

/** Amounts the way a price list makes them: halves, thirds, ties at the rounding digit, signs and zero. */
function amounts(): number[] {
  const values = [0, -0, 0.001, -0.001, 0.005, 0.015, 1.005, 2.675, 1.255, 999.995, 999999.995, 1234.5, -1234.5, 12, 1e15 + 0.3, 1e20, 123456789.126]
  let seed = 7
  for (let i = 0; i < 3000; i++) {
    seed = (seed * 48271) % 2147483647
    const cents = seed % 100_000_000
    values.push(cents / 100, -cents / 1000, (seed % 1000) / 3, cents + 0.5, cents / 8)
  }
  return values
}

describe('the hand-made ru-RU formats print what Intl prints', () => {
  it('money', () => {
    for (const value of [...amounts(), Number.NaN, Number.POSITIVE_INFINITY, 1e21, 5e-7])
      expect(formatMoney(value), String(value)).toBe(intlMoney.format(value))
  })

  it('integers', () => {
    for (const value of [...amounts(), Number.NaN, 1e21]) expect(formatInteger(value), String(value)).toBe(intlInteger.format(value))
  })

  it('word forms for every count up to 1,000, fractions and negatives', () => {
    const forms = { one: 'one', few: 'few', many: 'many', other: 'other' }
    const counts = [...Array.from({ length: 1001 }, (_, i) => i), 1.5, 0.25, 1.0001, 2.0004, -1, -3, -11, 1_000_001, 21.5]
    for (const count of counts) expect(formatCount(count, forms), String(count)).toBe(`${intlInteger.format(count)} ${intlPlural.select(count)}`)
    expect(formatCount(21, PRODUCT_FORMS)).toBe('21 товар')
    expect(formatCount(1234, PRODUCT_FORMS)).toBe('1\u00a0234 товара')
  })

  it('dates: a bare date as it is, a date-time on the local calendar', () => {
    const intlDate = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' })
    expect(formatDate('2026-02-03')).toBe('03.02.2026')
    for (const iso of ['2026-11-26T21:30:00Z', '2026-01-01T00:00:00+03:00', '2025-12-31T23:59:59.999Z'])
      expect(formatDate(iso)).toBe(intlDate.format(new Date(iso)))
    expect(formatDate('не дата')).toBe('не дата')
  })

  it('Moscow date and time, as Intl prints it in the Europe/Moscow zone', () => {
    const moscow = new Intl.DateTimeFormat('ru-RU', {
      timeZone: 'Europe/Moscow',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    const intl = (date: Date) => moscow.format(date).replace(', ', ' ')
    const from = Date.UTC(2015, 0, 1)
    for (let step = 0; step < 2000; step++) {
      const date = new Date(from + step * 7_654_321_09)
      expect(formatMoscowDateTime(date), date.toISOString()).toBe(intl(date))
    }
  })
  it('the Moscow day, as Intl prints it in the Europe/Moscow zone', () => {
    const moscow = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' })
    const from = Date.UTC(2015, 0, 1)
    for (let step = 0; step < 2000; step++) {
      const date = new Date(from + step * 7_654_321_09)
      expect(formatMoscowDate(date), date.toISOString()).toBe(moscow.format(date))
    }
    // the evening of 31 December in UTC is already the next year in Moscow
    expect(formatMoscowDate(new Date('2025-12-31T21:30:00Z'))).toBe('01.01.2026')
  })
})
