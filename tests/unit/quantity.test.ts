import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_LINE_QUANTITY } from '../../src/contract/basket'
import { freeQuantity } from '../../src/machines/add-to-basket.selectors'
import { availableQuantity, commitQuantityText, normalizeQuantityText, parseQuantity, QUANTITY_MIN, stepQuantity } from '../../src/machines/quantity'

const digit = fc.constantFrom(...'0123456789')
const digitsOf = (min: number, max: number) => fc.array(digit, { minLength: min, maxLength: max }).map((d) => d.join(''))
/** text with at least one character that is not a digit or space */
const nonNumeric = fc.string({ minLength: 1 }).filter((text) => /[^\d\s]/.test(text))
const inRange = fc.integer({ min: 0, max: MAX_LINE_QUANTITY })

describe('quantity field (spec §5)', () => {
  it('strips leading zeros and keeps the value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: MAX_LINE_QUANTITY }), (zeros, qnt) => {
        const typed = '0'.repeat(zeros) + String(qnt)
        return normalizeQuantityText(typed) === String(qnt) && parseQuantity(typed) === qnt
      }),
    )
  })

  it('never shows a leading zero except for 0 itself', () => {
    fc.assert(
      fc.property(fc.oneof(digitsOf(1, 12), fc.string()), (typed) => {
        const shown = normalizeQuantityText(typed)
        return shown === '' || shown === '0' || /^[1-9]\d*$/.test(shown)
      }),
    )
  })

  it('resets anything non-numeric to 1', () => {
    fc.assert(fc.property(nonNumeric, (typed) => normalizeQuantityText(typed) === '1' && parseQuantity(typed) === QUANTITY_MIN))
    for (const typed of ['-3', '2.5', '1e3', 'abc', '5 шт', '٣']) expect(normalizeQuantityText(typed)).toBe('1')
  })

  it('lets the field be empty while typing, and counts and commits it as 1', () => {
    for (const typed of ['', '   ']) {
      expect(normalizeQuantityText(typed)).toBe('')
      expect(parseQuantity(typed)).toBe(1)
      expect(commitQuantityText(typed)).toBe('1')
    }
  })

  it('keeps 0, so that adding can refuse it', () => {
    expect(normalizeQuantityText('000')).toBe('0')
    expect(parseQuantity('0')).toBe(0)
    expect(commitQuantityText('00')).toBe('0')
  })

  it('caps the value at the most one basket line may hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_LINE_QUANTITY + 1, max: Number.MAX_SAFE_INTEGER }), (qnt) => parseQuantity(String(qnt)) === MAX_LINE_QUANTITY),
    )
    expect(parseQuantity('9'.repeat(400))).toBe(MAX_LINE_QUANTITY)
  })

  it('is idempotent: normalising or committing twice changes nothing more', () => {
    fc.assert(
      fc.property(fc.oneof(digitsOf(0, 10), fc.string()), (typed) => {
        const once = normalizeQuantityText(typed)
        const committed = commitQuantityText(typed)
        return normalizeQuantityText(once) === once && commitQuantityText(committed) === committed && parseQuantity(committed) === parseQuantity(typed)
      }),
    )
  })
})

describe('quantity stepper (spec §5)', () => {
  it('changes only if the result is positive', () => {
    fc.assert(
      fc.property(inRange, fc.constantFrom(1 as const, -1 as const), (qnt, delta) => {
        const next = stepQuantity(qnt, delta)
        return qnt + delta >= QUANTITY_MIN && qnt + delta <= MAX_LINE_QUANTITY ? next === qnt + delta : next === qnt
      }),
    )
  })

  it('never goes below the minimum of 1 from a valid quantity', () => {
    fc.assert(fc.property(fc.integer({ min: QUANTITY_MIN, max: MAX_LINE_QUANTITY }), (qnt) => stepQuantity(qnt, -1) >= QUANTITY_MIN))
    expect(stepQuantity(1, -1)).toBe(1)
    expect(stepQuantity(0, 1)).toBe(1)
    expect(stepQuantity(0, -1)).toBe(0)
  })

  it('plus then minus returns to where it was below the maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_LINE_QUANTITY - 1 }), (qnt) => stepQuantity(stepQuantity(qnt, 1), -1) === Math.max(qnt, QUANTITY_MIN)),
    )
  })
})

describe('the stepper stops at the free stock (issue 21, item 8)', () => {
  it('"+" never passes the free stock; "−" always steps down to 1', () => {
    expect(stepQuantity(4, 1, 5)).toBe(5)
    expect(stepQuantity(5, 1, 5)).toBe(5)
    expect(stepQuantity(1, 1, 0)).toBe(1)
    expect(stepQuantity(9, -1, 5)).toBe(8)
    fc.assert(
      fc.property(fc.integer({ min: QUANTITY_MIN, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (qnt, max) => {
        const next = stepQuantity(qnt, 1, max)
        return next === (qnt + 1 <= max ? qnt + 1 : qnt) && stepQuantity(qnt, -1, max) === Math.max(QUANTITY_MIN, qnt - 1)
      }),
    )
  })

  it('the free stock is the stock less what the basket holds, never below 0', () => {
    expect(freeQuantity(211, 211)).toBe(0)
    expect(freeQuantity(211, 200)).toBe(11)
    expect(freeQuantity(null, 0)).toBe(0)
    expect(freeQuantity(5, 9)).toBe(0)
  })
})

describe('available stock (spec §5)', () => {
  it('counts an unknown stock as 0 and never goes negative', () => {
    expect(availableQuantity(null)).toBe(0)
    expect(availableQuantity(undefined)).toBe(0)
    fc.assert(fc.property(fc.integer(), (stock) => availableQuantity(stock) === Math.max(0, stock)))
  })
})
