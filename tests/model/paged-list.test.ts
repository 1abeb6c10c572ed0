import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, setup, type AnyMachineSnapshot } from 'xstate'
import { unprovidedPromise } from '../../src/machines/machine-support'
import { lastPageOf, pagedList, pageLeftAfterRemoval, type PagedListContext, type PagedListEvent } from '../../src/machines/paged-list'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

/** A page of a list as a tiny call answers it: its rows and how many pages there are. */
interface ItemsPage {
  items: number[]
  pages: number
}
type ListContext = PagedListContext<ItemsPage>

const list = pagedList({
  types: {} as { context: ListContext; events: PagedListEvent },
  hasItems: 'hasItems',
  itemsOf: (result) => result.items,
  pagesOf: (result) => result.pages,
})

const listSetup = setup({
  types: {} as { context: ListContext; events: PagedListEvent; input: { page: number } },
  actors: { loadPage: unprovidedPromise<ItemsPage, { page: number }>('loadPage') },
  guards: { ...list.guards, ...list.pageGone.guards },
  actions: { ...list.actions, ...list.pageGone.actions, notifyAddress: (_, _params: { page: number }) => {} },
})

const states = (pageGone: boolean) =>
  list.states({
    loading: { description: 'GET /api/items/?page= runs; the list is aria-busy' },
    load: { src: 'loadPage', input: ({ context }) => ({ page: context.page }) },
    ...(pageGone
      ? {
          pageGone: {
            description: 'The page lies past the last one: the last page loads, and the address follows',
            notify: { type: 'notifyAddress', params: ({ context }) => ({ page: context.page }) },
          },
        }
      : {}),
    empty: { description: 'Nothing on the list' },
    failed: { description: 'The load failed, with «Повторить»' },
  })

const listMachine = (id: string, pageGone: boolean) =>
  listSetup.createMachine({
    id,
    context: ({ input }) => ({ page: input.page, result: null, errorMessage: null }),
    initial: 'loading',
    on: { 'page.change': list.pageChange() },
    states: { ...states(pageGone), loaded: { description: 'The rows and the pages' } },
  })

/** The list as drafts and a brand's products use it: a page past the last shows as empty. */
const plainListMachine = listMachine('pagedListPlain', false)
/** The list as favourites and needs use it: a page past the last moves to the last page. */
const pageGoneListMachine = listMachine('pagedListPageGone', true)

const FAILURE = 'Ошибка сервера (503)'
const ROWS: ItemsPage = { items: [7], pages: 2 }
const cases: EventCases = {
  'page.change': [
    { type: 'page.change', page: 2 },
    { type: 'page.change', page: 3 },
  ],
  'xstate.done.actor.loadPage': [
    { type: 'xstate.done.actor.loadPage', output: ROWS },
    { type: 'xstate.done.actor.loadPage', output: { items: [], pages: 2 } },
  ],
  'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: new ApiCallError(FAILURE, 503) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ListContext
/** What the guards read: the page and whether the page loaded has rows. */
const factsOf = (snapshot: AnyMachineSnapshot) => {
  const { page, result } = contextOf(snapshot)
  return JSON.stringify([snapshot.value, page, result === null ? 'none' : result.items.length > 0])
}

for (const machine of [plainListMachine, pageGoneListMachine]) {
  describeMachinePaths(machine, {
    cases,
    input: { page: 1 },
    serializeState: (snapshot, event, prev) =>
      event && prev && factsOf(prev) !== factsOf(snapshot) ? `${factsOf(snapshot)} via ${event.type} from ${factsOf(prev)}` : factsOf(snapshot),
    assertStep: (snapshot) => {
      const { page, result, errorMessage } = contextOf(snapshot)
      expect([1, 2, 3]).toContain(page)
      expect(errorMessage).toBe(snapshot.matches('failed') ? FAILURE : null)
      if (snapshot.matches('loaded')) expect(result).toEqual(ROWS)
      if (snapshot.matches('empty')) expect(result?.items).toEqual([])
      // past the last of two pages only the plain list stays
      if (machine === pageGoneListMachine && snapshot.matches('loaded')) expect(page).toBeLessThanOrEqual(2)
    },
  })
}

describe('paged list beyond the paths', () => {
  it('loads the last page instead of one past it, and tells the address', async () => {
    const asked: number[] = []
    const addresses: number[] = []
    const actor = createActor(
      pageGoneListMachine.provide({
        actors: { loadPage: fromPromise(async ({ input }: { input: { page: number } }) => (asked.push(input.page), ROWS)) },
        actions: { notifyAddress: (_, { page }) => void addresses.push(page) },
      }),
      { input: { page: 5 } },
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true))
    expect(asked).toEqual([5, 2])
    expect(addresses).toEqual([2])
    // the address catching up names the page already shown: nothing loads again
    actor.send({ type: 'page.change', page: 2 })
    expect(actor.getSnapshot().matches('loaded')).toBe(true)
    expect(asked).toEqual([5, 2])
    actor.stop()
  })
})

describe('paged list rules', () => {
  it('moves a page past the last one to the last, and never below page 1', () => {
    expect([0, 1, 3].map(lastPageOf)).toEqual([1, 1, 3])
  })

  it('keeps the page after a removal while there are rows for it; never goes below page 1', () => {
    expect(pageLeftAfterRemoval(2, 11, 10)).toBe(2)
    expect(pageLeftAfterRemoval(2, 10, 10)).toBe(1)
    expect(pageLeftAfterRemoval(1, 0, 10)).toBe(1)
    expect(pageLeftAfterRemoval(5, 23, 10)).toBe(3)
    expect(pageLeftAfterRemoval(3, 41, 20)).toBe(3)
  })

  it('names the checking state by whether a page may be gone', () => {
    expect(plainListMachine.root.states.checking?.description).toBe('Decides between the list and the empty message')
    expect(pageGoneListMachine.root.states.checking?.description).toBe('Decides between the list, the empty message and a page that is gone')
  })
})
