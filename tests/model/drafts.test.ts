import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { BasketSummary } from '../../src/contract/account'
import type { DraftListItem, DraftRepeatedResponse, DraftsResponse } from '../../src/contract/drafts'
import { draftsMachine, pageAfterRemoval, type DraftsContext } from '../../src/machines/drafts.machine'
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

describeMachinePaths(draftsMachine, {
  cases,
  input: { page: 2 },
  // the page number matters (a removal may move it back), the rest is in the state value
  serializeState: (state, event, prev) => {
    const key = `${JSON.stringify(state.value)} p${contextOf(state).page}`
    return event && prev ? `${key} via ${event.type} from ${JSON.stringify(prev.value)}` : key
  },
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    expect([1, 2, 3]).toContain(context.page)
    if (snapshot.matches('failed')) expect(context.errorMessage).toBe('Ошибка сервера (503)')
    if (snapshot.matches({ loaded: 'repeatFailed' }) || snapshot.matches({ loaded: 'removeFailed' })) expect(context.errorMessage).toBe(FAILURE)
    if (snapshot.matches({ loaded: 'confirmingRemove' })) expect(context.target).toEqual(DRAFT)
    if (snapshot.matches({ loaded: { repeated: 'added' } })) expect(context.repeat).toEqual(ADDED)
    if (snapshot.matches({ loaded: { repeated: 'noStock' } })) expect(context.repeat).toEqual(NONE)
    if (snapshot.matches({ loaded: 'idle' })) expect(context.target).toBeNull()
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
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true))
    actor.send({ type: 'draft.remove', draft: DRAFT })
    actor.send({ type: 'remove.confirm' })
    await vi.waitFor(() => expect(calls).toEqual(['load 3', 'remove 5', 'load 2']))
    expect(addresses).toEqual([2])
    expect(actor.getSnapshot().context.page).toBe(2)
    // the address catching up names the page already shown: nothing loads again
    actor.send({ type: 'page.change', page: 2 })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true))
    expect(calls).toHaveLength(3)
    actor.stop()
  })

  it("tells the header the basket of the draft's contract after a repeat", async () => {
    const { logic } = fakeActors()
    const told: { basket: BasketSummary; contract: string }[] = []
    const actor = createActor(draftsMachine.provide({ actors: logic, actions: { notifyBasketChanged: (_, params) => void told.push(params) } }), {
      input: { page: 1 },
    }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true))
    actor.send({ type: 'draft.repeat', draft: DRAFT })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loaded: { repeated: 'added' } })).toBe(true))
    expect(told).toEqual([{ basket: BASKET, contract: '2' }])
    actor.send({ type: 'dialog.close' })
    expect(actor.getSnapshot().context).toMatchObject({ target: null, repeat: null })
    actor.stop()
  })

  it('keeps the page while there are drafts for it; never goes below page 1', () => {
    expect(pageAfterRemoval(2, 11)).toBe(2)
    expect(pageAfterRemoval(2, 10)).toBe(1)
    expect(pageAfterRemoval(1, 0)).toBe(1)
    expect(pageAfterRemoval(5, 23)).toBe(3)
  })
})
