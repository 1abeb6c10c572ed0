import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CATALOGUE_DEFAULTS, filterRequestSchema } from '../../src/contract/catalogue'
import { applyFilterChange, priceBounds, roundTo, sameQuery, searchFromQuery, toFilterPayload, type FilterChange } from '../../src/machines/catalogue-query'
import { DEFAULT_QUERY, parseCatalogueSearch, queryFromSearch, type CatalogueQuery } from '../../src/machines/catalogue-search'

const id = fc.integer({ min: 1, max: 1000 })
const money = fc.option(
  fc.integer({ min: 0, max: 1_000_000 }).map((kopecks) => kopecks / 100),
  { nil: null },
)
const query: fc.Arbitrary<CatalogueQuery> = fc
  .record({
    page: fc.integer({ min: 1, max: 500 }),
    warehouse: id,
    available: fc.boolean(),
    brand: fc.uniqueArray(id, { maxLength: 4 }),
    minprice: money,
    maxprice: money,
    params: fc.uniqueArray(
      fc.record({ id, minp: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }), maxp: fc.option(fc.integer({ min: 101, max: 200 }), { nil: null }) }),
      {
        selector: (param) => param.id,
        maxLength: 3,
      },
    ),
    tags: fc.uniqueArray(id, { maxLength: 4 }),
    catalog: fc.constantFrom('-1', '2', '27', '31'),
    keyword: fc.constantFrom('', 'дрель', 'bosch 18v'),
    sorting: fc.option(
      fc.record({
        field: fc.constantFrom('articul' as const, 'header' as const, 'price' as const, 'price_rrc' as const),
        sort: fc.constantFrom('asc' as const, 'desc' as const),
      }),
      { nil: null },
    ),
  })
  .map((q) => ({
    ...q,
    minprice: q.minprice !== null && q.maxprice !== null ? Math.min(q.minprice, q.maxprice) : q.minprice,
    maxprice: q.minprice !== null && q.maxprice !== null ? Math.max(q.minprice, q.maxprice) : q.maxprice,
    params: q.params.filter((param) => param.minp !== null || param.maxp !== null).sort((a, b) => a.id - b.id),
  }))

/** What TanStack Router does to the search params: JSON through the address. */
const throughAddress = (search: object) => JSON.parse(JSON.stringify(search)) as unknown

describe('the catalogue address', () => {
  it('an empty address is the spec §9 default page', () => {
    expect(queryFromSearch(parseCatalogueSearch({}))).toEqual(DEFAULT_QUERY)
    expect(DEFAULT_QUERY).toMatchObject({ warehouse: 1, catalog: '27', page: 1, sorting: { field: 'header', sort: 'asc' } })
    expect(searchFromQuery(DEFAULT_QUERY)).toEqual({})
  })

  it('survives the trip through the address (reload, back)', () => {
    fc.assert(
      fc.property(query, (q) => {
        const back = queryFromSearch(parseCatalogueSearch(throughAddress(searchFromQuery(q))))
        expect(back).toEqual(q)
        expect(sameQuery(back, q)).toBe(true)
      }),
    )
  })

  it('bad values fall back to their defaults one by one, never failing', () => {
    const search = parseCatalogueSearch({
      page: 'abc',
      warehouse: -3,
      available: 'maybe',
      brand: [5, 'x', -1, 5, 7],
      minprice: 'дёшево',
      maxprice: 500,
      params: 'nonsense',
      tags: '3,4,zz',
      catalog: '27; drop table',
      sort: 'colour',
      dir: 'up',
      product: 0,
    })
    expect(search).toEqual({ brand: [5, 7], maxprice: 500, tags: [3, 4] })
    expect(() => parseCatalogueSearch(null)).not.toThrow()
    expect(parseCatalogueSearch('garbage')).toEqual({})
  })

  it('a reversed price range is put in order', () => {
    expect(queryFromSearch({ minprice: 900, maxprice: 100 })).toMatchObject({ minprice: 100, maxprice: 900 })
  })

  it('reads the sorting: none, a field with its direction, or the default', () => {
    expect(queryFromSearch({ sort: 'none' }).sorting).toBeNull()
    expect(queryFromSearch({ sort: 'price', dir: 'desc' }).sorting).toEqual({ field: 'price', sort: 'desc' })
    expect(queryFromSearch({ sort: 'articul' }).sorting).toEqual({ field: 'articul', sort: 'asc' })
  })

  it("takes the dealer's chosen warehouse when the address names none, and the address's when it does", () => {
    expect(queryFromSearch({}, { warehouse: 3 }).warehouse).toBe(3)
    expect(queryFromSearch({ warehouse: 2 }, { warehouse: 3 }).warehouse).toBe(2)
    expect(queryFromSearch({}).warehouse).toBe(DEFAULT_QUERY.warehouse)
  })
})

