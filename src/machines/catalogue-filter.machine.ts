import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { CATALOGUE_DEFAULTS, type FilterRequest, type MarkKind, type MarkRequest, type MarkResult, type SortField } from '../contract/catalogue'
import type { FilterResponse } from '../contract/filter-answer'
import type { FilterInit } from '../contract/catalogue-init'
import { sharedAnswer } from './catalogue-answer'
import { applyFilterChange, sameQuery, searchFromQuery, toFilterPayload, type FilterChange } from './catalogue-query'
import { DEFAULT_QUERY, type CatalogueQuery, type CatalogueSearch } from './catalogue-search'
import { cycleSorting } from './catalogue-sorting'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { cardCodeStates, unprovidedCardCode, unprovidedProductCard } from './card-code'
import type { productCardMachine } from './product-card.machine'
import { navigateTo, notifyShell } from './shell-links'

export const CATALOGUE_SCREEN_MESSAGES = {
  loading: 'Загрузка каталога…',
  initFailed: 'Не удалось загрузить каталог',
  loadFailed: 'Не удалось загрузить товары',
  empty: 'По вашему запросу ничего не найдено',
  markFailed: 'Не удалось сохранить отметку',
  /** keyword mode (/cabinet/action12/) */
  noKeyword: 'Введите запрос в строке поиска вверху страницы',
  emptyKeyword: (keyword: string) => `По запросу «${keyword}» ничего не найдено`,
} as const

export interface CatalogueFilterInput {
  /** the query from the address */
  query: CatalogueQuery
  /** the product whose card the address opens (?product=) */
  productId?: number | null
  /** spec §9: '0' = the user's selected contract */
  contract?: string
}

export interface CatalogueFilterContext {
  query: CatalogueQuery
  contract: string
  /** GET /api/filterinit/: the warehouses and the category tree before the first answer */
  init: FilterInit | null
  /** the last POST /api/filter/ answer; kept, dimmed, while the next one loads */
  answer: FilterResponse | null
  errorMessage: string | null
  /** toggles waiting for the server, first one being saved */
  marks: MarkRequest[]
  markError: string | null
  /** the product whose card is open, or null */
  productId: number | null
}

export type CatalogueFilterEvent =
  | { type: 'filter.sync'; query: CatalogueQuery; productId: number | null }
  | { type: 'filter.change'; change: FilterChange }
  | { type: 'sorting.cycle'; field: SortField }
  | { type: 'list.retry' }
  | { type: 'mark.toggle'; productId: number; kind: MarkKind }
  | { type: 'mark.dismiss' }
  | { type: 'card.open'; productId: number }
  | { type: 'card.close' }

type CardSnapshot = SnapshotFrom<typeof productCardMachine>

/** What the address shows: the query, and the open card. */
const addressOf = (context: CatalogueFilterContext): CatalogueSearch =>
  context.productId === null ? searchFromQuery(context.query) : { ...searchFromQuery(context.query), product: context.productId }

const decimalsOf = (context: CatalogueFilterContext) => context.answer?.prices.decimals ?? CATALOGUE_DEFAULTS.priceDecimals

const productOf = (context: CatalogueFilterContext, productId: number) => context.answer?.products.find((product) => product.id === productId)

/** The wish the open card has saved, when its row does not show it yet. */
const cardWishChange = (context: CatalogueFilterContext, card: CardSnapshot): MarkResult | null => {
  // a card that has not started yet has no context
  const product = card.context?.product ?? null
  if (product === null || product.id !== context.productId) return null
  const row = productOf(context, product.id)
  return row && row.inwish !== product.inwish ? { productId: product.id, kind: 'wish', value: product.inwish } : null
}

const withMark = (answer: FilterResponse | null, result: MarkResult): FilterResponse | null =>
  answer && {
    ...answer,
    products: answer.products.map((product) => {
      if (product.id !== result.productId) return product
      return result.kind === 'wish' ? { ...product, inwish: Boolean(result.value) } : { ...product, need: Number(result.value) }
    }),
  }

