import { describe, expect, it } from 'vitest'
import type { CatalogueProduct } from '../../src/contract/catalogue'
import type { FilterResponse } from '../../src/contract/filter-answer'
import { catalogueFilterMachine, type CatalogueFilterContext } from '../../src/machines/catalogue-filter.machine'
import {
  markKeyOf,
  pageScreenOf,
  pendingMarksOf,
  screenOf,
  shownContractOf,
  shownProductsOf,
  shownWarehouseNameOf,
  shownWarehouseOf,
} from '../../src/machines/catalogue-filter.selectors'
import { DEFAULT_QUERY } from '../../src/machines/catalogue-search'
import { catalogueContext } from '../support/catalogue-context'

const row = { id: 1, header: 'Дрель', inwish: false, need: 0 } as CatalogueProduct
const answer = {
  products: [row],
  contract: '7',
  warehouse: 2,
  actualWms: [
    { id: 1, header: 'Москва' },
    { id: 2, header: 'Тула' },
  ],
} as FilterResponse

const snapshotAt = (list: unknown, overrides: Partial<CatalogueFilterContext> = {}) =>
  catalogueFilterMachine.resolveState({ value: { list, marks: 'idle', card: 'closed' } as never, context: catalogueContext(overrides) })

describe('catalogue selectors', () => {
  it('screenOf names one visible condition per list state; the passing states read as loading', () => {
    expect(screenOf(snapshotAt('initialising'))).toBe('initialising')
    expect(screenOf(snapshotAt('initFailed'))).toBe('initFailed')
    expect(screenOf(snapshotAt({ ready: 'loading' }))).toBe('loading')
    expect(screenOf(snapshotAt({ ready: 'refreshing' }, { answer }))).toBe('refreshing')
    expect(screenOf(snapshotAt({ ready: 'loaded' }, { answer }))).toBe('loaded')
    expect(screenOf(snapshotAt({ ready: 'empty' }))).toBe('empty')
    expect(screenOf(snapshotAt({ ready: 'failed' }))).toBe('failed')
  })

  it('pageScreenOf tells the start apart from the list’s own states', () => {
    expect(pageScreenOf(snapshotAt('initialising'))).toBe('initialising')
    expect(pageScreenOf(snapshotAt('initFailed'))).toBe('initFailed')
    for (const list of [{ ready: 'loading' }, { ready: 'refreshing' }, { ready: 'loaded' }, { ready: 'empty' }, { ready: 'failed' }]) {
      expect(pageScreenOf(snapshotAt(list, { answer }))).toBe('ready')
    }
  })

  it('pendingMarksOf lists the waiting toggles as keys, equal arrays for equal waits', () => {
    const marks = [
      { productId: 1, kind: 'wish' as const, on: true },
      { productId: 7, kind: 'need' as const, on: false },
    ]
    expect(pendingMarksOf(snapshotAt({ ready: 'loaded' }, { answer, marks }))).toEqual(['wish:1', 'need:7'])
    expect(pendingMarksOf(snapshotAt({ ready: 'loaded' }, { answer }))).toEqual([])
    expect(markKeyOf(7, 'need')).toBe('need:7')
  })

  it('the shown contract and warehouse are the answer’s, the asked ones before it', () => {
    const before = snapshotAt({ ready: 'loading' }, { query: { ...DEFAULT_QUERY, warehouse: 3 } })
    expect([shownContractOf(before), shownWarehouseOf(before), shownWarehouseNameOf(before)]).toEqual(['0', 3, ''])
    const after = snapshotAt({ ready: 'loaded' }, { answer })
    expect([shownContractOf(after), shownWarehouseOf(after), shownWarehouseNameOf(after)]).toEqual(['7', 2, 'Тула'])
  })

  it('shownProductsOf gives the answer’s rows, and one empty array before any answer', () => {
    expect(shownProductsOf(snapshotAt({ ready: 'loaded' }, { answer }))).toBe(answer.products)
    const before = shownProductsOf(snapshotAt({ ready: 'loading' }))
    expect(before).toEqual([])
    expect(shownProductsOf(snapshotAt({ ready: 'loading' }))).toBe(before)
  })
})
