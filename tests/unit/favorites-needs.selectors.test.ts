import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { CatalogueProduct } from '../../src/contract/catalogue'
import type { MarkedGoodsResponse, MarkedList } from '../../src/contract/favorites'
import { favoritesNeedsMachine, MARKED_LIST_TEXTS, NEED_MESSAGES, type FavoritesNeedsEvent } from '../../src/machines/favorites-needs.machine'
import { isRemoveFailedOf, markedListViewOf, needTextOf, needViewOf, removingIdOf } from '../../src/machines/favorites-needs.selectors'
import { ApiCallError } from '../../src/services/http'
import { connect, connectNeed, needStateOf } from '../../src/views/favorites/favorites-connect'
import { createFakeActors } from '../support/fake-actors'

const product = (id: number, need: number) =>
  ({
    id,
    header: `Перфоратор ${id}`,
    articul: `PF-${id}`,
    price: 4_990,
    quantity: 7,
    stocks: [],
    inwish: false,
    need,
    brand: { id: 3, header: 'Makita' },
  }) as unknown as CatalogueProduct
const ROW = product(11, 5)
const OTHER = product(12, 0)
const pageOf = (goods: CatalogueProduct[], count: number, page = 1): MarkedGoodsResponse => ({
  goods,
  count,
  contract: '1',
  warehouse: 1,
  pagination: { page, perpage: 20, pages: Math.ceil(count / 20) },
  actualWms: [{ id: 1, header: 'Склад Парнас' }],
})
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The real machine, its calls settled by the test. */
function marked(list: MarkedList = 'needs') {
  const fake = createFakeActors({ loadPage: 'promise', removeMark: 'promise', saveNeed: 'promise' })
  const actor = createActor(favoritesNeedsMachine.provide({ actors: fake.logic }), { input: { list, contract: '0', warehouse: 1, page: 1 } }).start()
  const sent: FavoritesNeedsEvent[] = []
  const send = (event: FavoritesNeedsEvent) => void sent.push(event)
  return { actor, fake, sent, send, snapshot: () => actor.getSnapshot(), api: () => connect(actor.getSnapshot(), send) }
}

async function loaded(list: MarkedList = 'needs', response = pageOf([ROW, OTHER], 2)) {
  const run = marked(list)
  run.fake.current('loadPage').done(response)
  await flush()
  return run
}

describe('favourites/needs selectors', () => {
  it('the list view: loading, failed, empty, loaded', async () => {
    const run = marked()
    expect(markedListViewOf(run.snapshot())).toBe('loading')
    run.fake.current('loadPage').fail(new ApiCallError('Ошибка сервера (503)', 503))
    await flush()
    expect(markedListViewOf(run.snapshot())).toBe('failed')
    expect(markedListViewOf((await loaded('needs', pageOf([], 0))).snapshot())).toBe('empty')
    expect(markedListViewOf((await loaded()).snapshot())).toBe('loaded')
  })

  it('the product being removed, then a failed removal', async () => {
    const run = await loaded()
    expect(removingIdOf(run.snapshot())).toBeNull()
    run.actor.send({ type: 'item.remove', product: ROW })
    expect(removingIdOf(run.snapshot())).toBe(11)
    run.fake.current('removeMark').fail(new ApiCallError('Нет связи', 503))
    await flush()
    expect([removingIdOf(run.snapshot()), isRemoveFailedOf(run.snapshot())]).toEqual([null, true])
  })

  it('a row’s need view and text follow the need region for the row being edited only', async () => {
    const run = await loaded()
    run.actor.send({ type: 'need.input', productId: 11, text: '8' })
    expect([needViewOf(run.snapshot(), 11), needTextOf(run.snapshot(), 11)]).toEqual(['editing', '8'])
    expect([needViewOf(run.snapshot(), 12), needTextOf(run.snapshot(), 12)]).toEqual(['idle', null])
    run.actor.send({ type: 'need.save' })
    expect(needViewOf(run.snapshot(), 11)).toBe('saving')
    run.fake.current('saveNeed').done(8)
    await flush()
    expect(needViewOf(run.snapshot(), 11)).toBe('saved')
    run.actor.send({ type: 'need.input', productId: 11, text: '0' })
    run.actor.send({ type: 'need.save' })
    expect(needViewOf(run.snapshot(), 11)).toBe('invalid')
  })
})

