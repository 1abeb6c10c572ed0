import { assign, setup, type ActorRefFrom } from 'xstate'
import type { BasketSummary } from '../contract/account'
import { BASKET_MESSAGES } from '../contract/basket-constants'
import type { ProductSetResponse, RefusedLine } from '../contract/product-set'
import type { AddCartFromPricelistRequest, PricelistResponse } from '../contract/pricelist'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import {
  cartListOf,
  committedText,
  fileProblem,
  hasChosen,
  initialLines,
  isOverStock,
  steppedText,
  textProblem,
  toggled,
  toggledAll,
  withInput,
  withStockQuantity,
  withText,
  type ChoiceLines,
  type ChosenFile,
} from './pricelist-rules'
import { navigateTo, notifyShell } from './shell-links'

export const PRICELIST_PAGE_MESSAGES = {
  readFailed: 'Список не распознан',
  addFailed: 'Товары не добавлены в корзину',
  overStock: BASKET_MESSAGES.overStock,
} as const

export interface PricelistInput {
  /** the selected contract ('0' = the one the server has selected) */
  contract: string
  /** the warehouse whose stock and lines are used */
  wms: number
}

/** POST /api/uploadsFromFile/: the file (checked first) with the contract and warehouse. */
export interface UploadFileInput {
  file: ChosenFile
  contract: string
  wms: number
}

/** POST /api/uploadsFromBuffer/: the pasted text with the contract and warehouse. */
export interface UploadTextInput {
  text: string
  contract: string
  wms: number
}

export interface PricelistContext {
  contract: string
  wms: number
  /** the pasted text as typed */
  text: string
  /** which form the last message belongs to */
  source: 'file' | 'text'
  /** the server's answer while the selection modal is open */
  answer: PricelistResponse | null
  lines: ChoiceLines
  /** the line whose quantity was cut to the stock (its message is shown beside it) */
  overStockLine: string | null
  /** what addCartFromPricelist could not add, and how many it added */
  refused: RefusedLine[]
  addedCount: number
  errorMessage: string | null
}

export type PricelistEvent =
  | { type: 'warehouse.select'; wms: number }
  | { type: 'file.upload'; file: ChosenFile | null }
  | { type: 'text.input'; text: string }
  | { type: 'text.submit' }
  | { type: 'line.toggle'; id: string }
  | { type: 'lines.toggleAll' }
  | { type: 'line.input'; id: string; text: string }
  | { type: 'line.commit'; id: string }
  | { type: 'line.step'; id: string; delta: 1 | -1 }
  | { type: 'notice.dismiss' }
  | { type: 'cart.add' }
  | { type: 'cart.open' }
  | { type: 'modal.close' }

type LineEvent = Extract<PricelistEvent, { type: 'line.commit' | 'line.step' }>

/** The text a commit or a step leaves in the line's field. */
const nextText = (context: PricelistContext, event: LineEvent) => {
  const text = context.lines[event.id]?.text ?? ''
  return event.type === 'line.step' ? steppedText(text, event.delta) : committedText(text)
}

const productsOf = (context: PricelistContext) => context.answer?.products ?? []

/**
 * Price-list upload (spec §2, issue 9): the dealer's own file (XLSX, CSV, TXT up to 5 МБ) or
 * pasted text, articul and quantity per row, is checked, then read by the server against the
 * chosen warehouse; the selection modal lists the recognised products (tick, quantity under the
 * stock rules of spec §5) and every row not recognised with its reason; the chosen lines go to
 * POST /api/addCartFromPricelist/, the header's basket follows, and the dealer goes to /cart/.
 */
