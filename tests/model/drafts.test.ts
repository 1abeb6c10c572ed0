import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { BasketSummary } from '../../src/contract/account'
import type { DraftListItem, DraftRepeatedResponse, DraftsResponse } from '../../src/contract/drafts'
import { draftsMachine, pageAfterRemoval, type DraftsContext } from '../../src/machines/drafts.machine'
import type { BulkOutcome, BulkRequest } from '../../src/contract/bulk'
import { bulkActionMachine } from '../../src/machines/bulk-action.machine'
import { removeEach } from '../../src/services/bulk'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const DRAFT: DraftListItem = { id: 5, header: 'Объект на Лесной, 2-й этап', count: 3, qnt: 7, contract: '2', created_at: '2026-11-20T09:00:00.000Z' }
const pageOf = (drafts: DraftListItem[], count: number, page = 2): DraftsResponse => ({
  drafts,
  count,
  pagination: { page, perpage: 10, pages: Math.ceil(count / 10) },
})
const BASKET: BasketSummary = { count: 3, sum: 4_500 }
const REFUSED = { id: 11, wms: 1, header: 'Перфоратор SDS-plus 800 Вт', articul: 'PF-800', requested: 4, available: 1 }
const ADDED: DraftRepeatedResponse = { count: 2, refused: [REFUSED], basket: BASKET }
const NONE: DraftRepeatedResponse = { count: 0, refused: [REFUSED], basket: { count: 0, sum: 0 } }
const FAILURE = 'Черновик не найден'

