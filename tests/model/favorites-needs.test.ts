import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import type { CatalogueProduct } from '../../src/contract/catalogue'
import { NEED_LIMITS, type MarkedGoodsRequest, type MarkedGoodsResponse, type RemoveMarkRequest, type SaveNeedRequest } from '../../src/contract/favorites'
import { productCardMachine } from '../../src/machines/product-card.machine'
import { favoritesNeedsMachine, NEED_MESSAGES, type FavoritesNeedsContext } from '../../src/machines/favorites-needs.machine'
import { parseNeed } from '../../src/machines/need-rules'
import { ApiCallError } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const product = (id: number, need: number): CatalogueProduct => ({
  id,
  header: `Перфоратор SDS-plus ${id}`,
  articul: `PF-${id}`,
  price: 4_990,
  price_rrc: 5_990,
  quantity: 7,
  wms_id: 1,
  picture: null,
  picturetype: 'svg',
  stocks: [{ wms_id: 1, quantity: 7 }],
  inwish: false,
  need,
  brand: { id: 3, header: 'Makita' },
})
const ROW = product(11, 5)
const pageOf = (goods: CatalogueProduct[], count: number, page = 2): MarkedGoodsResponse => ({
  goods,
  count,
  contract: '1',
  warehouse: 1,
  pagination: { page, perpage: 20, pages: Math.ceil(count / 20) },
  actualWms: [{ id: 1, header: 'Склад Парнас' }],
})
const SERVER_FAILURE = 'Ошибка сервера (503)'
const INPUT = { list: 'needs' as const, contract: '0', warehouse: 1, page: 2 }

const cases: EventCases = {
  'page.change': [{ type: 'page.change', page: 3 }],
  'item.remove': [{ type: 'item.remove', product: ROW }],
  'need.input': [
    { type: 'need.input', productId: ROW.id, text: '12' },
    { type: 'need.input', productId: ROW.id, text: '0' },
  ],
  'card.open': [{ type: 'card.open', productId: ROW.id }],
  // a full page 2 of 3; no products at all (page 2 is then gone: page 1 loads and is empty)
  'xstate.done.actor.loadPage': [
    { type: 'xstate.done.actor.loadPage', output: pageOf([ROW], 41) },
    { type: 'xstate.done.actor.loadPage', output: pageOf([], 0) },
  ],
  'xstate.error.actor.loadPage': [{ type: 'xstate.error.actor.loadPage', error: new ApiCallError(SERVER_FAILURE, 503) }],
  'xstate.done.actor.removeMark': [{ type: 'xstate.done.actor.removeMark', output: undefined }],
  'xstate.error.actor.removeMark': [{ type: 'xstate.error.actor.removeMark', error: new ApiCallError(SERVER_FAILURE, 503) }],
  'xstate.done.actor.saveNeed': [{ type: 'xstate.done.actor.saveNeed', output: 12 }],
  'xstate.error.actor.saveNeed': [{ type: 'xstate.error.actor.saveNeed', error: new ApiCallError(SERVER_FAILURE, 503) }],
  'selection.toggle': [{ type: 'selection.toggle', id: ROW.id }],
  'xstate.done.actor.bulkAdd': [{ type: 'xstate.done.actor.bulkAdd', output: { done: [ROW.id] } }],
  'xstate.done.actor.bulkRemove': [{ type: 'xstate.done.actor.bulkRemove', output: { done: [ROW.id] } }],
  'xstate.done.actor.loadCardCode': [{ type: 'xstate.done.actor.loadCardCode' }],
  'xstate.error.actor.loadCardCode': [{ type: 'xstate.error.actor.loadCardCode', error: new Error('Failed to fetch dynamically imported module') }],
}

