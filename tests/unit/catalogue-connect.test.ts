import { describe, expect, it } from 'vitest'
import type { CatalogueProduct } from '../../src/contract/catalogue'
import { catalogueFilterMachine, type CatalogueFilterContext, type CatalogueFilterEvent } from '../../src/machines/catalogue-filter.machine'
import { DEFAULT_QUERY } from '../../src/machines/catalogue-search'
import { connect } from '../../src/views/catalogue/catalogue-connect'
import { catalogueContext } from '../support/catalogue-context'

const drill = { id: 1, header: 'Дрель', inwish: true, need: 0 } as CatalogueProduct

const apiOf = (overrides: Partial<CatalogueFilterContext> = {}) => {
  const sent: CatalogueFilterEvent[] = []
  const context = catalogueContext(overrides)
  const snapshot = catalogueFilterMachine.resolveState({ value: { list: { ready: 'loaded' }, marks: 'idle', card: 'closed' } as never, context })
  return { api: connect(snapshot, (event) => sent.push(event)), sent }
}

describe('catalogue connect', () => {
  it('sort headers carry aria-sort of the current sorting and send sorting.cycle', () => {
    const { api, sent } = apiOf()
    expect(api.getSortHeaderProps('header')['aria-sort']).toBe('ascending')
    expect(api.getSortHeaderProps('price')['aria-sort']).toBe('none')
    api.getSortButtonProps('price').onClick()
    expect(sent).toEqual([{ type: 'sorting.cycle', field: 'price' }])
  })

  it('mark toggles are pressed when on, busy and disabled while their save waits, and send mark.toggle', () => {
    const { api, sent } = apiOf({ marks: [{ productId: 1, kind: 'need', on: true }] })
    expect(api.getMarkToggleProps(drill, 'wish')).toMatchObject({
      'aria-pressed': true,
      'aria-busy': false,
      disabled: false,
      'aria-label': 'Избранное: Дрель',
    })
    expect(api.getMarkToggleProps(drill, 'need')).toMatchObject({ 'aria-pressed': false, 'aria-busy': true, disabled: true, title: 'Потребность' })
    api.getMarkToggleProps(drill, 'wish').onClick()
    expect(sent).toEqual([{ type: 'mark.toggle', productId: 1, kind: 'wish' }])
  })

  it('a product name opens its card; reset is offered only when a filter is chosen', () => {
    const { api, sent } = apiOf()
    api.getProductLinkProps(drill).onClick()
    expect(sent).toEqual([{ type: 'card.open', productId: 1 }])
    expect(api.canReset).toBe(false)
    const chosen = apiOf({ query: { ...DEFAULT_QUERY, brand: [3] } })
    expect(chosen.api.canReset).toBe(true)
    chosen.api.getResetProps().onPress()
    expect(chosen.sent).toEqual([{ type: 'filter.change', change: { kind: 'reset' } }])
  })

  it('the filter panel’s changes send filter.change with the change of each control', () => {
    const { api, sent } = apiOf()
    api.selectCatalog('28')
    api.selectWarehouse(2)
    api.setAvailable(true)
    api.toggleBrand(3, true)
    api.toggleTag(4, false)
    api.commitPrice(10, null)
    api.commitParam(5, null, 7)
    expect(sent.map((event) => event.type === 'filter.change' && event.change)).toEqual([
      { kind: 'catalog', id: '28' },
      { kind: 'warehouse', id: 2 },
      { kind: 'available', value: true },
      { kind: 'brand', id: 3, selected: true },
      { kind: 'tag', id: 4, selected: false },
      { kind: 'price', min: 10, max: null },
      { kind: 'param', id: 5, minp: null, maxp: 7 },
    ])
  })

  it("keyword mode shows the keyword, and its ✕ sends the keyword's removal", () => {
    expect(apiOf().api.keyword).toBe('')
    const { api, sent } = apiOf({ query: { ...DEFAULT_QUERY, keyword: 'дрель', catalog: '-1' } })
    expect(api.keyword).toBe('дрель')
    expect(api.getKeywordRemoveProps()['aria-label']).toBe('Убрать запрос «дрель»')
    api.getKeywordRemoveProps().onClick()
    expect(sent).toEqual([{ type: 'filter.change', change: { kind: 'keyword', keyword: '' } }])
  })
})