describe('favourites/needs connect', () => {
  it('the list’s texts, the paged list, the empty hint', async () => {
    const run = await loaded('favorites')
    const api = run.api()
    expect(api).toMatchObject({
      texts: MARKED_LIST_TEXTS.favorites,
      isNeeds: false,
      titleId: 'favorites-title',
      removeFailedText: null,
      showEmptyHint: false,
    })
    expect(api.pagedList).toMatchObject({ state: 'loaded', page: 1, result: { products: [ROW, OTHER], count: 2, pages: 1 }, errorMessage: null })
    api.pagedList.onRetry()
    expect(run.sent).toEqual([{ type: 'list.retry' }])
    expect((await loaded('needs', pageOf([], 0))).api()).toMatchObject({ isNeeds: true, showEmptyHint: true })
  })

  it('the bar offers «В корзину» and «Убрать»; a closed basket (issue 21, item 12): no «В корзину» column, only «Убрать»', async () => {
    const run = await loaded('favorites')
    run.actor.send({ type: 'selection.toggle', id: ROW.id })
    const open = run.api()
    expect(open.canFillBasket).toBe(true)
    expect(open.selection.actions.map((action) => action.label)).toEqual(['В корзину', 'Убрать'])
    const closed = connect(run.snapshot(), run.send, false)
    expect(closed.canFillBasket).toBe(false)
    expect(closed.selection.actions.map((action) => action.label)).toEqual(['Убрать'])
  })

  it('the row controls: the name opens the card, «Убрать» names the list and waits while one is removed; the failure notice', async () => {
    const run = await loaded()
    const api = run.api()
    expect(api.getRemoveButtonProps(ROW)).toMatchObject({ disabled: false, 'aria-label': `${MARKED_LIST_TEXTS.needs.remove}: Перфоратор 11` })
    api.getProductLinkProps(ROW).onClick()
    api.getRemoveButtonProps(ROW).onClick()
    expect(run.sent).toEqual([
      { type: 'card.open', productId: 11 },
      { type: 'item.remove', product: ROW },
    ])
    run.actor.send({ type: 'item.remove', product: ROW })
    expect(run.api().getRemoveButtonProps(OTHER).disabled).toBe(true)
    run.fake.current('removeMark').fail(new ApiCallError('Нет связи', 503))
    await flush()
    const failed = run.api()
    expect(failed.removeFailedText).toBe(`${MARKED_LIST_TEXTS.needs.removeFailed}: Нет связи`)
    failed.getDismissProps().onClick()
    expect(run.sent.at(-1)).toEqual({ type: 'notice.dismiss' })
  })

  it('the need field: the saved need, the typed text, the messages, and its events', async () => {
    const run = await loaded()
    const idle = connectNeed(needStateOf(run.snapshot(), 11), ROW, run.send)
    expect(idle.getInputProps()).toMatchObject({ value: '5', 'aria-invalid': undefined, 'aria-describedby': undefined, readOnly: false })
    expect(idle.getSaveButtonProps().disabled).toBe(true)
    expect(idle.message).toEqual({ id: 'need-message-11', isAlert: false, text: null })
    idle.getInputProps().onChange({ target: { value: '9' } })
    idle.getInputProps().onKeyDown({ key: 'Escape' })
    idle.getFormProps().onSubmit({ preventDefault: () => {} })
    expect(run.sent).toEqual([{ type: 'need.input', productId: 11, text: '9' }, { type: 'need.cancel' }, { type: 'need.save' }])
    run.actor.send({ type: 'need.input', productId: 11, text: '0' })
    run.actor.send({ type: 'need.save' })
    const invalid = connectNeed(needStateOf(run.snapshot(), 11), ROW, run.send)
    expect(invalid.getInputProps()).toMatchObject({ 'aria-invalid': true, 'aria-describedby': 'need-message-11' })
    expect(invalid.message).toEqual({ id: 'need-message-11', isAlert: true, text: NEED_MESSAGES.badNeed })
    run.actor.send({ type: 'need.input', productId: 11, text: '8' })
    run.actor.send({ type: 'need.save' })
    expect(connectNeed(needStateOf(run.snapshot(), 11), ROW, run.send).getFormProps()['aria-busy']).toBe(true)
    run.fake.current('saveNeed').fail(new ApiCallError('Нет связи', 503))
    await flush()
    expect(connectNeed(needStateOf(run.snapshot(), 11), ROW, run.send).message.text).toBe(`${NEED_MESSAGES.saveFailed}: Нет связи`)
  })
})