const NOTIFY_ADDRESS = { type: 'notifyAddress', params: ({ context }: { context: CatalogueFilterContext }) => ({ search: addressOf(context) }) } as const
const CLOSE_CARD = {
  target: 'closed',
  description: 'The dealer closes the card (✕, Escape, a click outside): the address drops it',
  actions: [{ type: 'storeOpenProduct', params: { productId: null } }, NOTIFY_ADDRESS],
} as const

/** The products query: it runs in the first load and in every refresh. */
const loadProductsInvoke = {
  id: 'loadProducts',
  src: 'loadProducts',
  input: ({ context }: { context: CatalogueFilterContext }) => toFilterPayload(context.query, context.contract),
  onDone: { target: 'checking', actions: { type: 'storeAnswer', params: ({ event }: { event: { output: FilterResponse } }) => ({ answer: event.output }) } },
  onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
} as const

/**
 * The catalogue screen (/cabinet/): filterinit, then one POST /api/filter/ per query. The query
 * lives in the address: the dealer's changes are applied here (page back to 1, the sorting
 * cycle) and put into the address by `notifyAddress`, an action the app provides; the address
 * comes back as `filter.sync` (also on reload and browser back), which loads only when it
 * differs from what is shown. Wish and need toggles are saved one after another in a region of
 * their own, so the list stays usable. The product card is this machine's child while it is
 * open (?product=): a wish saved in the card shows on its row.
 */
