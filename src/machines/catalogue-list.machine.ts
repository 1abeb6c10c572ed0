import { assign, setup } from 'xstate'
import type { CatalogueProduct } from '../contract/catalogue'
import { errorMessageOf, unprovidedPromise } from './machine-support'

export const CATALOGUE_LIST_MESSAGES = {
  empty: 'Товары не найдены',
  loadFailed: 'Не удалось загрузить товары',
} as const

export interface CatalogueListInput {
  contract: string
  warehouse: number
  /** the page from the address (?page=) */
  page: number
}

export interface CataloguePage {
  products: CatalogueProduct[]
  count: number
  pages: number
}

export interface CatalogueListContext extends CatalogueListInput, CataloguePage {
  errorMessage: string | null
}

export type CatalogueListEvent = { type: 'page.change'; page: number } | { type: 'list.retry' }

/**
 * A paged product list of one contract (20 per page). The page lives in the address: the view
 * forwards every change of ?page= as `page.change`, so reloads and browser back keep it.
 */
export const catalogueListMachine = setup({
  types: {} as { context: CatalogueListContext; events: CatalogueListEvent; input: CatalogueListInput },
  actors: {
    loadPage: unprovidedPromise<CataloguePage, CatalogueListInput>('loadPage'),
  },
  guards: {
    isOtherPage: ({ context, event }) => event.type === 'page.change' && event.page !== context.page,
    hasProducts: ({ context }) => context.products.length > 0,
  },
  actions: {
    storePage: assign({ page: (_, params: { page: number }) => params.page }),
    storeProducts: assign((_, params: CataloguePage) => ({ ...params, errorMessage: null })),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
  },
}).createMachine({
  id: 'catalogueList',
  description: 'One page of the products of a contract, with the page kept in the address.',
  context: ({ input }) => ({ ...input, products: [], count: 0, pages: 0, errorMessage: null }),
  initial: 'loading',
  on: {
    'page.change': {
      guard: 'isOtherPage',
      target: '.loading',
      description: 'The address names another page (a pagination link, reload, or browser back)',
      actions: { type: 'storePage', params: ({ event }) => ({ page: event.page }) },
    },
  },
  states: {
    loading: {
      description: 'POST /api/filter/ runs; the list is aria-busy',
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ contract: context.contract, warehouse: context.warehouse, page: context.page }),
        onDone: { target: 'checking', actions: { type: 'storeProducts', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checking: {
      description: 'Decides between the list and the empty message',
      always: [{ guard: 'hasProducts', target: 'loaded' }, { target: 'empty' }],
    },
    loaded: { description: 'The products of the page and the pagination are shown' },
    empty: { description: '"Товары не найдены"' },
    failed: {
      description: 'The load failed: the server message and "Повторить"',
      on: { 'list.retry': { target: 'loading', description: 'The dealer asks to load again' } },
    },
  },
})