const cases: EventCases = {
  'page.change': [{ type: 'page.change', page: 3 }],
  'draft.repeat': [{ type: 'draft.repeat', draft: DRAFT }],
  'draft.remove': [{ type: 'draft.remove', draft: DRAFT }],
  'xstate.done.actor.loadPage': [
    { type: 'xstate.done.actor.loadPage', output: pageOf([DRAFT], 11) },
    { type: 'xstate.done.actor.loadPage', output: pageOf([], 0) },
  ],
  'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: new ApiCallError('Ошибка сервера (503)', 503) }],
  'xstate.done.actor.repeatDraft': [
    { type: 'xstate.done.actor.repeatDraft', output: ADDED },
    { type: 'xstate.done.actor.repeatDraft', output: NONE },
  ],
  'xstate.error.actor.repeatDraft': [{ type: 'xstate.error.actor.repeatDraft', error: new ApiCallError(FAILURE, 404) }],
  // 11 drafts left keeps page 2; 10 left empties it
  'xstate.done.actor.removeDraft': [
    { type: 'xstate.done.actor.removeDraft', output: { count: 11 } },
    { type: 'xstate.done.actor.removeDraft', output: { count: 10 } },
  ],
  'xstate.error.actor.removeDraft': [{ type: 'xstate.error.actor.removeDraft', error: new ApiCallError(FAILURE, 404) }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DraftsContext

/** the bulk action's code, there at once */
const BULK_CODE_THERE = fromPromise(async () => {})

const SECOND: DraftListItem = { ...DRAFT, id: 6, header: 'Склад, ноябрь' }
const SELECTION_EVENTS = ['selection.toggle', 'selection.all', 'selection.clear', 'selection.remove']
const BULK_DONE = 'xstate.done.actor.bulkRemove'
/** the bulk removal's code arriving, or not (it is not in the list's first load), and the message that it did not closed */
const BULK_CODE_EVENTS = ['xstate.done.actor.loadBulkCode', 'xstate.error.actor.loadBulkCode', 'bulk.close']
/** Only the given event types reach the traversal (an empty case list leaves a type out). */
const only = (types: string[], over: EventCases): EventCases => {
  const all = [
    ...Object.keys(cases),
    ...SELECTION_EVENTS,
    BULK_DONE,
    ...BULK_CODE_EVENTS,
    'list.retry',
    'list.reload',
    'remove.confirm',
    'remove.cancel',
    'dialog.close',
  ]
  return Object.fromEntries(all.map((type) => [type, types.includes(type) ? (over[type] ?? cases[type] ?? [{ type }]) : []]))
}

// the two regions side by side are walked in two goes, whose coverage adds up: the list with its
// row actions (nothing checked), then the selection and its bulk removal against the loaded list
const walks = [
  {
    cases: { ...cases, ...Object.fromEntries([...SELECTION_EVENTS, BULK_DONE, ...BULK_CODE_EVENTS, 'list.reload'].map((type) => [type, []])) },
    expectFullCoverage: false,
    report: false as const,
  },
  {
    cases: only(
      [
        'page.change',
        'xstate.done.actor.loadPage',
        'draft.remove',
        'xstate.done.actor.removeDraft',
        'remove.confirm',
        ...SELECTION_EVENTS,
        BULK_DONE,
        ...BULK_CODE_EVENTS,
      ],
      {
        // two drafts on page 2 of 12, so that some (not all) can be checked; removing both empties page 2
        'xstate.done.actor.loadPage': [{ type: 'xstate.done.actor.loadPage', output: pageOf([DRAFT, SECOND], 12) }],
        'xstate.done.actor.removeDraft': [{ type: 'xstate.done.actor.removeDraft', output: { count: 11 } }],
        'selection.toggle': [DRAFT.id, SECOND.id].map((id) => ({ type: 'selection.toggle', id })),
        [BULK_DONE]: [[DRAFT.id], [DRAFT.id, SECOND.id], []].map((done) => ({ type: BULK_DONE, output: { done } })),
        'xstate.error.actor.loadBulkCode': [{ type: 'xstate.error.actor.loadBulkCode', error: new Error('Failed to fetch dynamically imported module') }],
      },
    ),
  },
]

for (const walk of walks)
  describeMachinePaths(draftsMachine, {
    ...walk,
    input: { page: 2 },
    limit: 20_000,
    // the page number and the checked drafts matter (a removal may move the page back), the rest is in the state value
    serializeState: (state, event, prev) => {
      const key = `${JSON.stringify(state.value)} p${contextOf(state).page} s${contextOf(state).selected.join(',')}`
      return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
    },
    assertStep: (snapshot) => {
      const context = contextOf(snapshot)
      expect([1, 2, 3]).toContain(context.page)
      if (snapshot.matches({ list: 'failed' })) expect(context.errorMessage).toBe('Ошибка сервера (503)')
      if (snapshot.matches({ list: { loaded: 'repeatFailed' } }) || snapshot.matches({ list: { loaded: 'removeFailed' } }))
        expect(context.errorMessage).toBe(FAILURE)
      if (snapshot.matches({ list: { loaded: 'confirmingRemove' } })) expect(context.target).toEqual(DRAFT)
      if (snapshot.matches({ list: { loaded: { repeated: 'added' } } })) expect(context.repeat).toEqual(ADDED)
      if (snapshot.matches({ list: { loaded: { repeated: 'noStock' } } })) expect(context.repeat).toEqual(NONE)
      if (snapshot.matches({ list: { loaded: 'idle' } })) expect(context.target).toBeNull()
      expect(snapshot.matches({ selection: 'none' })).toBe(context.selected.length === 0)
      expect(snapshot.children.bulkRemove !== undefined).toBe(snapshot.matches({ selection: 'removing' }))
    },
  })

const fakeActors = (over: Partial<{ page: (page: number) => DraftsResponse; removedLeft: number; repeat: DraftRepeatedResponse }> = {}) => {
  const calls: string[] = []
  const logic = {
    loadPage: fromPromise(async ({ input }: { input: { page: number } }) => {
      calls.push(`load ${input.page}`)
      return over.page ? over.page(input.page) : pageOf([DRAFT], 11, input.page)
    }),
    repeatDraft: fromPromise(async ({ input }: { input: { id: number } }) => {
      calls.push(`repeat ${input.id}`)
      return over.repeat ?? ADDED
    }),
    removeDraft: fromPromise(async ({ input }: { input: { id: number } }) => {
      calls.push(`remove ${input.id}`)
      return { count: over.removedLeft ?? 11 }
    }),
  }
  return { calls, logic }
}

describe('drafts beyond the paths', () => {
  it('goes one page back after removing the last draft of a page, and tells the address', async () => {
    const { calls, logic } = fakeActors({ removedLeft: 20 })
    const addresses: number[] = []
    const actor = createActor(draftsMachine.provide({ actors: logic, actions: { notifyAddress: (_, { page }) => void addresses.push(page) } }), {
      input: { page: 3 },
    }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true))
    actor.send({ type: 'draft.remove', draft: DRAFT })
    actor.send({ type: 'remove.confirm' })
    await vi.waitFor(() => expect(calls).toEqual(['load 3', 'remove 5', 'load 2']))
    expect(addresses).toEqual([2])
    expect(actor.getSnapshot().context.page).toBe(2)
    // the address catching up names the page already shown: nothing loads again
    actor.send({ type: 'page.change', page: 2 })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true))
    expect(calls).toHaveLength(3)
    actor.stop()
  })

  it("tells the header the basket of the draft's contract after a repeat", async () => {
    const { logic } = fakeActors()
    const told: { basket: BasketSummary; contract: string }[] = []
    const actor = createActor(draftsMachine.provide({ actors: logic, actions: { notifyBasketChanged: (_, params) => void told.push(params) } }), {
      input: { page: 1 },
    }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true))
    actor.send({ type: 'draft.repeat', draft: DRAFT })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: { loaded: { repeated: 'added' } } })).toBe(true))
    expect(told).toEqual([{ basket: BASKET, contract: '2' }])
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().context).toMatchObject({ target: null, repeat: null })
    actor.stop()
  })

  it('removes the checked drafts after the question, one request each; names the failed one; reloads, one page back when the page emptied', async () => {
    const { calls, logic } = fakeActors({ page: (page) => pageOf(page === 2 ? [DRAFT, SECOND] : [DRAFT], 12, page) })
    const removed: BulkRequest[] = []
    const runBulk = fromPromise(async ({ input }: { input: BulkRequest }) => {
      removed.push(input)
      return removeEach(
        input.items,
        async (item) => (item.id === SECOND.id ? Promise.reject(new Error(FAILURE)) : { count: 11 }),
        new AbortController().signal,
      )
    })
    const addresses: number[] = []
    const machine = draftsMachine.provide({
      actors: { ...logic, loadBulkCode: BULK_CODE_THERE, bulkRemove: bulkActionMachine.provide({ actors: { runBulk } }) },
      actions: { notifyAddress: (_, { page }) => void addresses.push(page) },
    })
    const actor = createActor(machine, { input: { page: 2 } }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true))
    actor.send({ type: 'selection.all' })
    expect(actor.getSnapshot().context.selected).toEqual([DRAFT.id, SECOND.id])
    actor.send({ type: 'selection.remove' })
    const bulk = () => actor.getSnapshot().children.bulkRemove!
    await vi.waitFor(() => expect(bulk().getSnapshot().matches('asking')).toBe(true))
    expect(bulk().getSnapshot().context.items).toEqual([
      { id: DRAFT.id, label: DRAFT.header },
      { id: SECOND.id, label: SECOND.header },
    ])
    // «Отмена»: nothing removed, nothing stays checked, nothing loads
    bulk().send({ type: 'bulk.cancel' })
    expect(actor.getSnapshot().matches({ selection: 'none', list: { loaded: 'idle' } })).toBe(true)
    expect(removed).toEqual([])
    expect(calls).toEqual(['load 2'])

    actor.send({ type: 'selection.toggle', id: DRAFT.id })
    actor.send({ type: 'selection.toggle', id: SECOND.id })
    actor.send({ type: 'selection.remove' })
    await vi.waitFor(() => expect(bulk().getSnapshot().matches('asking')).toBe(true))
    bulk().send({ type: 'bulk.confirm' })
    await vi.waitFor(() => expect(bulk().getSnapshot().matches({ reported: 'partlyFailed' })).toBe(true))
    expect(bulk().getSnapshot().context.outcome).toMatchObject({ done: [DRAFT.id], failed: [{ id: SECOND.id, message: FAILURE }] })
    bulk().send({ type: 'dialog.close' })
    await vi.waitFor(() => expect(calls).toEqual(['load 2', 'load 2']))
    expect(actor.getSnapshot().context.selected).toEqual([])
    expect(addresses).toEqual([])

    // both removed from a page 2 of 12: 10 are left, page 1 loads and the address follows
    const emptied = createActor(
      draftsMachine.provide({
        actors: {
          ...logic,
          loadBulkCode: BULK_CODE_THERE,
          bulkRemove: bulkActionMachine.provide({
            actors: { runBulk: fromPromise(async (): Promise<BulkOutcome> => ({ done: [DRAFT.id, SECOND.id], failed: [], count: 0, baskets: [] })) },
          }),
        },
        actions: { notifyAddress: (_, { page }) => void addresses.push(page) },
      }),
      { input: { page: 2 } },
    ).start()
    await vi.waitFor(() => expect(emptied.getSnapshot().matches({ list: 'loaded' })).toBe(true))
    emptied.send({ type: 'selection.all' })
    emptied.send({ type: 'selection.remove' })
    await vi.waitFor(() => expect(emptied.getSnapshot().children.bulkRemove).toBeDefined())
    emptied.getSnapshot().children.bulkRemove!.send({ type: 'bulk.confirm' })
    await vi.waitFor(() => expect(emptied.getSnapshot().children.bulkRemove!.getSnapshot().matches({ reported: 'done' })).toBe(true))
    emptied.getSnapshot().children.bulkRemove!.send({ type: 'dialog.close' })
    await vi.waitFor(() => expect(calls.slice(-1)).toEqual(['load 1']))
    expect(addresses).toEqual([1])
    expect(emptied.getSnapshot().context.page).toBe(1)
    actor.stop()
    emptied.stop()
  })

  it('a single removal clears the checked drafts: the page loads again', async () => {
    const { calls, logic } = fakeActors()
    const actor = createActor(draftsMachine.provide({ actors: logic }), { input: { page: 1 } }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true))
    actor.send({ type: 'selection.toggle', id: DRAFT.id })
    actor.send({ type: 'draft.remove', draft: DRAFT })
    actor.send({ type: 'remove.confirm' })
    expect(actor.getSnapshot().context.selected).toEqual([DRAFT.id])
    await vi.waitFor(() => expect(calls).toEqual(['load 1', 'remove 5', 'load 1']))
    expect(actor.getSnapshot().matches({ selection: 'none' })).toBe(true)
    expect(actor.getSnapshot().context.selected).toEqual([])
    actor.stop()
  })

  it('keeps the page while there are drafts for it; never goes below page 1', () => {
    expect(pageAfterRemoval(2, 11)).toBe(2)
    expect(pageAfterRemoval(2, 10)).toBe(1)
    expect(pageAfterRemoval(1, 0)).toBe(1)
    expect(pageAfterRemoval(5, 23)).toBe(3)
  })
})
