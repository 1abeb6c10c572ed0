import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot, type PromiseActorLogic } from 'xstate'
import type { CatalogueProduct, MarkRequest, MarkResult } from '../../src/contract/catalogue'
import type { FilterResponse } from '../../src/contract/filter-answer'
import type { FilterInit } from '../../src/contract/catalogue-init'
import type { ProductCard, ProductRequest, WishRequest } from '../../src/contract/product'
import { productCardMachine } from '../../src/machines/product-card.machine'
import { CATALOGUE_SCREEN_MESSAGES, catalogueFilterMachine, type CatalogueFilterContext } from '../../src/machines/catalogue-filter.machine'
import { sameQuery } from '../../src/machines/catalogue-query'
import { DEFAULT_QUERY, type CatalogueQuery } from '../../src/machines/catalogue-search'
import { ApiCallError, NETWORK_ERROR_MESSAGE } from '../../src/services/http'
import { deferred } from '../support/deferred'
import { describeMachinePaths, type EventCases } from '../support/path-testing'

const product = (id: number, header: string): CatalogueProduct => ({
  id,
  header,
  articul: `A-${id}`,
  price: 100 * id,
  price_rrc: 130 * id,
  quantity: 5,
  wms_id: 1,
  picture: id,
  picturetype: 'svg',
  stocks: [{ wms_id: 1, quantity: 5 }],
  inwish: false,
  need: 0,
  brand: { id: 3, header: 'Bosch' },
})

const answer = (products: CatalogueProduct[]): FilterResponse => ({
  brands: { data: [{ id: 3, header: 'Bosch', count: products.length }] },
  prices: { min: 100.004, max: 299.991, decimals: 2 },
  products,
  params: [{ id: 1, header: 'Мощность', unit: 'Вт', maxmin: { minp: 500, maxp: 2000 } }],
  tags: [],
  actualWms: [{ id: 1, header: 'Москва' }],
  categories_tree: [],
  count: products.length,
  pagination: { page: 1, perpage: 20, pages: products.length > 0 ? 1 : 0 },
  contract: '7',
  warehouse: 1,
})

/** The product card of a catalogue row, as GET /ajax/getproduct/ answers it. */
const cardOf = (row: CatalogueProduct): ProductCard => ({
  ...row,
  pictures: row.picture === null ? [] : [row.picture],
  params: [],
  tags: [],
  description: '',
  category: { id: '27', header: 'Генераторы' },
  contract: '7',
  tabs: [],
})

const init: FilterInit = {
  contracts: [{ id: '7', header: 'Договор №7', contragent: 'ООО «Строймаркет»' }],
  catalog_tree: [{ id: '27', header: 'Генераторы', children: [] }],
  selectedContract: '7',
  warehouses: [{ id: 1, header: 'Москва' }],
}

const pageTwo: CatalogueQuery = { ...DEFAULT_QUERY, page: 2 }
const NETWORK_ERROR = new ApiCallError(NETWORK_ERROR_MESSAGE, 0)

const cases: EventCases = {
  // the same query as shown (nothing to load) and another page
  // the same query as shown (nothing to load), another page, and a card the address opens
  'filter.sync': [
    { type: 'filter.sync', query: DEFAULT_QUERY, productId: null },
    { type: 'filter.sync', query: pageTwo, productId: null },
    { type: 'filter.sync', query: DEFAULT_QUERY, productId: 1 },
  ],
  'card.open': [{ type: 'card.open', productId: 1 }],
  // a real change, and one that leaves the query as it is
  'filter.change': [
    { type: 'filter.change', change: { kind: 'brand', id: 3, selected: true } },
    { type: 'filter.change', change: { kind: 'reset' } },
  ],
  'sorting.cycle': [{ type: 'sorting.cycle', field: 'price' }],
  // two toggles on the page, and one of a product that is not
  'mark.toggle': [
    { type: 'mark.toggle', productId: 1, kind: 'wish' },
    { type: 'mark.toggle', productId: 1, kind: 'need' },
    { type: 'mark.toggle', productId: 99, kind: 'wish' },
  ],
  // the open card has its product (as the row shows it), then saved a wish
  'xstate.snapshot.productCard': [
    { type: 'xstate.snapshot.productCard', snapshot: { context: { product: { id: 1, inwish: false } } } },
    { type: 'xstate.snapshot.productCard', snapshot: { context: { product: { id: 1, inwish: true } } } },
  ],
  'xstate.done.actor.loadCardCode': [{ type: 'xstate.done.actor.loadCardCode' }],
  'xstate.error.actor.loadCardCode': [{ type: 'xstate.error.actor.loadCardCode', error: new Error('Failed to fetch dynamically imported module') }],
  'xstate.done.actor.loadFilterInit': [{ type: 'xstate.done.actor.loadFilterInit', output: init }],
  'xstate.error.actor.loadFilterInit': [{ type: 'xstate.error.actor.loadFilterInit', error: NETWORK_ERROR }],
  'xstate.done.actor.loadProducts': [
    { type: 'xstate.done.actor.loadProducts', output: answer([product(1, 'Дрель'), product(2, 'Шуруповёрт')]) },
    { type: 'xstate.done.actor.loadProducts', output: answer([]) },
  ],
  'xstate.error.actor.loadProducts': [{ type: 'xstate.error.actor.loadProducts', error: new ApiCallError('Такого склада нет', 404) }],
  'xstate.done.actor.saveMark': [{ type: 'xstate.done.actor.saveMark', output: { productId: 1, kind: 'wish', value: true } }],
  'xstate.error.actor.saveMark': [{ type: 'xstate.error.actor.saveMark', error: NETWORK_ERROR }],
}

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CatalogueFilterContext

