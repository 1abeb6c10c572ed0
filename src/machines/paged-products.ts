import { setup } from 'xstate'
import type { CatalogueProduct } from '../contract/catalogue'
import { unprovidedPromise } from './machine-support'
import { pagedList, type PagedListContext, type PagedListEvent } from './paged-list'

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

export interface PagedProductsContext<Query, Page extends ProductsPage> extends PagedListContext<Page> {
  query: Query
}

export type PagedProductsEvent = PagedListEvent

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
export const createPagedProductsMachine = <Query, Page extends ProductsPage>(texts: PagedProductsTexts) => {
  const list = pagedList({
    types: {} as { context: PagedProductsContext<Query, Page>; events: PagedProductsEvent },
    hasItems: 'hasProducts',
    itemsOf: (page) => page.products,
    pagesOf: (page) => page.pages,
  })
  const { loading, checking, empty, failed } = list.states({
    loading: { description: `${texts.loading} runs; the list is aria-busy` },
    load: { src: 'loadPage', input: ({ context }) => ({ query: context.query, page: context.page }) },
    empty: { description: texts.empty },
    failed: { description: 'The load failed: the server message and "Повторить"' },
  })
  return setup({
    types: {} as {
      context: PagedProductsContext<Query, Page>
      events: PagedProductsEvent
      input: PagedProductsInput<Query>
    },
    actors: {
      loadPage: unprovidedPromise<Page, PagedProductsInput<Query>>('loadPage'),
    },
    guards: list.guards,
    actions: list.actions,
  }).createMachine({
    id: texts.id,
    description: texts.description,
    context: ({ input }) => ({ query: input.query, page: input.page, result: null, errorMessage: null }),
    initial: 'loading',
    on: { 'page.change': list.pageChange() },
    states: {
      loading,
      checking,
      loaded: { description: 'The products of the page, the count and the pagination are shown' },
      empty,
      failed,
    },
  })
}
