import { assign, raise, setup, type ActorRefFrom } from 'xstate'
import type { BasketSummary } from '../contract/account'
import { DRAFTS_PER_PAGE, type DraftListItem, type DraftRemovedResponse, type DraftRepeatedResponse, type DraftsResponse } from '../contract/drafts'
import type { BulkActionInput } from './bulk-action.machine'
import { bulkCodeStates, unprovidedBulkAction, unprovidedBulkCode, type BulkCodeEvent } from './bulk-action-code'
import { confirmedCall } from './confirmed-call'
import { unprovidedPromise } from './machine-support'
import { pagedList, pageLeftAfterRemoval, type PagedListContext, type PagedListEvent } from './paged-list'
import { rowSelection, type RowSelectionContext, type RowSelectionEvent } from './row-selection'
import { navigateTo, notifyShell } from './shell-links'

export const DRAFTS_MESSAGES = {
  loadFailed: 'Не удалось загрузить черновики',
  empty: 'Черновиков пока нет',
  emptyHint: 'Сохраните корзину как черновик, чтобы повторить её позже.',
  repeatFailed: 'Черновик не повторён',
  removeFailed: 'Черновик не удалён',
  removeQuestion: 'Удалить черновик?',
  // mirroring spec §2's order-repeat dialogs
  noStockTitle: 'Нет в наличии',
  noStockText: 'Невозможно повторить черновик. Товаров нет в наличии!',
  addedTitle: 'Черновик добавлен в корзину',
  addedText: (count: number) => `Добавлено товаров - ${count} шт.`,
} as const

export interface DraftsInput {
  /** the page from the address (?page=) */
  page: number
}

export interface DraftsContext extends PagedListContext<DraftsResponse>, RowSelectionContext {
  /** the draft being repeated or removed */
  target: DraftListItem | null
  /** what the last repeat answered */
  repeat: DraftRepeatedResponse | null
}

export type DraftsEvent =
  | PagedListEvent
  | { type: 'draft.repeat'; draft: DraftListItem }
  | { type: 'draft.remove'; draft: DraftListItem }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'dialog.close' }
  /** the page loads again (raised when the bulk removal's dialog closes) */
  | { type: 'list.reload' }
  | RowSelectionEvent
  | BulkCodeEvent
  /** the selection bar's «Удалить выбранные»: the checked drafts are removed (after a question) */
  | { type: 'selection.remove' }

/** The page to show after a removal left `count` drafts: the same one, or the last one when it became empty. */
export const pageAfterRemoval = (page: number, count: number) => pageLeftAfterRemoval(page, count, DRAFTS_PER_PAGE)

const list = pagedList({
  types: {} as { context: DraftsContext; events: DraftsEvent },
  hasItems: 'hasDrafts',
  itemsOf: (result) => result.drafts,
  pagesOf: (result) => result.pagination.pages,
})

const selection = rowSelection({
  types: {} as { context: DraftsContext; events: DraftsEvent },
  idsOf: (context) => context.result?.drafts.map((draft) => draft.id) ?? [],
})

/** The dealer closes the message that the bulk action's code did not load: nothing stays checked. */
const CLOSE_BULK = { target: 'none', description: 'The dealer closes the message: nothing stays checked', actions: 'resetSelection' } as const

/** The checked drafts as the bulk dialog takes them: each with its name. */
const bulkInput = (context: DraftsContext): BulkActionInput => {
  const drafts = context.result?.drafts ?? []
  const items = context.selected.flatMap((id) => drafts.filter((draft) => draft.id === id).map((draft) => ({ id, label: draft.header })))
  return { kind: 'draftsRemove', items }
}

/** How many drafts are left after the bulk removal took `done` of them. */
const leftAfter = (context: DraftsContext, done: readonly number[]) => ({ count: Math.max(0, (context.result?.count ?? 0) - done.length) })

/**
 * /cabinet/drafts/?page=: the user's saved baskets, 10 per page (spec §9), newest first. A draft
 * is repeated into the basket of its contract (the header summary follows, and the dialog says
 * how many goods were added and which were short) or removed after a confirmation. Two regions:
 * `list` loads pages and runs one row's repeat or removal; `selection` checks rows and runs the
 * selection bar's «Удалить выбранные» (a bulkRemove child: the question, one removal per draft,
 * the result naming any that failed), after which the page loads again.
 */