/** What the screen relies on in each state. */
function assertCatalogueFacts(snapshot: AnyMachineSnapshot) {
  const context = contextOf(snapshot)
  if (snapshot.matches({ list: { ready: 'loaded' } })) expect(context.answer?.products.length).toBeGreaterThan(0)
  if (snapshot.matches({ list: { ready: 'empty' } })) expect(context.answer?.products).toEqual([])
  if (snapshot.matches({ list: { ready: 'refreshing' } })) expect(context.answer).not.toBeNull()
  if (snapshot.matches({ list: { ready: 'loading' } })) expect(context.answer).toBeNull()
  const failed = snapshot.matches({ list: 'initFailed' }) || snapshot.matches({ list: { ready: 'failed' } })
  if (failed) expect(context.errorMessage).toBeTruthy()
  if (snapshot.matches({ list: 'initialising' }) || snapshot.matches({ list: { ready: 'loading' } })) expect(context.errorMessage).toBeNull()
  if (snapshot.matches({ marks: 'saving' })) expect(context.marks.length).toBeGreaterThan(0)
  if (snapshot.matches({ marks: 'idle' })) expect([context.marks, context.markError]).toEqual([[], null])
  if (snapshot.matches({ marks: 'failed' })) expect([context.marks, context.markError]).toEqual([[], NETWORK_ERROR_MESSAGE])
  if (!sameQuery(context.query, DEFAULT_QUERY) && !sameQuery(context.query, pageTwo)) expect(context.query.page).toBe(1)
}

function factsOf(snapshot: AnyMachineSnapshot): string {
  const { answer: kept, query, marks, productId } = contextOf(snapshot)
  const shown = kept === null ? 'none' : kept.products.length > 0 ? 'rows' : 'empty'
  const which = sameQuery(query, DEFAULT_QUERY) ? 'default' : sameQuery(query, pageTwo) ? 'page2' : 'changed'
  const wish = kept?.products.find((row) => row.id === productId)?.inwish ?? null
  return JSON.stringify([snapshot.value, shown, which, marks.length, productId, wish])
}

const walk = {
  input: { query: DEFAULT_QUERY },
  // the guards read whether an answer is kept and has rows, which query is shown and how many toggles
  // wait; the incoming edge makes each transition a vertex of its own, and an ignored event none
  serializeState: (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, prev: AnyMachineSnapshot | undefined) => {
    const value = factsOf(snapshot)
    return event && prev && factsOf(prev) !== value ? `${value} via ${event.type} from ${factsOf(prev)}` : value
  },
  limit: 50_000,
  // the card's child is fed snapshots by the path
  actors: { productCard: 'observable' } as const,
  assertStep: assertCatalogueFacts,
}

/** The cases of these event types only (the others are not sent). */
const only = (types: string[]): EventCases => Object.fromEntries(Object.entries(cases).map(([type, list]) => [type, types.includes(type) ? list : []]))

// the card's code failing to load multiplies every other region's states: the first walk takes
// everything else, the second the card against a loaded list, and the coverage of both adds up
describeMachinePaths(catalogueFilterMachine, {
  ...walk,
  cases: { ...cases, 'xstate.error.actor.loadCardCode': [] },
  expectFullCoverage: false,
  report: false,
})
describeMachinePaths(catalogueFilterMachine, {
  ...walk,
  cases: only([
    'filter.sync',
    'card.open',
    'card.close',
    'xstate.done.actor.loadFilterInit',
    'xstate.done.actor.loadProducts',
    'xstate.done.actor.loadCardCode',
    'xstate.error.actor.loadCardCode',
  ]),
})

