import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import { TAB_HEADERS, TAB_IDS, type BindData, type ProductCard, type TabRequest, type WishRequest } from '../../src/contract/product'
import {
  cycleSlide,
  GALLERY_PREVIEW_SLIDES,
  previewStart,
  productCardMachine,
  type ProductCardContext,
  type ProductCardInput,
} from '../../src/machines/product-card.machine'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const INPUT: ProductCardInput = { productId: 7, contract: '0', warehouse: 2 }

const productWith = (pictures: number[]): ProductCard => ({
  id: 7,
  header: 'Котёл газовый настенный',
  articul: 'KG-24',
  price: 41_250.5,
  price_rrc: 49_990,
  quantity: 12,
  wms_id: 2,
  picture: pictures[0] ?? null,
  picturetype: 'svg',
  stocks: [
    { wms_id: 1, quantity: 3 },
    { wms_id: 2, quantity: 12 },
  ],
  inwish: false,
  need: 0,
  brand: { id: 4, header: 'Теплотех' },
  pictures,
  params: [{ id: 1, header: 'Мощность', unit: 'кВт', value: 24 }],
  tags: [],
  description: 'Двухконтурный котёл',
  category: { id: '27', header: 'Котлы' },
  contract: '3',
  tabs: [
    {
      id: 'details',
      items: [
        { id: 'params', async: false, header: TAB_HEADERS.params, data: [{ id: 1, header: 'Мощность', unit: 'кВт', value: 24 }] },
        { id: 'description', async: false, header: TAB_HEADERS.description, data: 'Двухконтурный котёл' },
        { id: 'stocks', async: true, header: TAB_HEADERS.stocks, data: null },
        { id: 'analogs', async: true, header: TAB_HEADERS.analogs, data: null },
      ],
    },
  ],
})

const STOCKS: BindData = { stocks: [{ wms_id: 1, header: 'Москва', quantity: 3 }] }
const ANALOGS: BindData = { analogs: [] }
const failure = (type: string) => [{ type, error: new ApiCallError(NETWORK_ERROR_MESSAGE, 0) }]

const cases: EventCases = {
  'xstate.done.actor.loadProduct': [
    { type: 'xstate.done.actor.loadProduct', output: productWith([11, 12, 13, 14]) },
    { type: 'xstate.done.actor.loadProduct', output: productWith([]) },
  ],
  'xstate.error.actor.loadProduct': failure('xstate.error.actor.loadProduct'),
  'xstate.done.actor.loadStocksTab': [{ type: 'xstate.done.actor.loadStocksTab', output: STOCKS }],
  'xstate.error.actor.loadStocksTab': failure('xstate.error.actor.loadStocksTab'),
  'xstate.done.actor.loadAnalogsTab': [{ type: 'xstate.done.actor.loadAnalogsTab', output: ANALOGS }],
  'xstate.error.actor.loadAnalogsTab': failure('xstate.error.actor.loadAnalogsTab'),
  'xstate.done.actor.saveWish': [{ type: 'xstate.done.actor.saveWish', output: true }],
  'xstate.error.actor.saveWish': failure('xstate.error.actor.saveWish'),
  'gallery.show': [
    { type: 'gallery.show', index: 2 },
    { type: 'gallery.show', index: 9 },
  ],
  'tab.select': Object.values(TAB_IDS).map((tab) => ({ type: 'tab.select', tab })),
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ProductCardContext
const pictureCount = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).product?.pictures.length ?? 0

/**
 * The gallery's guards read the pictures, so their count is in the key. The card's regions
 * multiply, so the incoming edge is named by its event and, for the wish toggle (the one region
 * whose event leaves two states), where it came from, not by the whole previous configuration:
 * each transition still gets a path of its own and the graph stays small.
 */
const serializeState = (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev?: AnyMachineSnapshot) => {
  const facts = `${JSON.stringify(snapshot.value)} pictures=${pictureCount(snapshot)}`
  if (!event || !prev) return facts
  const wishBefore = (prev.value as { loaded?: { wish?: string } }).loaded?.wish
  return event.type === 'wish.toggle' ? `${facts} via ${event.type} from ${wishBefore}` : `${facts} via ${event.type}`
}