const draftsSetup = setup({
  types: {} as {
    context: DraftsContext
    events: DraftsEvent
    input: DraftsInput
    children: { loadPage: 'loadPage'; repeatDraft: 'repeatDraft'; removeDraft: 'removeDraft'; loadBulkCode: 'loadBulkCode'; bulkRemove: 'bulkRemove' }
  },
  actors: {
    loadBulkCode: unprovidedBulkCode,
    bulkRemove: unprovidedBulkAction,
    loadPage: unprovidedPromise<DraftsResponse, { page: number }>('loadPage'),
    repeatDraft: unprovidedPromise<DraftRepeatedResponse, { id: number }>('repeatDraft'),
    removeDraft: unprovidedPromise<DraftRemovedResponse, { id: number }>('removeDraft'),
  },
  guards: {
    ...list.guards,
    ...selection.guards,
    hasRemoved: (_, params: { done: readonly number[] }) => params.done.length > 0,
    hasAdded: ({ context }) => (context.repeat?.count ?? 0) > 0,
    isPageGone: ({ context }, params: { count: number }) => pageAfterRemoval(context.page, params.count) !== context.page,
  },
  actions: {
    ...list.actions,
    ...selection.actions,
    storeTarget: assign({ target: (_, params: { draft: DraftListItem }) => params.draft, repeat: null, errorMessage: null }),
    storeRepeat: assign({ repeat: (_, params: { repeat: DraftRepeatedResponse }) => params.repeat }),
    storePageAfterRemoval: assign({ page: ({ context }, params: { count: number }) => pageAfterRemoval(context.page, params.count) }),
    resetTarget: assign({ target: null, repeat: null, errorMessage: null }),
    /** a removal reloads the page: nothing stays checked */
    clearSelection: raise({ type: 'selection.clear' }),
    /** the bulk removal is over: the page loads again */
    reloadList: raise({ type: 'list.reload' }),
    /** the header's basket summary follows (provided by the app: the shell's `basket.changed`) */
    // a repeat fills the basket of the draft's contract: the shell ignores another contract's
    notifyBasketChanged: notifyShell((params: { basket: BasketSummary; contract: string }) => ({ type: 'basket.changed', ...params })),
    /** the address follows the page the machine moved to (provided by the app: router.navigate) */
    notifyAddress: notifyShell((params: { page: number }) => navigateTo('/cabinet/drafts/', { page: params.page }, true)),
  },
})

