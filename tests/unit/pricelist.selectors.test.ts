import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { ProductSetResponse } from '../../src/contract/product-set'
import { PRICELIST_MESSAGES, type PricelistProduct, type PricelistResponse } from '../../src/contract/pricelist'
import { PRICELIST_PAGE_MESSAGES, pricelistMachine, type PricelistEvent } from '../../src/machines/pricelist.machine'
import {
  formMessageOf,
  isAddFailedOf,
  isPricelistModalOpenOf,
  overStockLineOf,
  pricelistBusyOf,
  pricelistStepOf,
} from '../../src/machines/pricelist.selectors'
import { ApiCallError } from '../../src/services/http'
import { connect } from '../../src/views/pricelist/pricelist-connect'
import { createFakeActors } from '../support/fake-actors'

const ANSWER: PricelistResponse = {
  products: [
    { id: 11, header: 'Котёл газовый', articul: 'KT-11', price: 100.5, qnt: 2, selected: true, available: 10, row: 2 },
    { id: 12, header: 'Радиатор', articul: 'RD-12', price: 20, qnt: 30, selected: true, available: 4, row: 3 },
  ],
  unmatched: [{ row: 4, text: 'НЕТ-ТАКОГО; 3', reason: PRICELIST_MESSAGES.notFound }],
  wms: 2,
  contract: '3',
}
const [BOILER, RADIATOR] = ANSWER.products as [PricelistProduct, PricelistProduct]
const REFUSED: ProductSetResponse = {
  basket: { count: 1, sum: 201 },
  count: 1,
  refused: [{ id: 12, wms: 2, header: 'Радиатор', articul: 'RD-12', requested: 4, available: 1 }],
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const nbsp = (text: string) => text.replace(/\s/g, ' ')

function pricelistActor() {
  const fake = createFakeActors({ uploadFile: 'promise', uploadText: 'promise', addToCart: 'promise' })
  const actor = createActor(pricelistMachine.provide({ actors: fake.logic, actions: { notifyBasketChanged: () => {}, notifyCartOpened: () => {} } }), {
    input: { contract: '0', wms: 1 },
  }).start()
  const sent: PricelistEvent[] = []
  return { actor, fake, sent, snapshot: () => actor.getSnapshot(), api: () => connect(actor.getSnapshot(), (event) => sent.push(event)) }
}

async function choosing() {
  const run = pricelistActor()
  run.actor.send({ type: 'file.upload', file: { name: 'order.csv', size: 120 } })
  run.fake.current('uploadFile').done(ANSWER)
  await flush()
  return run
}

describe('price list selectors', () => {
  it('busy names the form whose request runs; the modal opens on the answer', async () => {
    const run = pricelistActor()
    expect([pricelistBusyOf(run.snapshot()), isPricelistModalOpenOf(run.snapshot())]).toEqual([null, false])
    run.actor.send({ type: 'file.upload', file: { name: 'order.csv', size: 120 } })
    expect(pricelistBusyOf(run.snapshot())).toBe('file')
    run.fake.current('uploadFile').done(ANSWER)
    await flush()
    expect([pricelistBusyOf(run.snapshot()), isPricelistModalOpenOf(run.snapshot()), pricelistStepOf(run.snapshot())]).toEqual([null, true, 'choosing'])
    run.actor.send({ type: 'modal.close' })
    run.actor.send({ type: 'text.input', text: 'KT-11;2' })
    run.actor.send({ type: 'text.submit' })
    expect(pricelistBusyOf(run.snapshot())).toBe('text')
  })

  it('a form’s message shows under the form it belongs to: the check’s, then the server’s', async () => {
    const run = pricelistActor()
    run.actor.send({ type: 'file.upload', file: null })
    expect([formMessageOf(run.snapshot(), 'file'), formMessageOf(run.snapshot(), 'text')]).toEqual(['invalid', null])
    run.actor.send({ type: 'text.input', text: 'KT-11;2' })
    run.actor.send({ type: 'text.submit' })
    run.fake.current('uploadText').fail(new ApiCallError('Нет строк', 400))
    await flush()
    expect([formMessageOf(run.snapshot(), 'file'), formMessageOf(run.snapshot(), 'text')]).toEqual([null, 'failed'])
  })

  it('the stock notice stands beside the line cut to the stock; a failed add, then the refused step', async () => {
    const run = await choosing()
    expect(overStockLineOf(run.snapshot())).toBeNull()
    run.actor.send({ type: 'line.input', id: '11', text: '50' })
    run.actor.send({ type: 'line.commit', id: '11' })
    expect(overStockLineOf(run.snapshot())).toBe('11')
    run.actor.send({ type: 'cart.add' })
    expect(pricelistStepOf(run.snapshot())).toBe('adding')
    run.fake.current('addToCart').fail(new ApiCallError('Ошибка', 500))
    await flush()
    expect(isAddFailedOf(run.snapshot())).toBe(true)
    run.actor.send({ type: 'cart.add' })
    run.fake.current('addToCart').done(REFUSED)
    await flush()
    expect(pricelistStepOf(run.snapshot())).toBe('refused')
  })
})

describe('price list connect', () => {
  it('the forms: labels follow the request running, the warehouse and text send their events', async () => {
    const run = pricelistActor()
    const api = run.api()
    expect([api.loadingLabel, api.fileButtonLabel, api.textButtonLabel, api.isFormDisabled]).toEqual([null, 'Загрузить', 'Распознать', false])
    api.getWarehouseSelectProps().onChange({ currentTarget: { value: '2' } })
    api.getTextAreaProps().onChange({ currentTarget: { value: 'KT-11;2' } })
    api.submitText()
    api.uploadFile(null)
    expect(run.sent).toEqual([
      { type: 'warehouse.select', wms: 2 },
      { type: 'text.input', text: 'KT-11;2' },
      { type: 'text.submit' },
      { type: 'file.upload', file: null },
    ])
    run.actor.send({ type: 'file.upload', file: { name: 'order.csv', size: 120 } })
    expect(run.api()).toMatchObject({ loadingLabel: 'Загрузка файла…', fileButtonLabel: 'Загрузка…', isFormDisabled: true })
    expect(run.api().getWarehouseSelectProps()).toMatchObject({ value: '1', disabled: true })
    run.fake.current('uploadFile').fail(new ApiCallError('Файл не прочитан', 400))
    await flush()
    expect(run.api().fileMessage).toEqual({ shown: 'failed', title: 'Список не распознан', message: 'Файл не прочитан' })
  })

  it('the choice: totals, rows, the stock notices, the unmatched rows’ title', async () => {
    const run = await choosing()
    const dialog = run.api().dialog
    expect(dialog).toMatchObject({ step: 'choosing', isBusy: false, title: 'Товары из списка', hasAnswer: true, unmatchedTitle: 'Не распознаны: 1 строка' })
    expect(nbsp(dialog.totalsText)).toMatch(/^Выбрано: 2 товара, 6 шт\. на сумму 281,00 ₽$/)
    expect(dialog.addButtonLabel).toBe('Добавить в корзину')
    const radiator = dialog.lineOf(RADIATOR)
    expect(radiator?.notice).toMatchObject({ isAlert: false, onDismiss: null })
    expect(nbsp(radiator?.notice?.text ?? '')).toBe(`${PRICELIST_PAGE_MESSAGES.overStock}: в списке 30 шт. (строка 3), свободно 4`)
    expect(dialog.lineOf(BOILER)?.notice).toBeNull()
    radiator?.getCheckboxProps().onChange()
    radiator?.getStepperProps().onIncrement()
    dialog.getToggleAllProps().onChange()
    dialog.getAddButtonProps().onPress()
    expect(run.sent).toEqual([
      { type: 'line.toggle', id: '12' },
      { type: 'line.step', id: '12', delta: 1 },
      { type: 'lines.toggleAll' },
      { type: 'cart.add' },
    ])
    run.actor.send({ type: 'line.input', id: '11', text: '50' })
    run.actor.send({ type: 'line.commit', id: '11' })
    const cut = run.api().dialog.lineOf(BOILER)
    expect(cut?.notice?.isAlert).toBe(true)
    cut?.notice?.onDismiss?.()
    expect(run.sent.at(-1)).toEqual({ type: 'notice.dismiss' })
  })

  it('while adding the modal holds; the refused step tells what was added', async () => {
    const run = await choosing()
    run.actor.send({ type: 'cart.add' })
    const adding = run.api().dialog
    expect(adding).toMatchObject({ isBusy: true, addButtonLabel: 'Добавление…' })
    expect(adding.onDismiss).toBeUndefined()
    expect(adding.getAddButtonProps().isDisabled).toBe(true)
    run.fake.current('addToCart').done(REFUSED)
    await flush()
    const refused = run.api().dialog
    expect(refused.title).toBe('Не все товары добавлены в корзину')
    expect(refused.refusedTitle).toBe(`${PRICELIST_PAGE_MESSAGES.overStock}. Эти товары не добавлены:`)
    expect(refused.refusedLines).toEqual([{ key: '12-2', text: 'Радиатор (RD-12): запрошено 4, свободно 1' }])
    expect(refused.addedText).toBe('Добавлено в корзину: 1 товар.')
    refused.getCartButtonProps().onPress()
    refused.onDismiss!()
    expect(run.sent).toEqual([{ type: 'cart.open' }, { type: 'modal.close' }])
  })
})