export const pricelistMachine = setup({
  types: {} as { context: PricelistContext; events: PricelistEvent; input: PricelistInput },
  actors: {
    uploadFile: unprovidedPromise<PricelistResponse, UploadFileInput>('uploadFile'),
    uploadText: unprovidedPromise<PricelistResponse, UploadTextInput>('uploadText'),
    addToCart: unprovidedPromise<ProductSetResponse, AddCartFromPricelistRequest>('addToCart'),
  },
  guards: {
    isFileRefused: (_, params: { file: ChosenFile | null }) => fileProblem(params.file) !== null,
    isTextRefused: ({ context }) => textProblem(context.text) !== null,
    isOverStock: ({ context }, params: { event: LineEvent }) => isOverStock(productsOf(context), nextText(context, params.event), params.event.id),
    hasChosen: ({ context }) => hasChosen(context.lines),
    hasRefused: (_, params: { answer: ProductSetResponse }) => params.answer.refused.length > 0,
  },
  actions: {
    storeWarehouse: assign({ wms: (_, params: { wms: number }) => params.wms }),
    storeText: assign({ text: (_, params: { text: string }) => params.text }),
    storeProblem: assign((_, params: { message: string | null; source: 'file' | 'text' }) => ({ errorMessage: params.message, source: params.source })),
    storeSource: assign((_, params: { source: 'file' | 'text' }) => ({ source: params.source, errorMessage: null })),
    storeAnswer: assign((_, params: { answer: PricelistResponse }) => ({
      answer: params.answer,
      lines: initialLines(params.answer.products),
      overStockLine: null,
      refused: [],
      addedCount: 0,
      errorMessage: null,
    })),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    resetError: assign({ errorMessage: null }),
    resetChoice: assign({ answer: null, lines: {}, overStockLine: null, refused: [], addedCount: 0, errorMessage: null }),
    storeToggle: assign({ lines: ({ context }, params: { id: string }) => toggled(context.lines, productsOf(context), params.id) }),
    storeToggleAll: assign({ lines: ({ context }) => toggledAll(context.lines, productsOf(context)) }),
    storeLineInput: assign({ lines: ({ context }, params: { id: string; text: string }) => withInput(context.lines, params.id, params.text) }),
    storeLineText: assign({
      lines: ({ context }, params: { event: LineEvent }) => withText(context.lines, params.event.id, nextText(context, params.event)),
    }),
    storeStockQuantity: assign({
      lines: ({ context }, params: { id: string }) => withStockQuantity(context.lines, productsOf(context), params.id),
      overStockLine: (_, params: { id: string }) => params.id,
    }),
    resetNotice: assign({ overStockLine: null }),
    storeRefused: assign((_, params: { answer: ProductSetResponse }) => ({ refused: params.answer.refused, addedCount: params.answer.count })),
    /** provided by the app: `basket.changed` to the shell (systemId 'shell'), so the header summary follows */
    notifyBasketChanged: notifyShell((params: { basket: BasketSummary }) => ({ type: 'basket.changed', basket: params.basket })),
    /** provided by the app: go to /cart/ */
    notifyCartOpened: notifyShell(() => navigateTo('/cart/')),
  },
}).createMachine({
  id: 'pricelist',
  description: 'Price-list upload: a file or pasted text, checked, read by the server, chosen in a modal, added to the basket.',
  context: ({ input }) => ({
    contract: input.contract,
    wms: input.wms,
    text: '',
    source: 'file',
    answer: null,
    lines: {},
    overStockLine: null,
    refused: [],
    addedCount: 0,
    errorMessage: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The format hint, the warehouse, the file picker with "Загрузить" and the text with "Распознать"',
      initial: 'ready',
      on: {
        'warehouse.select': {
          description: 'The dealer chooses the warehouse whose stock the answer shows',
          actions: { type: 'storeWarehouse', params: ({ event }) => ({ wms: event.wms }) },
        },
        'text.input': {
          description: 'The dealer types or pastes the order text',
          actions: { type: 'storeText', params: ({ event }) => ({ text: event.text }) },
        },
        'file.upload': [
          {
            guard: { type: 'isFileRefused', params: ({ event }) => ({ file: event.file }) },
            target: '.invalid',
            description: 'No file, an empty file or more than 5 МБ: nothing is sent, the reason is shown by the picker',
            actions: { type: 'storeProblem', params: ({ event }) => ({ message: fileProblem(event.file), source: 'file' as const }) },
          },
          {
            target: 'uploading',
            description: 'The dealer presses "Загрузить" with a file chosen',
            actions: { type: 'storeSource', params: { source: 'file' } },
          },
        ],
        'text.submit': [
          {
            guard: 'isTextRefused',
            target: '.invalid',
            description: 'No text or more than 1 МБ: nothing is sent, the reason is shown by the text',
            actions: { type: 'storeProblem', params: ({ context }) => ({ message: textProblem(context.text), source: 'text' as const }) },
          },
          {
            target: 'recognizing',
            description: 'The dealer presses "Распознать"',
            actions: { type: 'storeSource', params: { source: 'text' } },
          },
        ],
      },
      states: {
        ready: { description: 'No message is shown' },
        invalid: {
          description: 'The check before sending failed: "Выберите файл для загрузки", "Файл пуст", "Файл слишком большой…", "Вставьте текст заказа…"',
        },
        failed: {
          description: 'The server refused the file or text (its Russian message, e.g. old XLS, no rows) or could not be reached; nothing changed',
        },
      },
    },
    uploading: {
      description: 'POST /api/uploadsFromFile/ (multipart: file, contract, wms) runs; "Загрузка…"',
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context, event }) => ({
          file: (event as Extract<PricelistEvent, { type: 'file.upload' }>).file as ChosenFile,
          contract: context.contract,
          wms: context.wms,
        }),
        onDone: {
          target: 'choosing',
          description: 'The file is read: the selection modal opens',
          actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: {
          target: 'editing.failed',
          description: 'A bad or unreadable file (400 with the reason), or no connection',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    recognizing: {
      description: 'POST /api/uploadsFromBuffer/ (form-encoded: text, contract, wms) runs; "Распознавание…"',
      invoke: {
        id: 'uploadText',
        src: 'uploadText',
        input: ({ context }) => ({ text: context.text, contract: context.contract, wms: context.wms }),
        onDone: {
          target: 'choosing',
          description: 'The text is read: the selection modal opens',
          actions: { type: 'storeAnswer', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: {
          target: 'editing.failed',
          description: 'The server found nothing to read (400 with the reason), or no connection',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    choosing: {
      description:
        'The selection modal: recognised products with a tick, price, free stock and quantity; the chosen sum; the rows not recognised with their reasons',
      initial: 'ready',
      on: {
        'line.toggle': {
          description: 'The dealer ticks or unticks a line (a product with no free stock cannot be ticked)',
          actions: { type: 'storeToggle', params: ({ event }) => ({ id: event.id }) },
        },
        'lines.toggleAll': {
          description: 'The check-all box: every line, or none when all are ticked',
          actions: 'storeToggleAll',
        },
        'line.input': {
          target: '.ready',
          description: 'The dealer types a quantity: leading zeros go, anything non-numeric becomes 1',
          actions: [{ type: 'storeLineInput', params: ({ event }) => ({ id: event.id, text: event.text }) }, 'resetNotice'],
        },
        'line.commit': [
          {
            guard: { type: 'isOverStock', params: ({ event }) => ({ event }) },
            target: '.overStock',
            description: 'More than the free stock: the quantity resets to the stock',
            actions: { type: 'storeStockQuantity', params: ({ event }) => ({ id: event.id }) },
          },
          {
            target: '.ready',
            description: 'The dealer leaves the field: an empty field or 0 becomes 1',
            actions: [{ type: 'storeLineText', params: ({ event }) => ({ event }) }, 'resetNotice'],
          },
        ],
        'line.step': [
          {
            guard: { type: 'isOverStock', params: ({ event }) => ({ event }) },
            target: '.overStock',
            description: '"+" past the free stock: the quantity stays at the stock',
            actions: { type: 'storeStockQuantity', params: ({ event }) => ({ id: event.id }) },
          },
          {
            target: '.ready',
            description: '"+" or "−": one more or one less, never below 1',
            actions: [{ type: 'storeLineText', params: ({ event }) => ({ event }) }, 'resetNotice'],
          },
        ],
        'cart.add': {
          guard: 'hasChosen',
          target: 'adding',
          description: 'The dealer presses "Добавить в корзину" with at least one line ticked',
        },
        'modal.close': {
          target: 'editing',
          description: 'Esc, "Отмена" or a click outside: the modal closes, nothing is added',
          actions: 'resetChoice',
        },
      },
      states: {
        ready: { description: 'No message is shown' },
        overStock: {
          description: '"Не достаточно свободных остатков на складе" beside the line; its quantity is the free stock',
          on: { 'notice.dismiss': { target: 'ready', description: 'The dealer closes the message', actions: 'resetNotice' } },
        },
        failed: { description: '"Товары не добавлены в корзину" with the reason; "Добавить в корзину" tries again' },
      },
    },
    adding: {
      description: 'POST /api/addCartFromPricelist/ {cartList, contract, wms} runs; the modal is busy',
      entry: 'resetError',
      invoke: {
        id: 'addToCart',
        src: 'addToCart',
        input: ({ context }) => ({
          cartList: cartListOf(context.lines),
          contract: context.answer?.contract ?? context.contract,
          wms: context.answer?.wms ?? context.wms,
        }),
        onDone: [
          {
            guard: { type: 'hasRefused', params: ({ event }) => ({ answer: event.output }) },
            target: 'refused',
            description: 'Some lines were not added (another order took the stock): they are listed first; the header follows',
            actions: [
              { type: 'storeRefused', params: ({ event }) => ({ answer: event.output }) },
              { type: 'notifyBasketChanged', params: ({ event }) => ({ basket: event.output.basket }) },
            ],
          },
          {
            target: 'added',
            description: 'Every chosen line is in the basket: the header follows and the dealer goes to /cart/',
            actions: [{ type: 'notifyBasketChanged', params: ({ event }) => ({ basket: event.output.basket }) }, 'notifyCartOpened'],
          },
        ],
        onError: {
          target: 'choosing.failed',
          description: 'No connection or a server error: nothing was added',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    refused: {
      description: 'The lines not added (what was asked, what is free) and how many were; "Перейти в корзину" and "Закрыть"',
      on: {
        'cart.open': { target: 'added', description: 'The dealer goes to /cart/', actions: 'notifyCartOpened' },
        'modal.close': { target: 'editing', description: 'The dealer stays on the page', actions: 'resetChoice' },
      },
    },
    added: { type: 'final', description: 'The basket page /cart/ opens' },
  },
})

export type PricelistActor = ActorRefFrom<typeof pricelistMachine>
