import { describe, expect, it } from 'vitest'
import { TAB_IDS } from '../../src/contract/product'
import { addToBasketMachine, type AddToBasketContext } from '../../src/machines/add-to-basket.machine'
import { inBasketOf, isAdding, noticeOf } from '../../src/machines/add-to-basket.selectors'
import type { BasketData, BasketLine } from '../../src/contract/basket'
import { productCardMachine, type ProductCardContext } from '../../src/machines/product-card.machine'
import { asyncTabViewOf, cardErrorOf, isCardLoading, isWishFailed, isWishSaving, selectedTabOf } from '../../src/machines/product-card.selectors'

const adderContext: AddToBasketContext = { productId: 1, warehouse: 1, available: 5, contract: '7', quantityText: '1', errorMessage: null }
const adderAt = (value: unknown) => addToBasketMachine.resolveState({ value: value as never, context: adderContext })

const cardContext: ProductCardContext = {
  productId: 1,
  contract: '7',
  warehouse: 1,
  product: null,
  slide: 0,
  bindData: {},
  errorMessage: 'Ошибка сервера (503)',
}
const cardAt = (value: unknown) => productCardMachine.resolveState({ value: value as never, context: cardContext })
const loaded = (wish: string, tabs: unknown) => cardAt({ loaded: { gallery: 'empty', wish, tabs } })

describe('add-to-basket selectors', () => {
  it('noticeOf names the message of each state that shows one, and none otherwise', () => {
    expect(noticeOf(adderAt({ editing: 'ready' }))).toBeNull()
    for (const notice of ['zeroQuantity', 'overStock', 'failed', 'added'] as const) expect(noticeOf(adderAt({ editing: notice }))).toBe(notice)
    expect(noticeOf(adderAt('adding'))).toBeNull()
  })

  it('isAdding holds only while the add call runs', () => {
    expect(isAdding(adderAt('adding'))).toBe(true)
    expect(isAdding(adderAt({ editing: 'ready' }))).toBe(false)
  })
})

describe('what the basket already holds (issue 21, item 8)', () => {
  const line = (id: number, productId: number, wms: number, qnt: number) => ({ id, product: { id: productId }, wms, qnt }) as unknown as BasketLine
  const data = {
    contract: '7',
    products: { '1': line(1, 42, 1, 211), '2': line(2, 42, 2, 5), '3': line(3, 43, 1, 1) },
  } as unknown as BasketData
  const basket = { context: { data } } as never

  it('counts the units of the product at the warehouse under the basket’s contract', () => {
    expect(inBasketOf(basket, { productId: 42, warehouse: 1, contract: '7' })).toBe(211)
    expect(inBasketOf(basket, { productId: 42, warehouse: 2, contract: '7' })).toBe(5)
    expect(inBasketOf(basket, { productId: 42, warehouse: 1, contract: '0' })).toBe(211)
    expect(inBasketOf(basket, { productId: 44, warehouse: 1, contract: '7' })).toBe(0)
  })

  it('is 0 before the basket loads and for another contract', () => {
    expect(inBasketOf(undefined, { productId: 42, warehouse: 1, contract: '7' })).toBe(0)
    expect(inBasketOf({ context: { data: null } } as never, { productId: 42, warehouse: 1, contract: '7' })).toBe(0)
    expect(inBasketOf(basket, { productId: 42, warehouse: 1, contract: '8' })).toBe(0)
  })
})

describe('product card selectors', () => {
  it('loading and the load failure with its message', () => {
    expect([isCardLoading(cardAt('loading')), cardErrorOf(cardAt('loading'))]).toEqual([true, null])
    expect([isCardLoading(cardAt('failed')), cardErrorOf(cardAt('failed'))]).toEqual([false, 'Ошибка сервера (503)'])
  })

  it('the wish toggle saving and failed', () => {
    expect([isWishSaving(loaded('saving', TAB_IDS.params)), isWishFailed(loaded('saving', TAB_IDS.params))]).toEqual([true, false])
    expect([isWishSaving(loaded('failed', TAB_IDS.params)), isWishFailed(loaded('failed', TAB_IDS.params))]).toEqual([false, true])
    expect([isWishSaving(cardAt('loading')), isWishFailed(cardAt('loading'))]).toEqual([false, false])
  })

  it('the selected tab, the characteristics before the card loads', () => {
    expect(selectedTabOf(cardAt('loading'))).toBe(TAB_IDS.params)
    expect(selectedTabOf(loaded('idle', TAB_IDS.description))).toBe(TAB_IDS.description)
    expect(selectedTabOf(loaded('idle', { [TAB_IDS.stocks]: 'loading' }))).toBe(TAB_IDS.stocks)
  })

  it('an async tab shows its loader, its data or its failure', () => {
    expect(asyncTabViewOf(loaded('idle', { [TAB_IDS.stocks]: 'loading' }), TAB_IDS.stocks)).toBe('loading')
    expect(asyncTabViewOf(loaded('idle', { [TAB_IDS.stocks]: 'loaded' }), TAB_IDS.stocks)).toBe('loaded')
    expect(asyncTabViewOf(loaded('idle', { [TAB_IDS.analogs]: 'failed' }), TAB_IDS.analogs)).toBe('failed')
    expect(asyncTabViewOf(loaded('idle', { [TAB_IDS.analogs]: 'failed' }), TAB_IDS.stocks)).toBe('loading')
  })
})
