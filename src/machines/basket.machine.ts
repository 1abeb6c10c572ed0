import { assign, fromCallback, raise, setup, type ActorRefFrom, type EventObject } from 'xstate'
import type { BasketSummary, Warehouse } from '../contract/account'
import type { BasketData, LoadedBasket, SaveLineOutcome, SaveLineRequest } from '../contract/basket'
import {
  applyLineQuantity,
  applyLineStock,
  decideCommit,
  enqueueEdit,
  fieldTexts,
  lineStock,
  steppedText,
  summaryOf,
  unsavedTexts,
  type LineEdit,
} from './basket-rules'
import { confirmedCall } from './confirmed-call'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { normalizeQuantityText } from './quantity'
import { notifyShell } from './shell-links'
import { checkoutMachine } from './checkout.machine'
import { draftSaveMachine } from './draft-save.machine'
import { warehouseMapMachine } from './warehouse-map.machine'

export interface BasketInput {
  /** the contract whose basket this is (the shell's selected contract) */
  contract: string
  /** the basket page is shown (its checkout and draft saving run only then) */
  isPageShown?: boolean
}

export interface BasketContext {
  contract: string
  data: BasketData | null
  /** each line's field text, by line id */
  texts: Record<string, string>
  /** quantity changes in the order they go to the server; the first is being saved */
  queue: LineEdit[]
  /** the line whose quantity the warehouse could not give (the notice names it) */
  overStockLine: string | null
  errorMessage: string | null
  /** the basket page is shown: kept while a contract switch reloads the basket */
  isPageShown: boolean
  /** the warehouse whose map is open on the basket page (a group's heading, the pickup delivery) */
  mapWarehouse: Warehouse | null
  /** «Очистить корзину» was pressed while a quantity was on its way: asked once it is saved */
  isClearAsked: boolean
}

export type BasketEvent =
  | { type: 'line.input'; lineId: string; text: string }
  | { type: 'line.commit'; lineId: string }
  | { type: 'line.step'; lineId: string; delta: 1 | -1 }
  | { type: 'line.remove'; lineId: string }
  | { type: 'notice.dismiss' }
  | { type: 'basket.retry' }
  | { type: 'basket.clear' }
  | { type: 'clear.confirm' }
  | { type: 'clear.cancel' }
  /** the basket changed elsewhere (another screen, another tab): load it again */
  | { type: 'basket.stale' }
  /** the shell switched the contract */
  | { type: 'basket.contract'; contract: string }
  /** the shell: the dealer opened the basket page, or left it */
  | { type: 'page.shown' }
  | { type: 'page.hidden' }
  /** the dealer opens a warehouse's map («Схема проезда») on the basket page, or closes it */
  | { type: 'map.open'; warehouse: Warehouse }
  | { type: 'map.close' }
  /** raised by the machine itself when a quantity was over the stock */
  | { type: 'basket.overStock'; lineId: string }

const EDITED_AGAIN = { target: 'none', description: 'The dealer edits a line again', actions: 'resetNotice' } as const

const lineOf = (context: BasketContext, lineId: string) => context.data?.products[lineId]
const stockOf = (context: BasketContext, lineId: string) => {
  const line = lineOf(context, lineId)
  return line ? lineStock(line) : 0
}

/**
 * The dealer's basket under the selected contract, alive while the cabinet is: the shell runs it
 * (systemId 'basket') and shows its summary in the header; the basket page edits it. Every
 * quantity goes through the stock rules of spec §5 here and again on the server, which has the
 * last word. Edits are queued, saved one at a time, kept across a reload until saved, and a
 * failed save rolls the line back until the dealer retries.
 */