export const draftsMachine = draftsSetup.createMachine({
  id: 'drafts',
  description: 'The drafts page: 10 per page, the page kept in the address; repeat a draft into the basket or remove it.',
  context: ({ input }) => ({ page: input.page, result: null, target: null, repeat: null, errorMessage: null, selected: [] }),
  type: 'parallel',
  states: {
    list: {
      description: 'The page of drafts and the actions on one draft',
      initial: 'loading',
      on: {
        'page.change': list.pageChange('resetTarget'),
        'list.reload': { target: '.loading', description: 'The bulk removal is over: the page loads again', actions: 'resetTarget' },
      },
      states: {
        ...list.states({
          loading: { description: 'GET /api/drafts/?page=&perpage=10 runs; the list is aria-busy' },
          load: { src: 'loadPage', input: ({ context }) => ({ page: context.page }) },
          empty: { description: '"Черновиков пока нет" with a link to the basket (or, past the last page, a link to the last page)' },
          failed: { description: '"Не удалось загрузить черновики" with the server message and «Повторить»' },
        }),
        loaded: {
          description: 'The drafts of the page (name, date, contract, lines, units), «Повторить» and «Удалить» on each, and the pagination',
          initial: 'idle',
          states: {
            idle: {
              description: 'Nothing is running',
              on: {
                'draft.repeat': {
                  target: 'repeating',
                  description: 'The dealer presses «Повторить» on a draft',
                  actions: { type: 'storeTarget', params: ({ event }) => ({ draft: event.draft }) },
                },
                'draft.remove': {
                  target: 'confirmingRemove',
                  description: 'The dealer presses «Удалить» on a draft',
                  actions: { type: 'storeTarget', params: ({ event }) => ({ draft: event.draft }) },
                },
              },
            },
            repeating: {
              description: 'POST /api/drafts/ {id, action: "repeat"} runs; the buttons are disabled',
              invoke: {
                id: 'repeatDraft',
                src: 'repeatDraft',
                input: ({ context }) => ({ id: context.target?.id ?? 0 }),
                onDone: {
                  target: 'repeated',
                  description: "The lines went into the basket of the draft's contract, as far as the stock allowed: the header summary follows",
                  actions: [
                    { type: 'storeRepeat', params: ({ event }) => ({ repeat: event.output }) },
                    {
                      type: 'notifyBasketChanged',
                      params: ({ context, event }) => ({ basket: event.output.basket, contract: context.target?.contract ?? '' }),
                    },
                  ],
                },
                onError: { target: 'repeatFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            repeatFailed: {
              description: '"Черновик не повторён" with the server message (e.g. "Черновик не найден") and «Закрыть»',
              on: { 'dialog.close': { target: 'idle', description: 'The dealer closes the message', actions: 'resetTarget' } },
            },
            repeated: {
              description: 'The repeat dialog',
              initial: 'checking',
              on: { 'dialog.close': { target: 'idle', description: 'The dealer presses «Закрыть» or Escape', actions: 'resetTarget' } },
              states: {
                checking: {
                  description: 'Decides between the two dialogs by the count added',
                  always: [{ guard: 'hasAdded', target: 'added' }, { target: 'noStock' }],
                },
                added: {
                  description: '"Черновик добавлен в корзину": "Добавлено товаров - {count} шт.", the goods short of stock listed, «В корзину» and «Закрыть»',
                },
                noStock: {
                  description: '"Нет в наличии": "Невозможно повторить черновик. Товаров нет в наличии!" and «Закрыть»',
                },
              },
            },
            ...confirmedCall(draftsSetup, {
              ask: {
                state: 'confirmingRemove',
                description: '"Удалить черновик?" with the draft\'s name; «Удалить» and «Отмена»',
                confirm: { event: 'remove.confirm', description: 'The dealer confirms' },
                cancel: { event: 'remove.cancel', target: 'idle', description: 'The dealer keeps the draft', actions: 'resetTarget' },
              },
              call: {
                state: 'removing',
                description: 'POST /api/drafts/ {id, action: "remove"} runs; the dialog buttons are disabled',
                invoke: {
                  id: 'removeDraft',
                  src: 'removeDraft',
                  input: ({ context }) => ({ id: context.target?.id ?? 0 }),
                  onDone: [
                    {
                      guard: { type: 'isPageGone', params: ({ event }) => ({ count: event.output.count }) },
                      target: '#drafts.list.loading',
                      description: 'The page became empty: one page back, and the address follows',
                      actions: [
                        { type: 'storePageAfterRemoval', params: ({ event }) => ({ count: event.output.count }) },
                        { type: 'notifyAddress', params: ({ context }) => ({ page: context.page }) },
                        'resetTarget',
                        'clearSelection',
                      ],
                    },
                    {
                      target: '#drafts.list.loading',
                      description: 'The draft is gone: the page loads again, nothing stays checked',
                      actions: ['resetTarget', 'clearSelection'],
                    },
                  ],
                  onError: { target: 'removeFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
                },
              },
              failed: {
                state: 'removeFailed',
                description: '"Черновик не удалён" with the server message (e.g. "Черновик не найден") and «Закрыть»',
                dismiss: { event: 'dialog.close', target: 'idle', description: 'The dealer closes the message', actions: 'resetTarget' },
              },
            }),
          },
        },
      },
    },
    selection: {
      description: 'Bulk selection: with drafts checked, the column titles hide and a bar shows the count and «Удалить выбранные»',
      initial: 'none',
      states: {
        ...selection.states({
          'page.change': { target: 'none', description: 'Another page: nothing stays checked', actions: 'resetSelection' },
          'selection.remove': { target: 'removingCodeLoading', description: 'The dealer presses «Удалить выбранные» on the bar' },
        }),
        ...bulkCodeStates('removing', CLOSE_BULK),
        removing: {
          description:
            'The checked drafts are removed (machine bulkRemove: "Удалить выбранные черновики (N)?" first, then one POST /api/drafts/ each); its dialog names the ones that failed',
          invoke: {
            id: 'bulkRemove',
            src: 'bulkRemove',
            input: ({ context }) => bulkInput(context),
            onDone: [
              {
                guard: { type: 'isPageGone', params: ({ context, event }) => leftAfter(context, event.output.done) },
                target: 'none',
                description: 'The removals emptied the page: nothing stays checked, one page back (the address follows), and it loads',
                actions: [
                  { type: 'storePageAfterRemoval', params: ({ context, event }) => leftAfter(context, event.output.done) },
                  { type: 'notifyAddress', params: ({ context }) => ({ page: context.page }) },
                  'resetSelection',
                  'reloadList',
                ],
              },
              {
                guard: { type: 'hasRemoved', params: ({ event }) => ({ done: event.output.done }) },
                target: 'none',
                description: 'The dialog closed after removals: nothing stays checked, and the page loads again',
                actions: ['resetSelection', 'reloadList'],
              },
              {
                target: 'none',
                description: 'The dealer kept them, or none could be removed: nothing stays checked',
                actions: 'resetSelection',
              },
            ],
          },
        },
      },
    },
  },
})

export type DraftsActor = ActorRefFrom<typeof draftsMachine>
