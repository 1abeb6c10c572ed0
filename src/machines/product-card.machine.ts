import { assign, setup, type ActorRefFrom } from 'xstate'
import { TAB_IDS, type AsyncTabId, type BindData, type ProductCard, type ProductRequest, type TabRequest, type WishRequest } from '../contract/product'
import { errorMessageOf, unprovidedPromise } from './machine-support'

export const PRODUCT_CARD_MESSAGES = {
  /** spec §8: content load failure, to the letter */
  contentFailed: 'The requested content cannot be loaded. Please try again later.',
  wishFailed: 'Не удалось изменить избранное',
  noPictures: 'Нет изображения',
} as const

/** Spec §2: the gallery shows 3 preview slides (its slide speed is TIMINGS.gallerySlideMs). */
export const GALLERY_PREVIEW_SLIDES = 3

export type TabId = (typeof TAB_IDS)[keyof typeof TAB_IDS]

/** The first of the preview slides, so that the shown picture is among them and the strip stays full. */
export function previewStart(count: number, slide: number): number {
  const last = Math.max(0, count - GALLERY_PREVIEW_SLIDES)
  return Math.min(Math.max(0, slide - 1), last)
}

/** The slide `delta` steps away, going round at either end. */
export const cycleSlide = (count: number, slide: number, delta: 1 | -1): number => (count === 0 ? 0 : (slide + delta + count) % count)

export type ProductCardInput = ProductRequest

export interface ProductCardContext extends ProductCardInput {
  product: ProductCard | null
  /** the index of the picture shown */
  slide: number
  /** the async tabs' data as far as loaded */
  bindData: BindData
  errorMessage: string | null
}

export type ProductCardEvent =
  | { type: 'card.retry' }
  | { type: 'gallery.show'; index: number }
  | { type: 'gallery.next' }
  | { type: 'gallery.previous' }
  | { type: 'tab.select'; tab: TabId }
  | { type: 'tab.retry' }
  | { type: 'wish.toggle' }

const pictureCount = (context: ProductCardContext) => context.product?.pictures.length ?? 0

/**
 * An async tab (spec §3 tabs): loads its data through POST /api/binds/ each time it is opened,
 * so the stock shown is current; leaving the tab while it loads cancels the call.
 */
function asyncTabStates(tab: AsyncTabId, invokeId: string) {
  return {
    initial: 'loading',
    states: {
      loading: {
        description: 'POST /api/binds/ runs; the tab shows a loader',
        invoke: {
          id: invokeId,
          src: 'loadTab',
          input: ({ context }: { context: ProductCardContext }): TabRequest => ({
            productId: context.productId,
            contract: context.product?.contract ?? context.contract,
            warehouse: context.warehouse,
            tab,
          }),
          onDone: { target: 'loaded', actions: { type: 'storeBindData', params: ({ event }: { event: { output: BindData } }) => event.output } },
          onError: { target: 'failed', description: 'The call failed or answered nonsense' },
        },
      },
      loaded: { description: "The tab's data is shown" },
      failed: {
        description: '"The requested content cannot be loaded. Please try again later." and "Повторить" in the tab',
        on: { 'tab.retry': { target: 'loading', description: 'The dealer asks to load the tab again' } },
      },
    },
  } as const
}

/**
 * The product popup card (spec §2, §3 Product): GET /ajax/getproduct/?id=, then the gallery,
 * the wish toggle and the tabs, each async tab loading on its own. Quantity and "В корзину"
 * are the addToBasket machine's, shown inside the card.
 */