const SELECTION_EVENTS = ['selection.toggle', 'selection.all', 'selection.clear', 'selection.addToBasket', 'selection.remove']
const BULK_EVENTS = ['xstate.done.actor.bulkAdd', 'xstate.done.actor.bulkRemove']
/** The cases with the given event types left out (an empty case list leaves a type out). */
const without = (types: string[]): EventCases => ({ ...cases, ...Object.fromEntries(types.map((type) => [type, []])) })
/** Only the given event types reach the traversal. */
const only = (types: string[]): EventCases => {
  const all = new Set([...Object.keys(cases), ...SELECTION_EVENTS, 'list.retry', 'list.reload', 'notice.dismiss', 'need.save', 'need.cancel', 'card.close'])
  return { ...without([...all].filter((type) => !types.includes(type))), ...Object.fromEntries(types.map((type) => [type, cases[type] ?? [{ type }]])) }
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as FavoritesNeedsContext

/** What the guards read: the page, whether a page is kept and has rows, whether the typed need is valid. */
function factsOf(snapshot: AnyMachineSnapshot): string {
  const { page, result, needEdit, selected } = contextOf(snapshot)
  const shown = result === null ? 'none' : result.goods.length > 0 ? 'rows' : 'empty'
  const typed = needEdit === null ? null : parseNeed(needEdit.text) !== null
  return JSON.stringify([snapshot.value, page, shown, typed, selected])
}

// four regions side by side are too many to walk whole: the paths walk the list, the need and the
// card first, then the selection and its bulk actions against the list, then the card's code
// failing to load against a loaded page; the coverage of the three adds up
const CARD_CODE_FAILED = 'xstate.error.actor.loadCardCode'
const walks = [
  { cases: without([...SELECTION_EVENTS, ...BULK_EVENTS, CARD_CODE_FAILED]), expectFullCoverage: false, report: false as const },
  {
    expectFullCoverage: false,
    report: false as const,
    cases: {
      ...only(['page.change', 'list.reload', 'xstate.done.actor.loadPage', ...SELECTION_EVENTS, ...BULK_EVENTS]),
      // two rows, so that some (not all) can be checked
      'xstate.done.actor.loadPage': [{ type: 'xstate.done.actor.loadPage', output: pageOf([ROW, product(12, 0)], 41) }],
      'selection.toggle': [ROW.id, 12].map((id) => ({ type: 'selection.toggle', id })),
    },
  },
  { cases: only(['card.open', 'card.close', 'xstate.done.actor.loadPage', 'xstate.done.actor.loadCardCode', CARD_CODE_FAILED]) },
]
for (const walk of walks)
  describeMachinePaths(favoritesNeedsMachine, {
    ...walk,
    input: INPUT,
    serializeState: (snapshot, event, prev) => {
      const value = factsOf(snapshot)
      return event && prev && factsOf(prev) !== value ? `${value} via ${event.type} from ${factsOf(prev)}` : value
    },
    limit: 50_000,
    assertStep: (snapshot) => {
      const context = contextOf(snapshot)
      expect([1, 2, 3]).toContain(context.page)
      if (snapshot.matches({ list: 'failed' }) || snapshot.matches({ list: { loaded: 'removeFailed' } })) expect(context.errorMessage).toBe(SERVER_FAILURE)
      if (snapshot.matches({ list: { loaded: 'removing' } })) expect(context.removing).toEqual(ROW)
      if (snapshot.matches({ list: 'empty' })) expect(context.page).toBe(1)
      if (snapshot.matches({ need: 'idle' })) expect(context.needEdit).toBeNull()
      // a bad entry or a failed save shows the saved quantity again
      if (snapshot.matches({ need: 'invalid' }) || snapshot.matches({ need: 'failed' })) expect(context.needEdit?.text).toBe(String(context.needEdit?.saved))
      if (snapshot.matches({ need: 'failed' })) expect(context.needError).toBe(SERVER_FAILURE)
      if (snapshot.matches({ need: 'saved' })) expect(context.needEdit).toMatchObject({ text: '12', saved: 12 })
      expect(snapshot.children.productCard !== undefined).toBe(snapshot.matches({ card: 'open' }))
      expect(snapshot.matches({ selection: 'none' })).toBe(context.selected.length === 0)
    },
  })

function fakeActors(
  pages: (request: MarkedGoodsRequest) => MarkedGoodsResponse,
  saveNeed: (request: SaveNeedRequest) => Promise<number> = async (r) => r.need,
) {
  const calls: string[] = []
  const logic = {
    loadPage: fromPromise(async ({ input }: { input: MarkedGoodsRequest }) => {
      calls.push(`load ${input.list} ${input.page} ${input.contract} ${input.warehouse}`)
      return pages(input)
    }),
    removeMark: fromPromise(async ({ input }: { input: RemoveMarkRequest }): Promise<void> => {
      calls.push(`remove ${input.list} ${input.productId}`)
    }),
    saveNeed: fromPromise(async ({ input }: { input: SaveNeedRequest }) => {
      calls.push(`need ${input.productId} ${input.need}`)
      return saveNeed(input)
    }),
  }
  return { calls, logic }
}

describe('favoritesNeeds beyond the paths', () => {
  it('after taking the only product of the last page off, shows the page before and tells the address', async () => {
    let count = 21
    const { calls, logic } = fakeActors(({ page }) =>
      page === 2 && count > 20 ? pageOf([product(99, 0)], count) : pageOf(page === 1 ? [ROW] : [], count, page),
    )
    logic.removeMark = fromPromise(async ({ input }: { input: RemoveMarkRequest }): Promise<void> => {
      calls.push(`remove ${input.list} ${input.productId}`)
      count -= 1
    })
    const addresses: unknown[] = []
    const actor = createActor(favoritesNeedsMachine.provide({ actors: logic, actions: { notifyAddress: (_, params) => void addresses.push(params) } }), {
      input: { ...INPUT, list: 'favorites' },
    }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true))
    actor.send({ type: 'item.remove', product: product(99, 0) })
    await vi.waitFor(() => expect(calls).toEqual(['load favorites 2 0 1', 'remove favorites 99', 'load favorites 2 0 1', 'load favorites 1 0 1']))
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true))
    expect(addresses).toEqual([{ list: 'favorites', page: 1 }])
    actor.stop()
  })

  it('saves a valid need and shows it in the row; a bad one is refused before any call and the saved value stays', async () => {
    const { calls, logic } = fakeActors(() => pageOf([ROW], 1, 1))
    const actor = createActor(favoritesNeedsMachine.provide({ actors: logic }), { input: { ...INPUT, page: 1 } }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true))
    for (const text of ['0', '-3', '2,5', 'abc', '', String(NEED_LIMITS.max + 1)]) {
      actor.send({ type: 'need.input', productId: ROW.id, text })
      actor.send({ type: 'need.save' })
      expect(actor.getSnapshot().matches({ need: 'invalid' }), text).toBe(true)
      expect(actor.getSnapshot().context.needEdit).toEqual({ productId: ROW.id, text: '5', saved: 5 })
    }
    actor.send({ type: 'need.input', productId: ROW.id, text: ' 1 000 ' })
    actor.send({ type: 'need.save' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ need: 'saved' })).toBe(true))
    expect(calls).toEqual(['load needs 1 0 1', 'need 11 1000'])
    expect(actor.getSnapshot().context.result?.goods[0]?.need).toBe(1000)
    expect(NEED_MESSAGES.badNeed).toBe('Потребность — целое число от 1 до 1 000 000')
    actor.stop()
  })

  it('reloads the page when the product card closes', async () => {
    const { calls, logic } = fakeActors(() => pageOf([ROW], 1, 1))
    const card = { productCard: productCardMachine, loadCardCode: fromPromise(async () => {}) }
    const actor = createActor(favoritesNeedsMachine.provide({ actors: { ...logic, ...card } }), { input: { ...INPUT, page: 1 } }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true))
    actor.send({ type: 'card.open', productId: ROW.id })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ card: 'open' })).toBe(true))
    expect(actor.getSnapshot().children.productCard?.getSnapshot().context).toMatchObject({ productId: ROW.id, contract: '1', warehouse: 1 })
    actor.send({ type: 'card.close' })
    await vi.waitFor(() => expect(calls).toEqual(['load needs 1 0 1', 'load needs 1 0 1']))
    actor.stop()
  })
})

describe('parseNeed', () => {
  it('accepts exactly the whole numbers from 1 to 1 000 000', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000, max: 2_000_000 }), (n) => {
        expect(parseNeed(String(n))).toBe(n >= NEED_LIMITS.min && n <= NEED_LIMITS.max ? n : null)
      }),
    )
    expect(['007', '1 000', '1\u00a0000', ' 12 '].map(parseNeed)).toEqual([7, 1000, 1000, 12])
    expect(['', ' ', '1.5', '1,5', '+3', '1e3', 'три', '0x10'].map(parseNeed)).toEqual(Array(8).fill(null))
  })
})
