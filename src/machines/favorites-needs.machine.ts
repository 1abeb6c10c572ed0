import { assign, raise, setup, type ActorRefFrom } from 'xstate'
import type { CatalogueProduct } from '../contract/catalogue'
import {
  FAVORITES_MESSAGES,
  type MarkedGoodsRequest,
  type MarkedGoodsResponse,
  type MarkedList,
  type RemoveMarkRequest,
  type SaveNeedRequest,
} from '../contract/favorites'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { pagedList, type PagedListContext, type PagedListEvent } from './paged-list'
import { parseNeed } from './need-rules'
import { cardCodeStates, unprovidedCardCode, unprovidedProductCard } from './card-code'
import { TIMINGS } from './timings'
import { navigateTo, notifyShell } from './shell-links'
import type { BulkActionInput } from './bulk-action.machine'
import { bulkCodeStates, unprovidedBulkAction, unprovidedBulkCode, type BulkCodeEvent } from './bulk-action-code'
import { rowSelection, type RowSelectionContext, type RowSelectionEvent } from './row-selection'

/** What each page says (spec §2: Favorites, Needs). */
export const MARKED_LIST_TEXTS: Record<
  MarkedList,
  { title: string; loadFailed: string; empty: string; emptyHint: string; remove: string; removeFailed: string }
> = {
  favorites: {
    title: 'Избранное',
    loadFailed: 'Не удалось загрузить избранное',
    empty: 'В избранном пока нет товаров',
    emptyHint: 'Отмечайте товары звёздочкой в каталоге, чтобы быстро находить их здесь.',
    remove: 'Убрать из избранного',
    removeFailed: 'Товар не убран из избранного',
  },
  needs: {
    title: 'Потребности',
    loadFailed: 'Не удалось загрузить потребности',
    empty: 'В потребностях пока нет товаров',
    emptyHint: 'Отмечайте нужные товары в каталоге, а здесь указывайте, сколько их нужно.',
    remove: 'Убрать из потребностей',
    removeFailed: 'Товар не убран из потребностей',
  },
}

export const NEED_MESSAGES = {
  badNeed: FAVORITES_MESSAGES.badNeed,
  saved: 'Потребность сохранена',
  saveFailed: 'Потребность не сохранена',
} as const

export interface FavoritesNeedsInput {
  list: MarkedList
  /** the dealer's selected contract ('0' = the server's choice) */
  contract: string
  /** the dealer's chosen warehouse: stock is shown and added from it */
  warehouse: number
  /** the page from the address (?page=) */
  page: number
}

/** The need quantity being edited on one row. */
interface NeedEdit {
  productId: number
  /** what the field shows */
  text: string
  /** the quantity saved on the server, which a bad entry falls back to */
  saved: number
}

export interface FavoritesNeedsContext extends FavoritesNeedsInput, PagedListContext<MarkedGoodsResponse>, RowSelectionContext {
  /** the product being taken off the list */
  removing: CatalogueProduct | null
  needEdit: NeedEdit | null
  needError: string | null
  /** the product whose card is open */
  cardProductId: number | null
}

export type FavoritesNeedsEvent =
  | PagedListEvent
  | { type: 'list.reload' }
  | { type: 'item.remove'; product: CatalogueProduct }
  | { type: 'notice.dismiss' }
  | { type: 'need.input'; productId: number; text: string }
  | { type: 'need.save' }
  | { type: 'need.cancel' }
  | { type: 'card.open'; productId: number }
  | { type: 'card.close' }
  | RowSelectionEvent
  | BulkCodeEvent
  /** the selection bar's «В корзину»: the checked products go into the basket */
  | { type: 'selection.addToBasket' }
  /** the selection bar's «Убрать»: the checked products come off the list (after a question) */
  | { type: 'selection.remove' }

const list = pagedList({
  types: {} as { context: FavoritesNeedsContext; events: FavoritesNeedsEvent },
  hasItems: 'hasGoods',
  itemsOf: (result) => result.goods,
  pagesOf: (result) => result.pagination.pages,
})

const selection = rowSelection({
  types: {} as { context: FavoritesNeedsContext; events: FavoritesNeedsEvent },
  idsOf: (context) => context.result?.goods.map((product) => product.id) ?? [],
})

/** The dealer closes the message that the bulk action's code did not load: nothing stays checked. */
const CLOSE_BULK = { target: 'none', description: 'The dealer closes the message: nothing stays checked', actions: 'resetSelection' } as const

