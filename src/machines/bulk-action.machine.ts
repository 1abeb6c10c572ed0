import { assign, setup, type ActorRefFrom } from 'xstate'
import type { BulkItem, BulkKind, BulkOutcome, BulkRequest } from '../contract/bulk'
import { errorMessageOf, unprovidedPromise } from './machine-support'
import { notifyShell } from './shell-links'

export interface BulkActionInput {
  kind: BulkKind
  items: BulkItem[]
  /** where products are added (favourites and needs): the list's contract and warehouse */
  basket?: { contract: string; warehouse: number }
}

export interface BulkActionContext extends BulkActionInput {
  outcome: BulkOutcome | null
  errorMessage: string | null
}

export type BulkActionEvent = { type: 'bulk.confirm' } | { type: 'bulk.cancel' } | { type: 'dialog.close' }

/** What the parent learns when the dialog closes: the rows the action was done for (none when the dealer cancelled). */
export interface BulkActionOutput {
  done: number[]
}

const REMOVALS: readonly BulkKind[] = ['favoritesRemove', 'needsRemove', 'draftsRemove']

/** A removal asks first; the rest run at once. */
export const isRemovalKind = (kind: BulkKind) => REMOVALS.includes(kind)

/**
 * One bulk action over the checked rows of a table: a removal asks first («Отмена» leaves);
 * then the call runs (one request per row, or one for the set, as the service does it) and the
 * dialog says what was done and which rows failed, with the server's reason each. Goods added
 * to a basket reach the header's summary through the shell, as a single add does.
 */
export const bulkActionMachine = setup({
  types: {} as { context: BulkActionContext; events: BulkActionEvent; input: BulkActionInput; output: BulkActionOutput },
  actors: { runBulk: unprovidedPromise<BulkOutcome, BulkRequest>('runBulk') },
  guards: {
    isRemoval: ({ context }) => isRemovalKind(context.kind),
    hasFailures: ({ context }) => (context.outcome?.failed.length ?? 0) > 0,
  },
  actions: {
    storeOutcome: assign({ outcome: (_, params: { outcome: BulkOutcome }) => params.outcome }),
    storeError: assign({ errorMessage: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    /** every basket the action changed: the shell takes the selected contract's for the header */
    notifyBasketChanged: notifyShell((params: { outcome: BulkOutcome }) =>
      params.outcome.baskets.map(({ basket, contract }) => ({ type: 'basket.changed' as const, basket, contract })),
    ),
  },
}).createMachine({
  id: 'bulkAction',
  description: 'A bulk action over the checked rows: a removal asks first; then the call, and a dialog with what was done and which rows failed.',
  context: ({ input }) => ({ ...input, outcome: null, errorMessage: null }),
  initial: 'starting',
  output: ({ context }) => ({ done: context.outcome?.done ?? [] }),
  states: {
    starting: {
      description: 'Decides whether to ask first',
      always: [{ guard: 'isRemoval', target: 'asking' }, { target: 'running' }],
    },
    asking: {
      description: '"Удалить выбранные …?" with the count and the names; «Удалить» and «Отмена»',
      on: {
        'bulk.confirm': { target: 'running', description: 'The dealer confirms' },
        'bulk.cancel': { target: 'closed', description: 'The dealer keeps them' },
      },
    },
    running: {
      description: 'The call runs for every checked row; the dialog shows a loader',
      invoke: {
        id: 'runBulk',
        src: 'runBulk',
        input: ({ context }) => ({ kind: context.kind, items: context.items, ...(context.basket ? { basket: context.basket } : {}) }),
        onDone: {
          target: 'reported',
          description: 'Done for the rows it could be: any basket changed reaches the header',
          actions: [
            { type: 'storeOutcome', params: ({ event }) => ({ outcome: event.output }) },
            { type: 'notifyBasketChanged', params: ({ event }) => ({ outcome: event.output }) },
          ],
        },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    reported: {
      description: 'The result dialog',
      initial: 'checking',
      on: { 'dialog.close': { target: 'closed', description: 'The dealer presses «Закрыть» (or «В корзину»)' } },
      states: {
        checking: {
          description: 'Decides by whether any row failed',
          always: [{ guard: 'hasFailures', target: 'partlyFailed' }, { target: 'done' }],
        },
        done: { description: 'What was done for every checked row: "Добавлено товаров - N шт." or "Удалено: N"' },
        partlyFailed: { description: 'What was done, then "Не удалось: …" naming each failed row with the reason' },
      },
    },
    failed: {
      description: "The call failed as a whole: the server's message and «Закрыть»; nothing was done",
      on: { 'dialog.close': { target: 'closed', description: 'The dealer closes the message' } },
    },
    closed: { type: 'final', description: 'Back to the list' },
  },
})

export type BulkActionActor = ActorRefFrom<typeof bulkActionMachine>

interface BulkTexts {
  /** the question of a removal, by the count */
  question?: (count: number) => string
  confirmLabel?: string
  running: string
  doneTitle: string
  doneText: (outcome: BulkOutcome) => string
  /** above the failed rows */
  failedRows: string
  /** the call failed as a whole */
  failedTitle: string
}

const added = (outcome: BulkOutcome) => `Добавлено товаров - ${outcome.count} шт.`
const toBasket = (doneTitle: string): BulkTexts => ({
  running: 'Товары добавляются в корзину…',
  doneTitle,
  doneText: added,
  failedRows: 'Не добавлены:',
  failedTitle: 'Товары не добавлены в корзину',
})
const takeOff = (list: string): BulkTexts => ({
  question: (count) => `Убрать из ${list} выбранные товары (${count})?`,
  confirmLabel: 'Убрать',
  running: 'Товары убираются…',
  doneTitle: `Товары убраны из ${list}`,
  doneText: (outcome) => `Убрано товаров: ${outcome.done.length}`,
  failedRows: 'Не убраны:',
  failedTitle: `Товары не убраны из ${list}`,
})

/** What each bulk dialog says (Russian, for the dealer). */
export const BULK_TEXTS: Record<BulkKind, BulkTexts> = {
  ordersRepeat: {
    running: 'Заказы добавляются в корзину…',
    doneTitle: 'Заказы добавлены в корзину',
    doneText: added,
    failedRows: 'Не повторены:',
    failedTitle: 'Заказы не повторены',
  },
  favoritesAdd: toBasket('Товары добавлены в корзину'),
  needsAdd: toBasket('Товары добавлены в корзину'),
  favoritesRemove: takeOff('избранного'),
  needsRemove: takeOff('потребностей'),
  draftsRemove: {
    question: (count) => `Удалить выбранные черновики (${count})?`,
    confirmLabel: 'Удалить',
    running: 'Черновики удаляются…',
    doneTitle: 'Черновики удалены',
    doneText: (outcome) => `Удалено черновиков: ${outcome.done.length}`,
    failedRows: 'Не удалены:',
    failedTitle: 'Черновики не удалены',
  },
}