export const productCardMachine = setup({
  types: {} as { context: ProductCardContext; events: ProductCardEvent; input: ProductCardInput },
  actors: {
    loadProduct: unprovidedPromise<ProductCard, ProductRequest>('loadProduct'),
    loadTab: unprovidedPromise<BindData, TabRequest>('loadTab'),
    saveWish: unprovidedPromise<boolean, WishRequest>('saveWish'),
  },
  guards: {
    hasPictures: ({ context }) => pictureCount(context) > 0,
    hasOtherPictures: ({ context }) => pictureCount(context) > 1,
    isPicture: ({ context, event }) =>
      event.type === 'gallery.show' && Number.isInteger(event.index) && event.index >= 0 && event.index < pictureCount(context),
    isTab: ({ event }, params: { tab: TabId }) => event.type === 'tab.select' && event.tab === params.tab,
  },
  actions: {
    storeProduct: assign({ product: (_, params: { product: ProductCard }) => params.product, slide: 0, errorMessage: null }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    storeSlide: assign({ slide: (_, params: { index: number }) => params.index }),
    storeSlideStep: assign({ slide: ({ context }, params: { delta: 1 | -1 }) => cycleSlide(pictureCount(context), context.slide, params.delta) }),
    storeBindData: assign({ bindData: ({ context }, data: BindData) => ({ ...context.bindData, ...data }) }),
    storeWish: assign({ product: ({ context }, params: { inwish: boolean }) => context.product && { ...context.product, inwish: params.inwish } }),
  },
}).createMachine({
  id: 'productCard',
  description: 'The product popup card: loads the product, then gallery, wish toggle and tabs (async tabs load on their own).',
  context: ({ input }) => ({ ...input, product: null, slide: 0, bindData: {}, errorMessage: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /ajax/getproduct/?id= runs; the dialog shows a loader',
      invoke: {
        id: 'loadProduct',
        src: 'loadProduct',
        input: ({ context }) => ({ productId: context.productId, contract: context.contract, warehouse: context.warehouse }),
        onDone: { target: 'loaded', actions: { type: 'storeProduct', params: ({ event }) => ({ product: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: '"The requested content cannot be loaded. Please try again later." and "Повторить"',
      on: { 'card.retry': { target: 'loading', description: 'The dealer asks to load the card again' } },
    },
    loaded: {
      description: 'Header, articul, prices, gallery, stock, "В корзину", the wish toggle and the tabs',
      type: 'parallel',
      states: {
        gallery: {
          description: 'The picture slider with its preview strip',
          initial: 'checking',
          states: {
            checking: {
              description: 'Decides between the slider and the "no picture" placeholder',
              always: [{ guard: 'hasPictures', target: 'showing' }, { target: 'empty' }],
            },
            empty: { description: '"Нет изображения"' },
            showing: {
              description: 'One picture large, 3 previews below; slides move in 500 ms',
              on: {
                'gallery.show': {
                  guard: 'isPicture',
                  description: 'The dealer picks a preview',
                  actions: { type: 'storeSlide', params: ({ event }) => ({ index: event.index }) },
                },
                'gallery.next': {
                  guard: 'hasOtherPictures',
                  description: 'The next picture (after the last comes the first)',
                  actions: { type: 'storeSlideStep', params: { delta: 1 } },
                },
                'gallery.previous': {
                  guard: 'hasOtherPictures',
                  description: 'The previous picture (before the first comes the last)',
                  actions: { type: 'storeSlideStep', params: { delta: -1 } },
                },
              },
            },
          },
        },
        wish: {
          description: 'The favourite toggle (set or unset per product)',
          initial: 'idle',
          states: {
            idle: {
              description: 'The toggle shows whether the product is a favourite',
              on: { 'wish.toggle': { target: 'saving', description: 'The dealer toggles the favourite' } },
            },
            saving: {
              description: 'POST /api/setWish/ or /api/unsetWish/ runs; the toggle is disabled',
              invoke: {
                id: 'saveWish',
                src: 'saveWish',
                input: ({ context }) => ({ productId: context.productId, inwish: !context.product?.inwish }),
                onDone: { target: 'idle', actions: { type: 'storeWish', params: ({ event }) => ({ inwish: event.output }) } },
                onError: { target: 'failed', description: 'The change was not saved' },
              },
            },
            failed: {
              description: '"Не удалось изменить избранное"; the toggle keeps its old value',
              on: { 'wish.toggle': { target: 'saving', description: 'The dealer tries again' } },
            },
          },
        },
        tabs: {
          description: 'The tabs: Характеристики and Описание are in the card, Наличие на складах and Аналоги load on opening',
          initial: TAB_IDS.params,
          on: {
            'tab.select': Object.values(TAB_IDS).map((tab) => ({
              guard: { type: 'isTab' as const, params: { tab } },
              target: `.${tab}`,
              description: `The dealer opens the "${tab}" tab`,
            })),
          },
          states: {
            [TAB_IDS.params]: { description: 'The characteristics' },
            [TAB_IDS.description]: { description: 'The description' },
            [TAB_IDS.stocks]: { description: 'Stock per warehouse', ...asyncTabStates(TAB_IDS.stocks, 'loadStocksTab') },
            [TAB_IDS.analogs]: { description: 'Analogue products', ...asyncTabStates(TAB_IDS.analogs, 'loadAnalogsTab') },
          },
        },
      },
    },
  },
})

/** The running product card actor, as views and other actors hold it. */
export type ProductCardActor = ActorRefFrom<typeof productCardMachine>