/** The checked products as the bulk dialog takes them: each with its name, and on the needs page its need quantity. */
const bulkInput = (context: FavoritesNeedsContext, action: 'Add' | 'Remove'): BulkActionInput => {
  const goods = context.result?.goods ?? []
  const items = context.selected.flatMap((id) => {
    const product = goods.find((each) => each.id === id)
    return product ? [{ id, label: product.header, ...(context.list === 'needs' && product.need > 0 ? { qnt: product.need } : {}) }] : []
  })
  return { kind: `${context.list}${action}`, items, basket: { contract: context.result?.contract ?? context.contract, warehouse: context.warehouse } }
}

const savedNeedOf = (context: FavoritesNeedsContext, productId: number) => context.result?.goods.find((product) => product.id === productId)?.need ?? 0

/**
 * /cabinet/favorites/ and /cabinet/needs/ (spec §2, §7, §9): the dealer's marked products, 20 per
 * page, the page in the address, under the selected contract with stock at the chosen warehouse.
 * Four regions: `list` loads pages and takes a product off the list; `need` edits a row's need
 * quantity (the needs page: a whole number, checked before it is saved); `card` runs the product
 * card while it is open, and the page loads again when it closes (the card may have changed the
 * wish or the stock); `selection` checks rows and runs the selection bar's bulk actions (into the
 * basket, off the list), each a bulkAction child. One row's «В корзину» is its own addToBasket machine.
 */
