import { expect } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import type { CatalogueProduct } from '../../src/contract/catalogue'
import type { PagedProductsContext, ProductsPage } from '../../src/machines/paged-products'
import { ApiCallError } from '../../src/services/http'
import type { EventCases, MachinePathsOptions } from './path-testing'

export const sampleProduct: CatalogueProduct = {
  id: 11,
  header: 'Перфоратор SDS-plus 800 Вт',
  articul: 'PF-800',
  price: 7450,
  price_rrc: 8900,
  quantity: 12,
  wms_id: 1,
  picture: 5,
  picturetype: 'svg',
  stocks: [{ wms_id: 1, quantity: 12 }],
  inwish: false,
  need: 0,
  brand: { id: 3, header: 'Зубр' },
}

const LOAD_FAILURE = 'Ошибка сервера (503)'

/**
 * Path options for a machine made by createPagedProductsMachine: a page with products, an empty
 * page and a failure, the page moving to 2; after each step the context must say what the
 * screen shows.
 */
export function pagedProductsPathOptions<Query, Page extends ProductsPage>(
  input: { query: Query; page: number },
  pageOf: (products: CatalogueProduct[]) => Page,
): MachinePathsOptions {
  const cases: EventCases = {
    'page.change': [{ type: 'page.change', page: input.page + 1 }],
    'xstate.done.actor.loadPage': [
      { type: 'xstate.done.actor.loadPage', output: pageOf([sampleProduct]) },
      { type: 'xstate.done.actor.loadPage', output: pageOf([]) },
    ],
    'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: new ApiCallError(LOAD_FAILURE, 503) }],
  }
  const assertStep = (snapshot: AnyMachineSnapshot) => {
    const { query, page, result, errorMessage } = snapshot.context as PagedProductsContext<Query, Page>
    const state = String(snapshot.value)
    expect(query).toEqual(input.query)
    expect([input.page, input.page + 1]).toContain(page)
    expect(errorMessage, state).toBe(state === 'failed' ? LOAD_FAILURE : null)
    if (state === 'loaded') expect(result?.products).toEqual([sampleProduct])
    if (state === 'empty') expect(result?.products).toEqual([])
  }
  return { cases, input, assertStep }
}