const basketSetup = setup({
  types: {} as {
    context: BasketContext
    events: BasketEvent
    input: BasketInput
    children: { checkout: 'checkout'; draftSave: 'draftSave'; warehouseMap: 'warehouseMap' }
  },
  actors: {
    checkout: checkoutMachine,
    draftSave: draftSaveMachine,
    warehouseMap: warehouseMapMachine,
    loadBasket: unprovidedPromise<LoadedBasket, { contract: string }>('loadBasket'),
    saveLine: unprovidedPromise<SaveLineOutcome, SaveLineRequest>('saveLine'),
    clearBasket: unprovidedPromise<{ basket: BasketSummary }, { contract: string }>('clearBasket'),
    /** sends 'basket.stale' whenever another tab changed the basket or this one comes back into view; the app provides it */
    watchOtherTabs: fromCallback<EventObject, { contract: string }>(() => undefined),
  },
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
    isClearAsked: ({ context }) => context.isClearAsked,
    isKnownLine: ({ context, event }) => 'lineId' in event && lineOf(context, event.lineId) !== undefined,
    isOverStock: ({ context, event }) => {
      if (event.type !== 'line.commit' && event.type !== 'line.step') return false
      const line = lineOf(context, event.lineId)
      const text = event.type === 'line.step' ? steppedText(context.texts[event.lineId] ?? '', event.delta) : (context.texts[event.lineId] ?? '')
      return line !== undefined && decideCommit(line, text).kind === 'overStock'
    },
    isRefusedForStock: (_, params: { outcome: SaveLineOutcome }) => params.outcome.outcome === 'overStock',
    isPageShown: ({ context }) => context.isPageShown,
    isOtherContract: ({ context, event }) => event.type === 'basket.contract' && event.contract !== context.contract,
  },
  actions: {
    storePageShown: assign({ isPageShown: (_, params: { isPageShown: boolean }) => params.isPageShown }),
    storeMapWarehouse: assign({ mapWarehouse: (_, params: { warehouse: Warehouse | null }) => params.warehouse }),
    storeLoaded: assign(({ context }, params: LoadedBasket) => {
      const texts = fieldTexts(params.data, { ...params.unsaved, ...unsavedTexts(context.data, context.texts) })
      return { data: params.data, texts, errorMessage: null }
    }),
    /** restored or still-unsaved fields go to the server once the basket is loaded */
    enqueueUnsaved: assign({
      queue: ({ context }) =>
        Object.entries(unsavedTexts(context.data, context.texts)).reduce<LineEdit[]>((queue, [lineId, text]) => {
          const line = lineOf(context, lineId)
          const decision = line ? decideCommit(line, text) : { kind: 'unchanged' as const }
          return decision.kind === 'save' ? enqueueEdit(queue, { lineId, qnt: decision.qnt }) : queue
        }, context.queue),
    }),
    storeText: assign({
      texts: ({ context }, params: { lineId: string; text: string }) => ({ ...context.texts, [params.lineId]: normalizeQuantityText(params.text) }),
    }),
    storeSteppedText: assign({
      texts: ({ context }, params: { lineId: string; delta: 1 | -1 }) => ({
        ...context.texts,
        [params.lineId]: steppedText(context.texts[params.lineId] ?? '', params.delta),
      }),
    }),
    /** spec §5: the field shows what the warehouse has; that much is saved (nothing when it has none) */
    resetToStock: assign(({ context }, params: { lineId: string; available: number }) => {
      const queue = params.available > 0 ? enqueueEdit(context.queue, { lineId: params.lineId, qnt: params.available }) : context.queue
      const line = lineOf(context, params.lineId)
      const shown = params.available > 0 || !line ? params.available : line.qnt
      return { texts: { ...context.texts, [params.lineId]: String(shown) }, queue }
    }),
    enqueueCommit: assign({
      queue: ({ context }, params: { lineId: string }) => {
        const line = lineOf(context, params.lineId)
        const decision = line ? decideCommit(line, context.texts[params.lineId] ?? '') : { kind: 'unchanged' as const }
        return decision.kind === 'save' ? enqueueEdit(context.queue, { lineId: params.lineId, qnt: decision.qnt }) : context.queue
      },
      texts: ({ context }, params: { lineId: string }) => {
        const text = context.texts[params.lineId] ?? ''
        return { ...context.texts, [params.lineId]: text === '' ? '1' : text }
      },
    }),
    enqueueRemoval: assign({
      queue: ({ context }, params: { lineId: string }) => enqueueEdit(context.queue, { lineId: params.lineId, qnt: 0 }),
      texts: ({ context }, params: { lineId: string }) => ({ ...context.texts, [params.lineId]: '0' }),
    }),
    storeSaved: assign(({ context }, params: { basket: BasketSummary }) => {
      const [saved, ...rest] = context.queue
      if (!saved || !context.data) return { queue: rest }
      const before = context.data.products[saved.lineId]
      const data = applyLineQuantity(context.data, saved.lineId, saved.qnt, params.basket)
      // the field shows the saved quantity (also after a rolled-back failure and its retry),
      // unless the dealer has typed something else meanwhile
      const texts = { ...context.texts }
      const shown = texts[saved.lineId]
      if (saved.qnt === 0) delete texts[saved.lineId]
      else if (shown === undefined || shown === String(before?.qnt)) texts[saved.lineId] = String(saved.qnt)
      return { data, texts, queue: rest, errorMessage: null }
    }),
    /** the server says the warehouse has less: its figure replaces the line's stock and the field */
    storeServerStock: assign(({ context }, params: { available: number }) => {
      const [refused, ...rest] = context.queue
      if (!refused || !context.data) return { queue: rest }
      const data = applyLineStock(context.data, refused.lineId, params.available)
      const line = data.products[refused.lineId]
      const queue = params.available > 0 ? enqueueEdit(rest, { lineId: refused.lineId, qnt: params.available }) : rest
      const shown = params.available > 0 || !line ? params.available : line.qnt
      return { data, queue, texts: { ...context.texts, [refused.lineId]: String(shown) } }
    }),
    /** the failed line shows its saved quantity again; the edit waits for "Повторить" */
    rollBackFailed: assign(({ context }, params: { error: unknown }) => {
      const [failed] = context.queue
      const line = failed ? lineOf(context, failed.lineId) : undefined
      const texts = failed && line ? { ...context.texts, [failed.lineId]: String(line.qnt) } : context.texts
      return { texts, errorMessage: errorMessageOf(params.error) }
    }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    storeCleared: assign(({ context }) => ({
      data: context.data && { ...context.data, products: {}, qnt: 0, sum: 0, stats: { count: { products: 0 } }, actualWms: [] },
      texts: {},
      queue: [],
      errorMessage: null,
    })),
    storeContract: assign((_, params: { contract: string }) => ({
      contract: params.contract,
      data: null,
      texts: {},
      queue: [],
      overStockLine: null,
      errorMessage: null,
    })),
    resetNotice: assign({ overStockLine: null }),
    notifyOverStock: raise((_, params: { lineId: string }) => ({ type: 'basket.overStock' as const, lineId: params.lineId })),
    storeNotice: assign({ overStockLine: (_, params: { lineId: string }) => params.lineId }),
    resetError: assign({ errorMessage: null }),
    storeClearAsked: assign({ isClearAsked: true }),
    resetClearAsked: assign({ isClearAsked: false }),
    /** the header shows the same figures as the page */
    // the shell, which runs the basket
    notifySummary: notifyShell((params: { basket: BasketSummary }) => ({ type: 'basket.summary', basket: params.basket })),
    /** other tabs of this browser load the basket again (provided by the app) */
    notifyOtherTabs: (_, _params: { contract: string }) => {},
    /** what is typed but unsaved outlives a reload (provided by the app: local storage) */
    persistUnsaved: (_, _params: { contract: string; unsaved: Record<string, string> }) => {},
  },
})

