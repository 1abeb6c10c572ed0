import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDecimalText, parseDecimalText } from '../../src/machines/decimal-text'

describe('range fields read a decimal comma (issue 21, item 5)', () => {
  it('reads «1000,5» as 1000.5, not 10005', () => {
    expect(parseDecimalText('1000,5')).toBe(1000.5)
    expect(parseDecimalText('1000.5')).toBe(1000.5)
    expect(parseDecimalText(' 1 000,50 ')).toBe(1000.5)
    expect(parseDecimalText('1\u00a0000,5')).toBe(1000.5)
    expect(parseDecimalText(',5')).toBe(0.5)
    expect(parseDecimalText('12,')).toBe(12)
    expect(parseDecimalText('-3,25')).toBe(-3.25)
  })

  it('leaves an empty field empty and refuses what is not a number', () => {
    expect(parseDecimalText('')).toBeNull()
    expect(parseDecimalText('   ')).toBeNull()
    for (const text of ['e', '1e3', '1,2,3', '1.2,3', '12a', ',', '-', '--1']) expect(parseDecimalText(text), text).toBeUndefined()
  })

  it('shows numbers with the comma («75,73») and reads them back the same', () => {
    expect(formatDecimalText(75.73)).toBe('75,73')
    expect(formatDecimalText(1000)).toBe('1000')
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 3 }), (whole, decimals) => {
        const value = whole / 10 ** decimals
        expect(parseDecimalText(formatDecimalText(value))).toBe(value)
      }),
    )
  })
})