describe('catalogueFilter beyond the paths', () => {
  const start = (saveMark?: PromiseActorLogic<MarkResult, MarkRequest>, productCard?: typeof productCardMachine) => {
    const payloads: unknown[] = []
    const addresses: unknown[] = []
    const actor = createActor(
      catalogueFilterMachine.provide({
        actors: {
          loadFilterInit: fromPromise(async () => init),
          loadProducts: fromPromise(async ({ input }) => {
            payloads.push(input)
            return answer([product(1, 'Дрель')])
          }),
          ...(saveMark ? { saveMark } : {}),
          ...(productCard ? { productCard, loadCardCode: fromPromise(async () => {}) } : {}),
        },
        actions: { notifyAddress: (_, { search }) => void addresses.push(search) },
      }),
      { input: { query: DEFAULT_QUERY } },
    )
    actor.start()
    return { actor, payloads, addresses }
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

  it('sends the spec §9 defaults, then each change with page 1, and puts it in the address', async () => {
    const { actor, payloads, addresses } = start()
    await settle()
    expect(payloads[0]).toMatchObject({ contract: '0', warehouse: 1, catalog: '27', page: 1, perpage: 20, sorting: { field: 'header', sort: 'asc' } })
    actor.send({ type: 'filter.sync', query: pageTwo, productId: null })
    await settle()
    expect(payloads[1]).toMatchObject({ page: 2 })
    expect(addresses).toEqual([])
    actor.send({ type: 'filter.change', change: { kind: 'price', min: 150.555, max: 100 } })
    await settle()
    expect(payloads[2]).toMatchObject({ page: 1, byprice: true, minprice: 100, maxprice: 150.56 })
    expect(addresses).toEqual([{ minprice: 100, maxprice: 150.56 }])
    actor.send({ type: 'sorting.cycle', field: 'price' })
    actor.send({ type: 'sorting.cycle', field: 'price' })
    actor.send({ type: 'sorting.cycle', field: 'price' })
    await settle()
    expect(addresses.slice(1)).toEqual([
      { minprice: 100, maxprice: 150.56, sort: 'price' },
      { minprice: 100, maxprice: 150.56, sort: 'price', dir: 'desc' },
      { minprice: 100, maxprice: 150.56, sort: 'none' },
    ])
    expect(payloads.at(-1)).not.toHaveProperty('sorting')
    actor.stop()
  })

  it('saves toggles one after another and applies each answer to its row', async () => {
    const saves: MarkRequest[] = []
    const gates = [deferred<void>(), deferred<void>()]
    const { actor } = start(
      fromPromise(async ({ input }: { input: MarkRequest }): Promise<MarkResult> => {
        saves.push(input)
        await gates[saves.length - 1]!.promise
        return { productId: input.productId, kind: input.kind, value: input.kind === 'wish' ? input.on : input.on ? 1 : 0 }
      }),
    )
    await settle()
    actor.send({ type: 'mark.toggle', productId: 1, kind: 'wish' })
    actor.send({ type: 'mark.toggle', productId: 1, kind: 'wish' })
    actor.send({ type: 'mark.toggle', productId: 1, kind: 'need' })
    await settle()
    expect(saves).toEqual([{ productId: 1, kind: 'wish', on: true }])
    gates[0]!.resolve()
    await settle()
    expect(saves[1]).toEqual({ productId: 1, kind: 'need', on: true })
    gates[1]!.resolve()
    await settle()
    expect(actor.getSnapshot().matches({ marks: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.answer?.products[0]).toMatchObject({ inwish: true, need: 1 })
    actor.stop()
  })

  it('runs the product card as its child while open, and shows a wish saved in the card on its row', async () => {
    const saves: MarkRequest[] = []
    const card = productCardMachine.provide({
      actors: {
        loadProduct: fromPromise(async ({ input }: { input: ProductRequest }) => ({ ...cardOf(product(1, 'Дрель')), contract: input.contract })),
        saveWish: fromPromise(async ({ input }: { input: WishRequest }) => input.inwish),
      },
    })
    const { actor, addresses } = start(
      fromPromise(async ({ input }: { input: MarkRequest }): Promise<MarkResult> => {
        saves.push(input)
        return { productId: input.productId, kind: input.kind, value: true }
      }),
      card,
    )
    await settle()
    actor.send({ type: 'card.open', productId: 1 })
    expect(addresses).toEqual([{ product: 1 }])
    await settle()
    const child = actor.getSnapshot().children.productCard
    expect(child?.getSnapshot().context).toMatchObject({ productId: 1, contract: '7', warehouse: 1 })
    child?.send({ type: 'wish.toggle' })
    await settle()
    expect(actor.getSnapshot().context.answer?.products[0]).toMatchObject({ inwish: true })
    child?.send({ type: 'wish.toggle' })
    await settle()
    expect(actor.getSnapshot().context.answer?.products[0]).toMatchObject({ inwish: false })
    expect(saves).toEqual([])
    actor.send({ type: 'card.close' })
    expect(actor.getSnapshot().children.productCard).toBeUndefined()
    expect(addresses.at(-1)).toEqual({})
    actor.stop()
  })

  it('names the empty result as the brief says', () => {
    expect(CATALOGUE_SCREEN_MESSAGES.empty).toBe('По вашему запросу ничего не найдено')
  })
})