export const basketMachine = basketSetup.createMachine({
  id: 'basket',
  description:
    'The basket under the selected contract: lines grouped by warehouse, quantities saved one at a time through the stock rules, cleared on request; its summary goes to the shell.',
  context: ({ input }) => ({
    contract: input.contract,
    data: null,
    texts: {},
    queue: [],
    overStockLine: null,
    errorMessage: null,
    isPageShown: input.isPageShown ?? false,
    mapWarehouse: null,
    isClearAsked: false,
  }),
  initial: 'loading',
  on: {
    'page.shown': { description: 'The dealer opened the basket page', actions: { type: 'storePageShown', params: { isPageShown: true } } },
    'page.hidden': { description: 'The dealer left the basket page', actions: { type: 'storePageShown', params: { isPageShown: false } } },
    'basket.contract': {
      guard: 'isOtherContract',
      target: '.loading',
      description: "The dealer switched the contract in the header: that contract's basket loads",
      actions: { type: 'storeContract', params: ({ event }) => ({ contract: event.contract }) },
    },
  },
  states: {
    loading: {
      description: 'GET /api/getBasketData/ runs; the page shows "Загрузка корзины…"',
      invoke: {
        id: 'loadBasket',
        src: 'loadBasket',
        input: ({ context }) => ({ contract: context.contract }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeLoaded', params: ({ event }) => event.output },
            'enqueueUnsaved',
            { type: 'notifySummary', params: ({ event }) => ({ basket: summaryOf(event.output.data) }) },
          ],
        },
        onError: { target: 'loadFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: '"Не удалось загрузить корзину" with the reason and "Повторить"',
      on: { 'basket.retry': { target: 'loading', description: 'The dealer asks to load again', actions: 'resetError' } },
    },
    ready: {
      type: 'parallel',
      description: 'The lines, their quantity fields and the totals are shown',
      invoke: { id: 'watchOtherTabs', src: 'watchOtherTabs', input: ({ context }) => ({ contract: context.contract }) },
      on: {
        'line.input': {
          guard: 'isKnownLine',
          description: 'The dealer types in a quantity field: leading zeros go, anything not a number becomes 1',
          actions: [
            { type: 'storeText', params: ({ event }) => event },
            { type: 'persistUnsaved', params: ({ context }) => ({ contract: context.contract, unsaved: unsavedTexts(context.data, context.texts) }) },
          ],
        },
      },
      states: {
        sync: {
          initial: 'idle',
          states: {
            idle: {
              description: 'Everything shown is saved',
              always: [
                {
                  guard: 'isClearAsked',
                  target: 'confirmingClear',
                  actions: 'resetClearAsked',
                  description: '"Очистить корзину" was pressed while a quantity was saving: now that it is saved, the question',
                },
                { guard: 'hasQueue', target: 'saving', description: 'A change is queued (or kept from before a reload): it goes to the server' },
              ],
              on: {
                'basket.stale': { target: 'refreshing', description: 'The basket changed in another tab or screen' },
                'basket.clear': { target: 'confirmingClear', description: 'The dealer presses "Очистить корзину"' },
              },
            },
            refreshing: {
              description: 'GET /api/getBasketData/ again; the lines stay on screen meanwhile',
              invoke: {
                id: 'reloadBasket',
                src: 'loadBasket',
                input: ({ context }) => ({ contract: context.contract }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'storeLoaded', params: ({ event }) => event.output },
                    'enqueueUnsaved',
                    { type: 'notifySummary', params: ({ event }) => ({ basket: summaryOf(event.output.data) }) },
                  ],
                },
                onError: { target: 'idle', description: 'Not reloaded: what is shown stays (the next change tries again)' },
              },
              on: { 'basket.clear': { actions: 'storeClearAsked', description: 'The dealer presses "Очистить корзину": asked once the basket is reloaded' } },
            },
            saving: {
              description: 'POST /api/processBasketUpdate/ {id, qnt, wms, type: "update", contract} for the first queued change (qnt 0 removes the line)',
              invoke: {
                id: 'saveLine',
                src: 'saveLine',
                input: ({ context }) => {
                  const [edit] = context.queue
                  const line = edit ? lineOf(context, edit.lineId) : undefined
                  return { contract: context.contract, productId: line?.product.id ?? 0, wms: line?.wms ?? 0, qnt: edit?.qnt ?? 0 }
                },
                onDone: [
                  {
                    guard: { type: 'isRefusedForStock', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'idle',
                    description: 'The server has less in stock than this tab knew: the field resets to what is left',
                    actions: [
                      { type: 'storeServerStock', params: ({ event }) => ({ available: 'available' in event.output ? event.output.available : 0 }) },
                      { type: 'notifyOverStock', params: ({ context }) => ({ lineId: context.queue[0]?.lineId ?? '' }) },
                    ],
                  },
                  {
                    target: 'idle',
                    description: 'Saved: the line, the totals and the header follow; the next queued change goes',
                    actions: [
                      { type: 'storeSaved', params: ({ event }) => ({ basket: 'basket' in event.output ? event.output.basket : { count: 0, sum: 0 } }) },
                      { type: 'notifySummary', params: ({ event }) => ({ basket: 'basket' in event.output ? event.output.basket : { count: 0, sum: 0 } }) },
                      { type: 'notifyOtherTabs', params: ({ context }) => ({ contract: context.contract }) },
                      {
                        type: 'persistUnsaved',
                        params: ({ context }) => ({ contract: context.contract, unsaved: unsavedTexts(context.data, context.texts) }),
                      },
                    ],
                  },
                ],
                onError: {
                  target: 'saveFailed',
                  actions: [{ type: 'rollBackFailed', params: ({ event }) => ({ error: event.error }) }, 'resetClearAsked'],
                },
              },
              on: {
                'basket.clear': {
                  actions: 'storeClearAsked',
                  description:
                    'The dealer presses "Очистить корзину" right after typing a quantity: asked once it is saved (a clear sent now could reach the server before the quantity)',
                },
              },
            },
            saveFailed: {
              description: '"Количество не сохранено" with the reason; the line shows its saved quantity; "Повторить" sends the change again',
              on: { 'basket.retry': { target: 'saving', description: 'The dealer retries the change', actions: 'resetError' } },
            },
            ...confirmedCall(basketSetup, {
              ask: {
                state: 'confirmingClear',
                description: '"Очистить корзину?" with "Очистить" and "Отмена"',
                confirm: { event: 'clear.confirm', description: 'The dealer confirms' },
                cancel: { event: 'clear.cancel', target: 'idle', description: 'The dealer keeps the basket' },
              },
              call: {
                state: 'clearing',
                description: 'POST /api/clearBasket/ {contract}',
                invoke: {
                  id: 'clearBasket',
                  src: 'clearBasket',
                  input: ({ context }) => ({ contract: context.contract }),
                  onDone: {
                    target: 'idle',
                    actions: [
                      'storeCleared',
                      { type: 'notifySummary', params: ({ event }) => ({ basket: event.output.basket }) },
                      { type: 'notifyOtherTabs', params: ({ context }) => ({ contract: context.contract }) },
                      { type: 'persistUnsaved', params: ({ context }) => ({ contract: context.contract, unsaved: {} }) },
                    ],
                  },
                  onError: { target: 'clearFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
                },
              },
              failed: {
                state: 'clearFailed',
                description: '"Корзина не очищена" with the reason; the lines stay',
                retry: { event: 'basket.retry', description: 'The dealer tries again', actions: 'resetError' },
                dismiss: { event: 'notice.dismiss', target: 'idle', description: 'The dealer closes the message', actions: 'resetError' },
              },
            }),
          },
          on: {
            'line.commit': [
              {
                guard: 'isOverStock',
                description: 'More than the warehouse holds: "Не достаточно свободных остатков на складе", the field resets to the stock',
                actions: [
                  { type: 'resetToStock', params: ({ context, event }) => ({ lineId: event.lineId, available: stockOf(context, event.lineId) }) },
                  { type: 'notifyOverStock', params: ({ event }) => ({ lineId: event.lineId }) },
                ],
              },
              {
                guard: 'isKnownLine',
                description: 'The dealer leaves the field or presses Enter: a changed quantity is queued (0 removes the line)',
                actions: [{ type: 'enqueueCommit', params: ({ event }) => event }],
              },
            ],
            'line.step': [
              {
                guard: 'isOverStock',
                description: '"+" past the stock: the notice, the field at the stock',
                actions: [
                  { type: 'resetToStock', params: ({ context, event }) => ({ lineId: event.lineId, available: stockOf(context, event.lineId) }) },
                  { type: 'notifyOverStock', params: ({ event }) => ({ lineId: event.lineId }) },
                ],
              },
              {
                guard: 'isKnownLine',
                description: '"+" or "−": one more or one less, never below 1, queued at once',
                actions: [
                  { type: 'storeSteppedText', params: ({ event }) => event },
                  { type: 'enqueueCommit', params: ({ event }) => event },
                ],
              },
            ],
            'line.remove': {
              guard: 'isKnownLine',
              description: 'The dealer removes the line (quantity 0)',
              actions: { type: 'enqueueRemoval', params: ({ event }) => event },
            },
          },
        },
        page: {
          description: "The basket page: its checkout and draft saving run while it is shown, for this basket's contract",
          initial: 'choosing',
          states: {
            choosing: {
              always: [
                { guard: 'isPageShown', target: 'shown', description: 'The page is shown' },
                { target: 'hidden', description: 'Another page is shown' },
              ],
            },
            hidden: {
              description: 'Another page is shown',
              on: {
                'page.shown': {
                  target: 'shown',
                  description: 'The dealer opened the basket page',
                  actions: { type: 'storePageShown', params: { isPageShown: true } },
                },
              },
            },
            shown: {
              description: 'The basket page is shown: the checkout (child "checkout") and draft saving (child "draftSave") run for this contract',
              invoke: [
                { id: 'checkout', src: 'checkout', input: ({ context }) => ({ contract: context.contract }) },
                { id: 'draftSave', src: 'draftSave', input: ({ context }) => ({ contract: context.contract }) },
              ],
              on: {
                'page.hidden': {
                  target: 'hidden',
                  description: 'The dealer left the basket page: the checkout, draft saving and an open map stop',
                  actions: { type: 'storePageShown', params: { isPageShown: false } },
                },
              },
              initial: 'noMap',
              states: {
                noMap: {
                  description: 'No warehouse map is open',
                  on: {
                    'map.open': {
                      target: 'map',
                      description: "The dealer opens a warehouse's map (a group's heading, the pickup delivery)",
                      actions: { type: 'storeMapWarehouse', params: ({ event }) => ({ warehouse: event.warehouse }) },
                    },
                  },
                },
                map: {
                  description: 'The map modal: the warehouse map machine runs as the child "warehouseMap"',
                  invoke: { id: 'warehouseMap', src: 'warehouseMap', input: ({ context }) => ({ warehouseId: context.mapWarehouse!.id }) },
                  // however the map ends (closed, the page left, a contract switch), no warehouse stays open
                  exit: { type: 'storeMapWarehouse', params: { warehouse: null } },
                  on: {
                    'map.close': { target: 'noMap', description: 'The dealer closes the map («Закрыть», Escape, a click outside)' },
                    'map.open': {
                      target: 'map',
                      // here, not on `shown`: re-entering `shown` would restart the checkout and draft saving
                      reenter: true,
                      description: "Another warehouse's map replaces the open one",
                      actions: { type: 'storeMapWarehouse', params: ({ event }) => ({ warehouse: event.warehouse }) },
                    },
                  },
                },
              },
            },
          },
        },
        notice: {
          initial: 'none',
          states: {
            none: {
              description: 'No stock notice',
              on: {
                'basket.overStock': {
                  target: 'overStock',
                  description: 'A quantity was over the stock (raised by the sync region)',
                  actions: { type: 'storeNotice', params: ({ event }) => event },
                },
              },
            },
            overStock: {
              description: '"Не достаточно свободных остатков на складе" beside the line, until the dealer closes it or edits again',
              on: {
                'notice.dismiss': { target: 'none', description: 'The dealer closes the notice', actions: 'resetNotice' },
                'line.input': EDITED_AGAIN,
                'line.commit': EDITED_AGAIN,
                'line.step': EDITED_AGAIN,
                'line.remove': EDITED_AGAIN,
                'basket.overStock': {
                  target: 'overStock',
                  reenter: true,
                  description: 'Another quantity over the stock',
                  actions: { type: 'storeNotice', params: ({ event }) => event },
                },
              },
            },
          },
        },
      },
    },
  },
})

export type BasketActor = ActorRefFrom<typeof basketMachine>
