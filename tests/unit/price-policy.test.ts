import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CONTRACT_PRICE_POLICY, MARKUP_MAX, applyPricePolicy, parseMarkup, pricePolicyRequestSchema } from '../../src/contract/price-policy'

/** A price in whole kopecks, as the contract prices are. */
const kopeckPrice = fc.integer({ min: 0, max: 100_000_000 }).map((kopecks) => kopecks / 100)
/** A markup with up to two decimals. */
const markup = fc.integer({ min: 0, max: MARKUP_MAX * 100 }).map((hundredths) => hundredths / 100)
const isKopecks = (roubles: number) => Math.abs(roubles * 100 - Math.round(roubles * 100)) < 1e-6

describe('applyPricePolicy', () => {
  it('the contract price is the price itself', () => {
    fc.assert(fc.property(kopeckPrice, kopeckPrice, (price, price_rrc) => applyPricePolicy(CONTRACT_PRICE_POLICY, { price, price_rrc }) === price))
  })

  it('the recommended price is price_rrc', () => {
    fc.assert(fc.property(kopeckPrice, kopeckPrice, (price, price_rrc) => applyPricePolicy({ type: 'rrc', markup: 0 }, { price, price_rrc }) === price_rrc))
  })

  it('a markup of 0 is the contract price', () => {
    fc.assert(fc.property(kopeckPrice, (price) => applyPricePolicy({ type: 'markup', markup: 0 }, { price, price_rrc: 1 }) === price))
  })

  it('a markup gives whole kopecks, within half a kopeck of the exact figure, never below the contract price', () => {
    fc.assert(
      fc.property(kopeckPrice, markup, (price, percent) => {
        const shown = applyPricePolicy({ type: 'markup', markup: percent }, { price, price_rrc: 0 })
        const exact = (price * (100 + percent)) / 100
        return isKopecks(shown) && Math.abs(shown - exact) <= 0.005 + 1e-6 && shown >= price
      }),
    )
  })

  it('keeps the order of prices (the price filter and sorting stay consistent)', () => {
    fc.assert(
      fc.property(kopeckPrice, kopeckPrice, markup, (a, b, percent) => {
        const policy = { type: 'markup' as const, markup: percent }
        const [low, high] = a <= b ? [a, b] : [b, a]
        return applyPricePolicy(policy, { price: low, price_rrc: 0 }) <= applyPricePolicy(policy, { price: high, price_rrc: 0 })
      }),
    )
  })

  it('rounds half a kopeck up: 10 % of 100,05 is 110,06', () => {
    expect(applyPricePolicy({ type: 'markup', markup: 10 }, { price: 100.05, price_rrc: 0 })).toBe(110.06)
    expect(applyPricePolicy({ type: 'markup', markup: 12.5 }, { price: 1000, price_rrc: 0 })).toBe(1125)
  })
})

describe('the markup field', () => {
  it.each([
    ['10', 10],
    ['12,5', 12.5],
    ['7.25', 7.25],
    [' 0 ', 0],
    ['1000', 1000],
    [15, 15],
  ])('%j is %d %%', (text, value) => expect(parseMarkup(text)).toBe(value))

  it.each(['', '-1', '1000,01', '1,234', 'abc', '1e3', '10%', Number.NaN, -5, 1.005])('%j is refused', (text) => expect(parseMarkup(text)).toBeUndefined())

  it('any two-decimal percent up to the maximum is accepted back as itself', () => {
    fc.assert(fc.property(markup, (percent) => parseMarkup(String(percent).replace('.', ',')) === percent))
  })

  it('the request keeps the markup only for the markup kind', () => {
    expect(pricePolicyRequestSchema.parse({ type: 'rrc', markup: '15' })).toEqual({ type: 'rrc', markup: 0 })
    expect(pricePolicyRequestSchema.parse({ type: 'markup', markup: '15,5' })).toEqual({ type: 'markup', markup: 15.5 })
    expect(pricePolicyRequestSchema.safeParse({ type: 'markup', markup: '-3' }).success).toBe(false)
    expect(pricePolicyRequestSchema.safeParse({ type: 'cheap' }).success).toBe(false)
  })
})