describeMachinePaths(productCardMachine, {
  cases,
  serializeState,
  input: INPUT,
  assertStep: (snapshot) => {
    const context = contextOf(snapshot)
    const count = pictureCount(snapshot)
    // the slide is always a picture there is (or 0 with none)
    expect(context.slide).toBeGreaterThanOrEqual(0)
    expect(context.slide).toBeLessThan(Math.max(1, count))
    if (snapshot.matches({ loaded: { gallery: 'empty' } })) expect(count).toBe(0)
    if (snapshot.matches({ loaded: { tabs: { stocks: 'loaded' } } })) expect(context.bindData.stocks).toEqual(STOCKS.stocks)
    if (snapshot.matches({ loaded: { tabs: { analogs: 'loaded' } } })) expect(context.bindData.analogs).toEqual(ANALOGS.analogs)
    if (snapshot.matches('failed')) expect(context.errorMessage).toBe(NETWORK_ERROR_MESSAGE)
  },
})

describe('productCard beyond the paths', () => {
  it('loads an async tab through binds under the card’s resolved contract, afresh on each opening', async () => {
    const tabRequests: TabRequest[] = []
    const actor = createActor(
      productCardMachine.provide({
        actors: {
          loadProduct: fromPromise(() => Promise.resolve(productWith([11]))),
          loadTab: fromPromise(({ input }: { input: TabRequest }) => {
            tabRequests.push(input)
            return Promise.resolve(input.tab === 'stocks' ? STOCKS : ANALOGS)
          }),
        },
      }),
      { input: INPUT },
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true))
    actor.send({ type: 'tab.select', tab: 'stocks' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loaded: { tabs: { stocks: 'loaded' } } })).toBe(true))
    actor.send({ type: 'tab.select', tab: 'params' })
    actor.send({ type: 'tab.select', tab: 'stocks' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loaded: { tabs: { stocks: 'loaded' } } })).toBe(true))
    const request: TabRequest = { productId: 7, contract: '3', warehouse: 2, tab: 'stocks' }
    expect(tabRequests).toEqual([request, request])
  })

  it('asks to set the wish when off and to unset it when on, keeping the server’s answer', async () => {
    const wishes: WishRequest[] = []
    const actor = createActor(
      productCardMachine.provide({
        actors: {
          loadProduct: fromPromise(() => Promise.resolve(productWith([]))),
          saveWish: fromPromise(({ input }: { input: WishRequest }) => {
            wishes.push(input)
            return Promise.resolve(input.inwish)
          }),
        },
      }),
      { input: INPUT },
    ).start()
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loaded')).toBe(true))
    for (const expected of [true, false]) {
      actor.send({ type: 'wish.toggle' })
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ loaded: { wish: 'idle' } })).toBe(true))
      expect(actor.getSnapshot().context.product?.inwish).toBe(expected)
    }
    expect(wishes.map((wish) => wish.inwish)).toEqual([true, false])
  })
})

describe('gallery rules', () => {
  const gallery = fc
    .integer({ min: 0, max: 30 })
    .chain((count) => fc.record({ count: fc.constant(count), slide: fc.integer({ min: 0, max: Math.max(0, count - 1) }) }))

  it('keeps the shown picture among the 3 previews and the strip full', () => {
    fc.assert(
      fc.property(gallery, ({ count, slide }) => {
        const start = previewStart(count, slide)
        const end = Math.min(count, start + GALLERY_PREVIEW_SLIDES)
        return start >= 0 && (count === 0 || (slide >= start && slide < end)) && end - start === Math.min(count, GALLERY_PREVIEW_SLIDES)
      }),
    )
  })

  it('goes round at either end, and next then previous comes back', () => {
    fc.assert(
      fc.property(gallery, ({ count, slide }) => {
        const next = cycleSlide(count, slide, 1)
        return (count === 0 ? next === 0 : next >= 0 && next < count) && cycleSlide(count, next, -1) === (count === 0 ? 0 : slide)
      }),
    )
    expect(cycleSlide(4, 3, 1)).toBe(0)
    expect(cycleSlide(4, 0, -1)).toBe(3)
  })
})
