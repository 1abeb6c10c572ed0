import { describe, expect, it } from 'vitest'
import type { CatalogueProduct } from '../../src/contract/catalogue'
import type { FilterResponse } from '../../src/contract/filter-answer'
import { shareUnchanged, sharedAnswer } from '../../src/machines/catalogue-answer'
import { sampleProduct } from '../support/paged-products-paths'

const product = (id: number, overrides: Partial<CatalogueProduct> = {}): CatalogueProduct => ({ ...sampleProduct, id, header: `Товар ${id}`, ...overrides })

const answerOf = (products: CatalogueProduct[], overrides: Partial<FilterResponse> = {}): FilterResponse => ({
  brands: { data: [{ id: 3, header: 'Зубр', count: 12 }] },
  prices: { min: 100, max: 9000, decimals: 2 },
  products,
  params: [],
  tags: [{ id: 1, header: 'Новинка', count: 4 }],
  actualWms: [{ id: 1, header: 'Москва' }],
  categories_tree: [{ id: '27', header: 'Инструмент', count: 12, children: [{ id: '28', header: 'Дрели', count: 5, children: [] }] }],
  count: products.length,
  pagination: { page: 1, perpage: 20, pages: 1 },
  contract: '7',
  warehouse: 1,
  ...overrides,
})

// a fresh copy, as a new answer from the server is
const copyOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

describe('catalogue answer sharing', () => {
  it('shareUnchanged keeps the previous value where the next one equals it, and the next one elsewhere', () => {
    const previous = { a: [1, 2], b: { c: 'x' }, d: { e: 1 } }
    const next = { a: [1, 2], b: { c: 'x' }, d: { e: 2 } }
    const shared = shareUnchanged(previous, next)
    expect(shared).toEqual(next)
    expect(shared.a).toBe(previous.a)
    expect(shared.b).toBe(previous.b)
    expect(shared.d).not.toBe(previous.d)
    expect(shareUnchanged(previous, copyOf(previous))).toBe(previous)
    expect(shareUnchanged({ a: 1 }, { a: 1, b: undefined })).toEqual({ a: 1, b: undefined })
    expect(shareUnchanged([1, 2], [1, 2, 3])).toEqual([1, 2, 3])
    expect(shareUnchanged({ a: null }, { a: null, b: 1 })).toEqual({ a: null, b: 1 })
  })

  it('an equal answer is the previous one, so nothing re-renders', () => {
    const previous = answerOf([product(1), product(2)])
    expect(sharedAnswer(previous, copyOf(previous))).toBe(previous)
    const first = answerOf([product(1)])
    expect(sharedAnswer(null, first)).toBe(first)
  })

  it('products keep their objects by id when they move between rows; changed ones and facets are new', () => {
    const previous = answerOf([product(1), product(2), product(3)])
    const next = copyOf(answerOf([product(3), product(1, { quantity: 5 }), product(4)], { tags: [{ id: 1, header: 'Новинка', count: 2 }] }))
    const shared = sharedAnswer(previous, next)
    expect(shared).toEqual(next)
    expect(shared.products[0]).toBe(previous.products[2])
    expect(shared.products[1]).not.toBe(previous.products[0])
    expect(shared.products[1]!.brand).toBe(previous.products[0]!.brand)
    expect(shared.brands).toBe(previous.brands)
    expect(shared.categories_tree).toBe(previous.categories_tree)
    expect(shared.tags).not.toBe(previous.tags)
  })

  it('the same rows keep their array when only the facets change', () => {
    const previous = answerOf([product(1), product(2)])
    const shared = sharedAnswer(previous, copyOf(answerOf([product(1), product(2)], { prices: { min: 1, max: 2, decimals: 2 } })))
    expect(shared.products).toBe(previous.products)
    expect(shared.prices).toEqual({ min: 1, max: 2, decimals: 2 })
  })
})