export const favoritesNeedsMachine = setup({
  types: {} as {
    context: FavoritesNeedsContext
    events: FavoritesNeedsEvent
    input: FavoritesNeedsInput
    children: {
      loadPage: 'loadPage'
      removeMark: 'removeMark'
      saveNeed: 'saveNeed'
      productCard: 'productCard'
      loadCardCode: 'loadCardCode'
      loadBulkCode: 'loadBulkCode'
      bulkAdd: 'bulkAdd'
      bulkRemove: 'bulkRemove'
    }
  },
  actors: {
    loadPage: unprovidedPromise<MarkedGoodsResponse, MarkedGoodsRequest>('loadPage'),
    removeMark: unprovidedPromise<void, RemoveMarkRequest>('removeMark'),
    saveNeed: unprovidedPromise<number, SaveNeedRequest>('saveNeed'),
    productCard: unprovidedProductCard,
    loadCardCode: unprovidedCardCode,
    loadBulkCode: unprovidedBulkCode,
    bulkAdd: unprovidedBulkAction,
    bulkRemove: unprovidedBulkAction,
  },
  guards: {
    ...list.guards,
    ...selection.guards,
    ...list.pageGone.guards,
    isNeedValid: ({ context }) => context.needEdit !== null && parseNeed(context.needEdit.text) !== null,
  },
  actions: {
    ...list.actions,
    ...selection.actions,
    ...list.pageGone.actions,
    storeRemoving: assign({ removing: (_, params: { product: CatalogueProduct }) => params.product, errorMessage: null }),
    resetRemoving: assign({ removing: null, errorMessage: null }),
    storeNeedText: assign({
      needEdit: ({ context }, params: { productId: number; text: string }) => ({
        productId: params.productId,
        text: params.text,
        saved: savedNeedOf(context, params.productId),
      }),
      needError: null,
    }),
    /** a bad entry: the field shows the saved quantity again */
    resetNeedText: assign({ needEdit: ({ context }) => context.needEdit && { ...context.needEdit, text: String(context.needEdit.saved) } }),
    storeSavedNeed: assign({
      result: ({ context }, params: { need: number }) =>
        context.result && {
          ...context.result,
          goods: context.result.goods.map((product) => (product.id === context.needEdit?.productId ? { ...product, need: params.need } : product)),
        },
      needEdit: ({ context }, params: { need: number }) => context.needEdit && { ...context.needEdit, text: String(params.need), saved: params.need },
    }),
    storeNeedError: assign({ needError: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetNeedEdit: assign({ needEdit: null, needError: null }),
    storeCardProduct: assign({ cardProductId: (_, params: { productId: number | null }) => params.productId }),
    /** the address follows the page the machine moved to (provided by the app: router.navigate) */
    notifyAddress: notifyShell((params: { list: MarkedList; page: number }) => navigateTo(`/cabinet/${params.list}/`, { page: params.page }, true)),
  },
  delays: { savedMessage: TIMINGS.savedMessageMs },
}).createMachine({
  id: 'favoritesNeeds',
  description: 'The favourites or needs page: 20 per page, the page in the address; take a product off, edit a need, open a card.',
  context: ({ input }) => ({
    ...input,
    result: null,
    errorMessage: null,
    removing: null,
    needEdit: null,
    needError: null,
    cardProductId: null,
    selected: [],
  }),
  type: 'parallel',
  states: {
    list: {
      description: 'The page of marked products',
      initial: 'loading',
      on: {
        'page.change': list.pageChange('resetRemoving'),
        'list.reload': { target: '.loading', description: 'The product card closed: the page loads again', actions: 'resetRemoving' },
      },
      states: {
        ...list.states({
          loading: { description: 'GET /api/favorites/ or /api/needs/ ?page=&perpage=20&contract=&warehouse= runs; the list is aria-busy' },
          load: {
            src: 'loadPage',
            input: ({ context }) => ({ list: context.list, page: context.page, contract: context.contract, warehouse: context.warehouse }),
          },
          pageGone: {
            description: 'The page lies past the last one (its last product was taken off): the last page loads, and the address follows',
            notify: { type: 'notifyAddress', params: ({ context }) => ({ list: context.list, page: context.page }) },
          },
          empty: { description: '"В избранном пока нет товаров" (or "В потребностях пока нет товаров") with a link to the catalogue' },
          failed: { description: '"Не удалось загрузить …" with the server message and «Повторить»' },
        }),
        loaded: {
          description: 'The products (picture, name, articul, brand, price, stock here and per warehouse, need), «В корзину» and «Убрать» on each, the pages',
          initial: 'idle',
          states: {
            idle: {
              description: 'Nothing is being removed',
              on: {
                'item.remove': {
                  target: 'removing',
                  description: 'The dealer presses «Убрать из избранного» (or «… из потребностей») on a product',
                  actions: { type: 'storeRemoving', params: ({ event }) => ({ product: event.product }) },
                },
              },
            },
            removing: {
              description: 'POST /api/unsetWish/ or /api/unsetNeed/ {id} runs; the row is disabled',
              invoke: {
                id: 'removeMark',
                src: 'removeMark',
                input: ({ context }) => ({ list: context.list, productId: context.removing?.id ?? 0 }),
                onDone: {
                  target: '#favoritesNeeds.list.loading',
                  description: 'The product is off the list: the page loads again, nothing stays checked',
                  actions: ['resetRemoving', raise({ type: 'selection.clear' })],
                },
                onError: { target: 'removeFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            removeFailed: {
              description: '"Товар не убран из …" with the server message; the product stays',
              on: {
                'notice.dismiss': { target: 'idle', description: 'The dealer closes the message', actions: 'resetRemoving' },
                'item.remove': {
                  target: 'removing',
                  description: 'The dealer tries again (this or another product)',
                  actions: { type: 'storeRemoving', params: ({ event }) => ({ product: event.product }) },
                },
              },
            },
          },
        },
      },
    },
    need: {
      description: "A row's need quantity (the needs page)",
      initial: 'idle',
      states: {
        idle: {
          description: 'Every row shows its saved need',
          on: {
            'need.input': {
              target: 'editing',
              description: "The dealer types into a row's «Потребность» field",
              actions: { type: 'storeNeedText', params: ({ event }) => event },
            },
          },
        },
        editing: {
          description: 'The field shows what the dealer typed; «Сохранить» (or Enter) saves, Escape puts the saved quantity back',
          on: {
            'need.input': {
              target: 'editing',
              description: 'The dealer keeps typing (or moves to another row)',
              actions: { type: 'storeNeedText', params: ({ event }) => event },
            },
            'need.save': [
              { guard: 'isNeedValid', target: 'saving', description: 'A whole number from 1 to 1 000 000' },
              { target: 'invalid', description: '0, a sign, a fraction, letters, too many: nothing is saved', actions: 'resetNeedText' },
            ],
            'need.cancel': { target: 'idle', description: 'Escape: the saved quantity shows again', actions: 'resetNeedEdit' },
          },
        },
        invalid: {
          description: '"Потребность — целое число от 1 до 1 000 000" under the field, which shows the saved quantity again',
          on: {
            'need.input': { target: 'editing', description: 'The dealer types again', actions: { type: 'storeNeedText', params: ({ event }) => event } },
            'need.cancel': { target: 'idle', description: 'The dealer leaves it', actions: 'resetNeedEdit' },
          },
        },
        saving: {
          description: 'POST /api/setNeed/ {id, need} runs; the field is read-only',
          invoke: {
            id: 'saveNeed',
            src: 'saveNeed',
            input: ({ context }) => ({ productId: context.needEdit?.productId ?? 0, need: parseNeed(context.needEdit?.text ?? '') ?? 0 }),
            onDone: { target: 'saved', actions: { type: 'storeSavedNeed', params: ({ event }) => ({ need: event.output }) } },
            onError: {
              target: 'failed',
              actions: [{ type: 'storeNeedError', params: ({ event }) => ({ error: event.error }) }, 'resetNeedText'],
            },
          },
        },
        saved: {
          description: '"Потребность сохранена" beside the field for 1.5 s',
          after: { savedMessage: { target: 'idle', description: 'The message hides (after 1.5 s)', actions: 'resetNeedEdit' } },
          on: {
            'need.input': { target: 'editing', description: 'The dealer types again', actions: { type: 'storeNeedText', params: ({ event }) => event } },
          },
        },
        failed: {
          description: '"Потребность не сохранена" with the server message; the field shows the saved quantity',
          on: {
            'need.input': { target: 'editing', description: 'The dealer types again', actions: { type: 'storeNeedText', params: ({ event }) => event } },
            'need.cancel': { target: 'idle', description: 'The dealer leaves it', actions: 'resetNeedEdit' },
          },
        },
      },
    },
    selection: {
      description: 'Bulk selection: with products checked, the column titles hide and a bar shows the count, «В корзину» and «Убрать»',
      initial: 'none',
      states: {
        ...selection.states({
          'page.change': { target: 'none', description: 'Another page: nothing stays checked', actions: 'resetSelection' },
          'list.reload': { target: 'none', description: 'The page loads again: nothing stays checked', actions: 'resetSelection' },
          'selection.addToBasket': { target: 'addingCodeLoading', description: 'The dealer presses «В корзину» on the bar' },
          'selection.remove': { target: 'removingCodeLoading', description: 'The dealer presses «Убрать» on the bar' },
        }),
        ...bulkCodeStates('adding', CLOSE_BULK),
        ...bulkCodeStates('removing', CLOSE_BULK),
        adding: {
          description:
            "The checked products go into the basket (machine bulkAdd: a need's quantity, else 1, from the chosen warehouse); its dialog names the ones short of stock",
          invoke: {
            id: 'bulkAdd',
            src: 'bulkAdd',
            input: ({ context }) => bulkInput(context, 'Add'),
            onDone: { target: 'none', description: 'The dealer closed the dialog: nothing stays checked', actions: 'resetSelection' },
          },
        },
        removing: {
          description:
            'The checked products come off the list (machine bulkRemove: the question first, then one request each); its dialog names the ones that failed',
          invoke: {
            id: 'bulkRemove',
            src: 'bulkRemove',
            input: ({ context }) => bulkInput(context, 'Remove'),
            onDone: {
              target: 'none',
              description: 'The dealer closed the dialog: nothing stays checked, and the page loads again',
              actions: ['resetSelection', raise({ type: 'list.reload' })],
            },
          },
        },
      },
    },
    card: {
      description: 'The product card of a product name clicked',
      initial: 'closed',
      states: {
        closed: {
          description: 'No card is open',
          on: {
            'card.open': {
              target: 'loadingCode',
              description: "The dealer clicks a product's name",
              actions: { type: 'storeCardProduct', params: ({ event }) => ({ productId: event.productId }) },
            },
          },
        },
        ...cardCodeStates({
          target: 'closed',
          description: 'The dealer closes the card while its code loads, or the message that it did not',
          actions: { type: 'storeCardProduct', params: { productId: null } },
        } as const),
        open: {
          description: 'The product card machine runs as the child "productCard" and the dialog shows it',
          invoke: {
            id: 'productCard',
            src: 'productCard',
            input: ({ context }) => ({
              productId: context.cardProductId ?? 0,
              contract: context.result?.contract ?? context.contract,
              warehouse: context.warehouse,
            }),
          },
          on: {
            'card.close': {
              target: 'closed',
              description:
                'The dealer closes the card (✕, Escape, a click outside); the page loads again, as the card may have changed the wish or the stock',
              actions: [{ type: 'storeCardProduct', params: { productId: null } }, raise({ type: 'list.reload' })],
            },
          },
        },
      },
    },
  },
})

export type FavoritesNeedsActor = ActorRefFrom<typeof favoritesNeedsMachine>