export const catalogueFilterMachine = setup({
  types: {} as {
    context: CatalogueFilterContext
    events: CatalogueFilterEvent
    input: CatalogueFilterInput
    children: { productCard: 'productCard'; loadCardCode: 'loadCardCode' }
  },
  actors: {
    loadFilterInit: unprovidedPromise<FilterInit>('loadFilterInit'),
    loadProducts: unprovidedPromise<FilterResponse, FilterRequest>('loadProducts'),
    saveMark: unprovidedPromise<MarkResult, MarkRequest>('saveMark'),
    productCard: unprovidedProductCard,
    loadCardCode: unprovidedCardCode,
  },
  guards: {
    isOtherQuery: ({ context, event }) => event.type === 'filter.sync' && !sameQuery(context.query, event.query),
    isQueryChange: ({ context, event }) =>
      event.type === 'filter.change' && !sameQuery(context.query, applyFilterChange(context.query, event.change, decimalsOf(context))),
    hasAnswer: ({ context }) => context.answer !== null,
    hasProducts: ({ context }) => (context.answer?.products.length ?? 0) > 0,
    canToggleMark: ({ context, event }) =>
      event.type === 'mark.toggle' &&
      productOf(context, event.productId) !== undefined &&
      !context.marks.some((mark) => mark.productId === event.productId && mark.kind === event.kind),
    hasMoreMarks: ({ context }) => context.marks.length > 1,
    hasOpenProduct: ({ context }) => context.productId !== null,
    isOtherCard: ({ context, event }) => event.type === 'filter.sync' && event.productId !== context.productId,
    isCardWishChange: ({ context }, params: { card: CardSnapshot }) => cardWishChange(context, params.card) !== null,
  },
  actions: {
    storeQuery: assign({ query: (_, params: { query: CatalogueQuery }) => params.query }),
    storeChange: assign({ query: ({ context }, params: { change: FilterChange }) => applyFilterChange(context.query, params.change, decimalsOf(context)) }),
    storeSorting: assign({
      query: ({ context }, params: { field: SortField }) => ({ ...context.query, page: 1, sorting: cycleSorting(context.query.sorting, params.field) }),
    }),
    /** provided by the app: a new history entry with this address, so back restores the previous one */
    // the warehouse picked in the filter panel becomes the dealer's choice everywhere (the shell
    // first, so the address without ?warehouse= reads the same warehouse back); a keyword keeps
    // the catalogue on the search results' address (spec §2)
    notifyAddress: notifyShell(({ search }: { search: CatalogueSearch }) => [
      { type: 'warehouse.select', id: search.warehouse ?? DEFAULT_QUERY.warehouse },
      navigateTo(search.q ? '/cabinet/action12/' : '/cabinet/', search),
    ]),
    storeInit: assign({ init: (_, params: { init: FilterInit }) => params.init, errorMessage: null }),
    /** what the new answer did not change keeps its objects, so the views skip it */
    storeAnswer: assign({ answer: ({ context }, params: { answer: FilterResponse }) => sharedAnswer(context.answer, params.answer), errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetError: assign({ errorMessage: null }),
    storeMarkRequest: assign({
      marks: ({ context }, params: { productId: number; kind: MarkKind }) => {
        const product = productOf(context, params.productId)
        const isOn = params.kind === 'wish' ? product?.inwish === true : (product?.need ?? 0) > 0
        return [...context.marks, { productId: params.productId, kind: params.kind, on: !isOn }]
      },
      markError: null,
    }),
    applyCardWish: assign({
      answer: ({ context }, params: { card: CardSnapshot }) => {
        const change = cardWishChange(context, params.card)
        return change ? withMark(context.answer, change) : context.answer
      },
    }),
    storeOpenProduct: assign({ productId: (_, params: { productId: number | null }) => params.productId }),
    storeMarkResult: assign({
      answer: ({ context }, params: { result: MarkResult }) => withMark(context.answer, params.result),
      marks: ({ context }) => context.marks.slice(1),
    }),
    storeMarkError: assign({ markError: (_, params: { error: unknown }) => errorMessageOf(params.error), marks: [] }),
    resetMarkError: assign({ markError: null }),
  },
}).createMachine({
  id: 'catalogueFilter',
  description:
    'The catalogue (and the keyword search results, its keyword mode): filters, sorting and page kept in the address, the products of the page, wish and need toggles.',
  type: 'parallel',
  context: ({ input }) => ({
    query: input.query,
    contract: input.contract ?? CATALOGUE_DEFAULTS.contract,
    init: null,
    answer: null,
    errorMessage: null,
    marks: [],
    markError: null,
    productId: input.productId ?? null,
  }),
  states: {
    list: {
      description: 'What the catalogue area shows',
      initial: 'initialising',
      states: {
        initialising: {
          description: 'GET /api/filterinit/ (warehouses, category tree); "Загрузка каталога…"',
          invoke: {
            id: 'loadFilterInit',
            src: 'loadFilterInit',
            onDone: { target: 'ready', actions: { type: 'storeInit', params: ({ event }) => ({ init: event.output }) } },
            onError: { target: 'initFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            'filter.sync': {
              guard: 'isOtherQuery',
              description: 'The address changed before the catalogue could load: that query loads first',
              actions: { type: 'storeQuery', params: ({ event }) => ({ query: event.query }) },
            },
          },
        },
        initFailed: {
          description: '"Не удалось загрузить каталог", the server message and "Повторить"',
          on: { 'list.retry': { target: 'initialising', description: 'The dealer asks to load again', actions: 'resetError' } },
        },
        ready: {
          description: 'The filter panel is shown with the warehouses and the category tree',
          initial: 'fetching',
          on: {
            'filter.sync': {
              guard: 'isOtherQuery',
              target: '.fetching',
              description: 'The address names another query (reload, a pagination link, browser back)',
              actions: { type: 'storeQuery', params: ({ event }) => ({ query: event.query }) },
            },
            'filter.change': {
              guard: 'isQueryChange',
              target: '.fetching',
              description: 'The dealer changes a filter: page 1, and the address follows',
              actions: [{ type: 'storeChange', params: ({ event }) => ({ change: event.change }) }, NOTIFY_ADDRESS],
            },
            'sorting.cycle': {
              target: '.fetching',
              description: 'A column header: none → ascending → descending; another column starts at ascending; page 1',
              actions: [{ type: 'storeSorting', params: ({ event }) => ({ field: event.field }) }, NOTIFY_ADDRESS],
            },
          },
          states: {
            fetching: {
              description: 'Chooses between a first load and a refresh over the rows already shown',
              always: [{ guard: 'hasAnswer', target: 'refreshing' }, { target: 'loading' }],
            },
            loading: {
              description: 'POST /api/filter/ with nothing shown yet: "Загрузка каталога…"',
              entry: 'resetError',
              invoke: loadProductsInvoke,
            },
            refreshing: {
              description: 'POST /api/filter/ for a new query; the previous rows stay, dimmed, aria-busy',
              entry: 'resetError',
              invoke: loadProductsInvoke,
            },
            checking: {
              description: 'Decides between the rows and the empty message',
              always: [{ guard: 'hasProducts', target: 'loaded' }, { target: 'empty' }],
            },
            loaded: { description: 'The page of products, the facets and the pagination' },
            empty: { description: '"По вашему запросу ничего не найдено"' },
            failed: {
              description: '"Не удалось загрузить товары", the server message and "Повторить"',
              on: { 'list.retry': { target: 'fetching', description: 'The dealer asks to load again' } },
            },
          },
        },
      },
    },
    marks: {
      description: 'Wish (setWish/unsetWish) and need (setNeed/unsetNeed) toggles, saved one after another',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing to save',
          on: {
            'mark.toggle': {
              guard: 'canToggleMark',
              target: 'saving',
              description: 'The dealer toggles a product’s wish or need',
              actions: { type: 'storeMarkRequest', params: ({ event }) => event },
            },
          },
        },
        saving: {
          description: 'The first waiting toggle is being saved; its button is busy',
          invoke: {
            id: 'saveMark',
            src: 'saveMark',
            input: ({ context }) => context.marks[0]!,
            onDone: [
              {
                guard: 'hasMoreMarks',
                target: 'saving',
                reenter: true,
                description: 'Saved; the next waiting toggle is saved',
                actions: { type: 'storeMarkResult', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'idle', description: 'Saved', actions: { type: 'storeMarkResult', params: ({ event }) => ({ result: event.output }) } },
            ],
            onError: {
              target: 'failed',
              description: 'Not saved: the waiting toggles are dropped, the flags stay as the server has them',
              actions: { type: 'storeMarkError', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: {
            'mark.toggle': {
              guard: 'canToggleMark',
              description: 'Another toggle waits its turn',
              actions: { type: 'storeMarkRequest', params: ({ event }) => event },
            },
          },
        },
        failed: {
          description: '"Не удалось сохранить отметку" with the server message',
          on: {
            'mark.toggle': {
              guard: 'canToggleMark',
              target: 'saving',
              description: 'The dealer toggles again',
              actions: { type: 'storeMarkRequest', params: ({ event }) => event },
            },
            'mark.dismiss': { target: 'idle', description: 'The dealer closes the message', actions: 'resetMarkError' },
          },
        },
      },
    },
    card: {
      description: "The product card (?product=), invoked as this machine's child while it is open",
      initial: 'checking',
      on: {
        'filter.sync': {
          guard: 'isOtherCard',
          target: '.checking',
          description: 'The address opens another card or closes it (reload, browser back)',
          actions: { type: 'storeOpenProduct', params: ({ event }) => ({ productId: event.productId }) },
        },
      },
      states: {
        checking: {
          description: 'Decides between the open card and none',
          always: [{ guard: 'hasOpenProduct', target: 'loadingCode' }, { target: 'closed' }],
        },
        closed: {
          description: 'No card is open',
          on: {
            'card.open': {
              target: 'loadingCode',
              description: "The dealer clicks a product's name: its card opens and the address names it",
              actions: [{ type: 'storeOpenProduct', params: ({ event }) => ({ productId: event.productId }) }, NOTIFY_ADDRESS],
            },
          },
        },
        ...cardCodeStates(CLOSE_CARD),
        open: {
          description: 'The product card machine runs as the child "productCard" and the dialog shows it',
          invoke: {
            id: 'productCard',
            src: 'productCard',
            input: ({ context }) => ({
              productId: context.productId ?? 0,
              contract: context.answer?.contract ?? context.contract,
              warehouse: context.query.warehouse,
            }),
            onSnapshot: {
              guard: { type: 'isCardWishChange', params: ({ event }) => ({ card: event.snapshot }) },
              description: 'The card saved a wish: its row shows it too',
              actions: { type: 'applyCardWish', params: ({ event }) => ({ card: event.snapshot }) },
            },
          },
          on: { 'card.close': CLOSE_CARD },
        },
      },
    },
  },
})

/** The running catalogue actor, as views and other actors hold it. */
export type CatalogueFilterActor = ActorRefFrom<typeof catalogueFilterMachine>