describe('filter changes', () => {
  const change: fc.Arbitrary<FilterChange> = fc.oneof(
    id.map((warehouse) => ({ kind: 'warehouse' as const, id: warehouse })),
    fc.boolean().map((value) => ({ kind: 'available' as const, value })),
    fc.tuple(id, fc.boolean()).map(([brand, selected]) => ({ kind: 'brand' as const, id: brand, selected })),
    fc.tuple(id, fc.boolean()).map(([tag, selected]) => ({ kind: 'tag' as const, id: tag, selected })),
    fc.tuple(money, money).map(([min, max]) => ({ kind: 'price' as const, min, max })),
    fc.tuple(id, money, money).map(([param, minp, maxp]) => ({ kind: 'param' as const, id: param, minp, maxp })),
    fc.constantFrom('-1', '27', '31').map((catalog) => ({ kind: 'catalog' as const, id: catalog })),
    fc.constant({ kind: 'reset' as const }),
  )

  it('any change resets the page to 1 (spec §4)', () => {
    fc.assert(
      fc.property(query, change, (q, c) => {
        expect(applyFilterChange(q, c, 2).page).toBe(1)
      }),
    )
  })

  it('toggles brands and tags', () => {
    const withBrand = applyFilterChange(DEFAULT_QUERY, { kind: 'brand', id: 4, selected: true }, 2)
    expect(withBrand.brand).toEqual([4])
    expect(applyFilterChange(withBrand, { kind: 'brand', id: 4, selected: true }, 2).brand).toEqual([4])
    expect(applyFilterChange(withBrand, { kind: 'brand', id: 4, selected: false }, 2).brand).toEqual([])
    expect(applyFilterChange(DEFAULT_QUERY, { kind: 'tag', id: 9, selected: true }, 2).tags).toEqual([9])
  })

  it('rounds the price range to the given decimals and orders it (spec §9)', () => {
    expect(applyFilterChange(DEFAULT_QUERY, { kind: 'price', min: 1200.456, max: 99.994 }, 2)).toMatchObject({ minprice: 99.99, maxprice: 1200.46 })
    expect(applyFilterChange(DEFAULT_QUERY, { kind: 'price', min: 10.5, max: null }, 0)).toMatchObject({ minprice: 11, maxprice: null })
    expect(roundTo(1.005, 2)).toBe(1.01)
  })

  it('a parameter range without bounds is removed', () => {
    const withParam = applyFilterChange(DEFAULT_QUERY, { kind: 'param', id: 3, minp: 10, maxp: null }, 2)
    expect(withParam.params).toEqual([{ id: 3, minp: 10, maxp: null }])
    expect(applyFilterChange(withParam, { kind: 'param', id: 3, minp: null, maxp: null }, 2).params).toEqual([])
  })

  it('reset clears the panel but keeps the warehouse, catalogue and sorting', () => {
    fc.assert(
      fc.property(query, (q) => {
        const cleared = applyFilterChange(q, { kind: 'reset' }, 2)
        expect(cleared).toEqual({ ...DEFAULT_QUERY, warehouse: q.warehouse, catalog: q.catalog, sorting: q.sorting, keyword: q.keyword })
      }),
    )
  })
})

describe('keyword mode (/cabinet/action12/?q=)', () => {
  it('a keyword starts over all catalogues (-1), which the address leaves out', () => {
    const query = queryFromSearch(parseCatalogueSearch({ q: ' дрель ' }))
    expect(query).toEqual({ ...DEFAULT_QUERY, keyword: 'дрель', catalog: CATALOGUE_DEFAULTS.allCatalogues })
    expect(searchFromQuery(query)).toEqual({ q: 'дрель' })
    expect(searchFromQuery({ ...query, catalog: '27' })).toEqual({ q: 'дрель', catalog: 27 })
  })

  it('sends the keyword as query, over all catalogues or the chosen section (spec §3)', () => {
    const query = queryFromSearch({ q: 'дрель' })
    expect(toFilterPayload(query, '0')).toMatchObject({ origin: 'search', query: 'дрель', catalog: '-1', search_range: 'all' })
    expect(toFilterPayload({ ...query, catalog: '31' }, '0')).toMatchObject({ query: 'дрель', catalog: '31', search_range: 'catalog' })
    expect(toFilterPayload(DEFAULT_QUERY, '0')).toMatchObject({ origin: 'catalog', query: '', catalog: '27' })
  })

  it('removing the keyword goes back to the default section on page 1 and keeps the panel', () => {
    const query = { ...queryFromSearch({ q: 'дрель', page: 3, catalog: 31 }), brand: [4] }
    expect(applyFilterChange(query, { kind: 'keyword', keyword: '' }, 2)).toEqual({ ...DEFAULT_QUERY, brand: [4] })
  })
})

describe('price bounds', () => {
  it('rounds the minimum down and the maximum up to the decimals', () => {
    expect(priceBounds({ min: 100.004, max: 299.991, decimals: 2 })).toEqual({ min: 100, max: 300 })
    expect(priceBounds({ min: 15.5, max: 15.5, decimals: 0 })).toEqual({ min: 15, max: 16 })
    expect(priceBounds({ min: 12.34, max: 56.78, decimals: 2 })).toEqual({ min: 12.34, max: 56.78 })
  })
})

describe('the filter payload', () => {
  it('is a valid spec §3 catalogue filter for every query', () => {
    fc.assert(
      fc.property(query, (q) => {
        const payload = filterRequestSchema.parse(toFilterPayload(q, CATALOGUE_DEFAULTS.contract))
        expect(payload).toMatchObject({ page: q.page, perpage: 20, warehouse: q.warehouse, catalog: q.catalog, contract: '0', brand: q.brand, tags: q.tags })
        expect(payload.byprice).toBe(q.minprice !== null || q.maxprice !== null)
        // sorting "none" sends no sorting: the server's catalogue order (spec §4), not the name's
        expect(payload.sorting).toEqual(q.sorting ?? undefined)
      }),
    )
  })
})
