import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PHONE_PATTERN } from '../../src/contract/account-fields'
import { formatPhone, isCompletePhone, PHONE_PLACEHOLDER, phoneDigits } from '../../src/machines/phone'

const digit = fc.constantFrom(...'0123456789')
const digitsOf = (min: number, max: number) => fc.array(digit, { minLength: min, maxLength: max }).map((d) => d.join(''))

// a masked text fits the placeholder when every position holds its fixed character or, where
// the placeholder has '_', a digit
const fitsPlaceholder = (masked: string) =>
  masked.length <= PHONE_PLACEHOLDER.length &&
  [...masked].every((char, i) => (PHONE_PLACEHOLDER[i] === '_' ? /\d/.test(char) : char === PHONE_PLACEHOLDER[i]))

describe('phone mask', () => {
  it('round-trips any 10 national digits', () => {
    fc.assert(fc.property(digitsOf(10, 10), (digits) => phoneDigits(formatPhone(digits)) === digits))
  })

  it('formats 10 digits to the contract pattern', () => {
    fc.assert(
      fc.property(digitsOf(10, 10), (digits) => {
        const masked = formatPhone(digits)
        return PHONE_PATTERN.test(masked) && isCompletePhone(masked)
      }),
    )
  })

  it('never writes past the mask, whatever is typed or pasted', () => {
    fc.assert(fc.property(fc.string(), (text) => fitsPlaceholder(formatPhone(text))))
  })

  it('shows a partial number as a prefix of the complete one', () => {
    fc.assert(
      fc.property(digitsOf(0, 10), digitsOf(10, 10), (partial, rest) => {
        const complete = formatPhone((partial + rest).slice(0, 10))
        return complete.startsWith(formatPhone(partial)) && isCompletePhone(formatPhone(partial)) === (partial.length === 10)
      }),
    )
  })

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (text) => formatPhone(formatPhone(text)) === formatPhone(text)))
  })

  it.each([
    ['', ''],
    ['9', '+7 (9'],
    ['912', '+7 (912'],
    ['9123', '+7 (912) 3'],
    ['91234567', '+7 (912) 345-67'],
    ['9123456789', '+7 (912) 345-67-89'],
    ['89123456789', '+7 (912) 345-67-89'],
    ['79123456789', '+7 (912) 345-67-89'],
    ['+7 912 345-67-89', '+7 (912) 345-67-89'],
    ['8 (912) 345 67 89', '+7 (912) 345-67-89'],
    ['8123456789', '+7 (812) 345-67-89'],
    ['+7 (912', '+7 (912'],
    ['9123456789000', '+7 (912) 345-67-89'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected)
  })

  it('reads the national digits of a masked number', () => {
    expect(phoneDigits('+7 (912) 345-67-89')).toBe('9123456789')
    expect(phoneDigits('+7 (912) 3')).toBe('9123')
    expect(phoneDigits('+7 (')).toBe('')
    expect(isCompletePhone('+7 (912) 345-67-8')).toBe(false)
    expect(isCompletePhone('+7 (912) 345-67-89')).toBe(true)
  })
})
