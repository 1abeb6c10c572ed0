import { assign, type EventObject } from 'xstate'
import { errorMessageOf } from './machine-support'

/** What every paged list keeps: the page the address names, the last page loaded, why a load failed. */
export interface PagedListContext<Result> {
  /** the page from the address (?page=) */
  page: number
  /** the last page loaded; kept while the next one loads, so the list does not jump */
  result: Result | null
  errorMessage: string | null
}

/** The events every paged list takes. */
export type PagedListEvent =
  /** the address names a page (a pagination link, a reload, browser back) */
  | { type: 'page.change'; page: number }
  /** the dealer asks to load again after a failure */
  | { type: 'list.retry' }

/** The page a list of `pages` pages can show: a page past the last one moves to the last (or to 1). */
export const lastPageOf = (pages: number) => Math.max(1, pages)

/** The page to show after a removal left `count` items: the same one, or the last one when it became empty. */
export const pageLeftAfterRemoval = (page: number, count: number, perpage: number) => Math.min(page, lastPageOf(Math.ceil(count / perpage)))

/** What a machine tells the paged list about itself and the answer of its call. */
export interface PagedListShape<TContext extends PagedListContext<unknown>, TEvent extends EventObject, HasItems extends string> {
  /** the machine's context and events, as `setup({ types })` takes them: `{} as { context: …; events: … }` */
  types: { context: TContext; events: TEvent }
  /** the name of the guard "the page has rows" in the machine (and its diagram): hasDrafts, hasGoods … */
  hasItems: HasItems
  /** the rows of a loaded page */
  itemsOf: (result: ResultOf<TContext>) => readonly unknown[]
  /** how many pages the list has, by a loaded page */
  pagesOf: (result: ResultOf<TContext>) => number
}

/** What the states of a paged list say and call. */
export interface PagedListStatesOptions<TContext, Src extends string, Input, Notify extends string, NotifyParams> {
  /**
   * What `loading` does: 'GET /api/drafts/?page=&perpage=10 runs; the list is aria-busy'. The texts
   * of the states are `description`s written out, which the build drops (they are for the diagrams).
   */
  loading: { description: string }
  /** the invoked logic (its id is its name) and its input */
  load: { src: Src; input: (args: { context: TContext }) => Input }
  /** what the empty list says */
  empty: { description: string }
  /** what a failed load shows */
  failed: { description: string }
  /**
   * A page past the last one (the list got shorter meanwhile) is not shown as empty: the last page
   * loads (`isPageGone` / `storeLastPage`) and the machine's action named here tells the address.
   */
  pageGone?: { description: string; notify: { type: Notify; params: (args: { context: TContext }) => NotifyParams } }
}

type ResultOf<TContext extends PagedListContext<unknown>> = NonNullable<TContext['result']>

type Checking<HasItems extends string, Notify, NotifyParams> = [Notify] extends [never]
  ? [{ guard: HasItems; target: 'loaded' }, { target: 'empty' }]
  : [
      { guard: 'isPageGone'; target: 'loading'; description: string; actions: readonly ['storeLastPage', { type: Notify; params: NotifyParams }] },
      { guard: HasItems; target: 'loaded' },
      { target: 'empty' },
    ]

/**
 * The paged list one call loads a page of (drafts, favourites and needs, a brand's products, search
 * results): the page lives in the address, which the view forwards as `page.change`, so reloads and
 * browser back keep it. A machine spreads `guards` and `actions` into its `setup`, puts
 * `pageChange()` on the node that holds the list and `states()` (loading → checking → empty |
 * failed, or its own `loaded`) into it. The names of states, events, guards and actions are the
 * same in every list, so views, selectors and diagrams read them alike.
 */
export function pagedList<TContext extends PagedListContext<unknown>, TEvent extends EventObject, const HasItems extends string>(
  shape: PagedListShape<TContext, TEvent, HasItems>,
) {
  type Result = ResultOf<TContext>
  type Args = { context: TContext }
  // an action of the machine's own types (the action's arguments must match them exactly)
  const assignList = <TParams extends object | undefined = undefined>(assigner: (args: Args, params: TParams) => Partial<PagedListContext<Result>>) =>
    assign<TContext, TEvent, TParams, TEvent, never>((args, params) => assigner(args, params) as Partial<TContext>)
  const resultOf = (context: TContext) => context.result as Result | null
  const hasItems = ({ context }: Args) => {
    const result = resultOf(context)
    return result !== null && shape.itemsOf(result).length > 0
  }
  return {
    guards: {
      isOtherPage: ({ context, event }: { context: { page: number }; event: { type: string; page?: number } }) =>
        event.type === 'page.change' && event.page !== context.page,
      ...({ [shape.hasItems]: hasItems } as Record<HasItems, typeof hasItems>),
    },
    actions: {
      storePage: assignList<{ page: number }>((_, params) => ({ page: params.page })),
      storeResult: assignList<{ result: Result }>((_, params) => ({ result: params.result, errorMessage: null })),
      storeError: assignList<{ error: unknown }>((_, params) => ({ errorMessage: errorMessageOf(params.error) })),
      resetError: assignList(() => ({ errorMessage: null })),
    },
    /** the past-the-last-page handling of `states({ pageGone })` */
    pageGone: {
      guards: {
        isPageGone: ({ context }: Args) => {
          const result = resultOf(context)
          return result !== null && context.page > lastPageOf(shape.pagesOf(result))
        },
      },
      actions: {
        storeLastPage: assignList(({ context }) => {
          const result = resultOf(context)
          return { page: lastPageOf(result ? shape.pagesOf(result) : 0) }
        }),
      },
    },
    /** `page.change` on the node holding the list: another page loads; `also` are the machine's own actions */
    pageChange: <const Also extends readonly string[] = []>(...also: Also) => ({
      guard: 'isOtherPage' as const,
      target: '.loading' as const,
      description: 'The address names another page (a pagination link, reload, or browser back)',
      actions: [{ type: 'storePage' as const, params: ({ event }: { event: { page: number } }) => ({ page: event.page }) }, ...also] as const,
    }),
    /** loading → checking → empty | failed, and `loaded` (the machine's own) */
    states: <const Src extends string, Input, const Notify extends string = never, NotifyParams = never>(
      options: PagedListStatesOptions<TContext, Src, Input, Notify, NotifyParams>,
    ) => ({
      loading: {
        description: options.loading.description,
        entry: 'resetError' as const,
        invoke: {
          id: options.load.src,
          src: options.load.src,
          input: options.load.input,
          onDone: {
            target: 'checking' as const,
            actions: { type: 'storeResult' as const, params: ({ event }: { event: { output: Result } }) => ({ result: event.output }) },
          },
          onError: {
            target: 'failed' as const,
            actions: { type: 'storeError' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
          },
        },
      },
      checking: (options.pageGone
        ? {
            description: 'Decides between the list, the empty message and a page that is gone',
            always: [
              { guard: 'isPageGone', target: 'loading', description: options.pageGone.description, actions: ['storeLastPage', options.pageGone.notify] },
              { guard: shape.hasItems, target: 'loaded' },
              { target: 'empty' },
            ],
          }
        : {
            description: 'Decides between the list and the empty message',
            always: [{ guard: shape.hasItems, target: 'loaded' }, { target: 'empty' }],
          }) as { description: string; always: Checking<HasItems, Notify, (args: { context: TContext }) => NotifyParams> },
      empty: { description: options.empty.description },
      failed: {
        description: options.failed.description,
        on: { 'list.retry': { target: 'loading' as const, description: 'The dealer asks to load again' } },
      },
    }),
  }
}
