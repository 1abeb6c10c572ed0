import { assign, setup } from 'xstate'
import type { CatalogueProduct } from '../contract/catalogue'
import { errorMessageOf, unprovidedPromise } from './machine-support'

/** What a paged product list shows of one page; a screen's page may carry more (the brand). */
export interface ProductsPage {
  products: CatalogueProduct[]
  count: number
  pages: number
}

export interface PagedProductsInput<Query> {
  /** what the list is of (a keyword, a brand), with the contract and warehouse */
  query: Query
  /** the page from the address (?page=) */
  page: number
}

export interface PagedProductsContext<Query, Page extends ProductsPage> extends PagedProductsInput<Query> {
  /** the last page loaded; kept while the next one loads, so the list does not jump */
  result: Page | null
  errorMessage: string | null
}

export type PagedProductsEvent = { type: 'page.change'; page: number } | { type: 'list.retry' }

export interface PagedProductsTexts {
  id: string
  description: string
  /** the call the `loading` state makes, for the diagram */
  loading: string
  /** what the empty list says, for the diagram */
  empty: string
}

/**
 * A paged list of products that one call loads a page of (search results, a brand's products).
 * The page lives in the address: the view forwards every change of ?page= as `page.change`, so
 * reloads and browser back keep it. A query change (another keyword or brand) is a new actor.
 */
export const createPagedProductsMachine = <Query, Page extends ProductsPage>(texts: PagedProductsTexts) =>
  setup({
    types: {} as {
      context: PagedProductsContext<Query, Page>
      events: PagedProductsEvent
      input: PagedProductsInput<Query>
    },
    actors: {
      loadPage: unprovidedPromise<Page, PagedProductsInput<Query>>('loadPage'),
    },
    guards: {
      isOtherPage: ({ context, event }) => event.type === 'page.change' && event.page !== context.page,
      hasProducts: ({ context }) => (context.result?.products.length ?? 0) > 0,
    },
    actions: {
      storePage: assign({ page: (_, params: { page: number }) => params.page }),
      storeResult: assign({ result: (_, params: { result: Page }) => params.result, errorMessage: null }),
      storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
      resetError: assign({ errorMessage: null }),
    },
  }).createMachine({
    id: texts.id,
    description: texts.description,
    context: ({ input }) => ({ query: input.query, page: input.page, result: null, errorMessage: null }),
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
        description: `${texts.loading} runs; the list is aria-busy`,
        entry: 'resetError',
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => ({ query: context.query, page: context.page }),
          onDone: { target: 'checking', actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) } },
          onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      checking: {
        description: 'Decides between the list and the empty message',
        always: [{ guard: 'hasProducts', target: 'loaded' }, { target: 'empty' }],
      },
      loaded: { description: 'The products of the page, the count and the pagination are shown' },
      empty: { description: texts.empty },
      failed: {
        description: 'The load failed: the server message and "Повторить"',
        on: { 'list.retry': { target: 'loading', description: 'The dealer asks to load again' } },
      },
    },
  })
