import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createAppRouter } from '../../src/app/router'
import { parseSearch, stringifySearch } from '../../src/app/search-params'
import { ordersSearchSchema } from '../../src/machines/orders-search'
import { parseCatalogueSearch } from '../../src/machines/catalogue-search'

// issue 21 item 15: clean addresses, `paid=1` rather than `paid=%221%22`
describe('search params in the address', () => {
  const router = createAppRouter({} as Parameters<typeof createAppRouter>[0])

  it('the router writes plain values, lists and objects as JSON', () => {
    const orders = router.buildLocation({ to: '/cabinet/orders/', search: { paid: '1', search_doc: '81', state: 3, page: 2 } })
    expect(orders.searchStr).toBe('?paid=1&search_doc=81&state=3&page=2')
    const catalogue = router.buildLocation({ to: '/cabinet/', search: { brand: [3, 5], available: true, q: 'кран' } })
    expect(catalogue.searchStr).toBe(`?brand=${encodeURIComponent('[3,5]')}&available=true&q=${encodeURIComponent('кран')}`)
  })

  it('reads plain values, and the JSON-quoted ones of old links the same', () => {
    for (const address of ['?paid=1&search_doc=81&state=3', '?paid=%221%22&search_doc=%2281%22&state=3']) {
      expect(ordersSearchSchema.parse(parseSearch(address)), address).toEqual({ paid: '1', search_doc: '81', state: 3 })
    }
    expect(parseCatalogueSearch(parseSearch('?brand=%5B3%2C5%5D&page=2&available=true&q=123'))).toEqual({ brand: [3, 5], page: 2, available: true, q: '123' })
    expect(parseSearch('?q=%5Bbroken')).toEqual({ q: '[broken' })
    expect(parseSearch('?brand=1&brand=2')).toEqual({ brand: ['1', '2'] })
    expect(stringifySearch({ page: undefined })).toBe('')
  })

  it('gives back what it wrote, whatever a string holds', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.integer()), fc.record({ id: fc.nat(), minp: fc.option(fc.nat()) }))
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z_]{1,8}$/), value), (search) => {
        const read = parseSearch(stringifySearch(search))
        for (const [name, written] of Object.entries(search)) {
          expect(read[name]).toEqual(typeof written === 'number' || typeof written === 'boolean' ? String(written) : written)
        }
      }),
    )
  })
})
