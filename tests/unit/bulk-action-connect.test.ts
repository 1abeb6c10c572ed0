import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { BulkOutcome } from '../../src/contract/bulk'
import { bulkActionMachine, type BulkActionEvent, type BulkActionInput } from '../../src/machines/bulk-action.machine'
import { ApiCallError } from '../../src/services/http'
import { bulkActionStateOf, connectBulkAction } from '../../src/views/ui/bulk-action-connect'
import { connectSelection } from '../../src/views/ui/selection-connect'

const ITEMS = [
  { id: 11, label: 'Перфоратор SDS-plus 800 Вт' },
  { id: 12, label: 'Шуруповёрт 18 В' },
]

/** The dialog's view-model at each step of a real bulkAction actor whose call answers `answer`. */
async function dialogOf(input: BulkActionInput, answer: () => Promise<BulkOutcome>) {
  const sent: BulkActionEvent[] = []
  const actor = createActor(bulkActionMachine.provide({ actors: { runBulk: fromPromise(answer) } }), { input }).start()
  const api = () => connectBulkAction(bulkActionStateOf(actor.getSnapshot()), (event) => (sent.push(event), actor.send(event)))
  return { actor, api, sent }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('bulk action dialog', () => {
  it('asks before a removal, names the products, then says how many were taken off', async () => {
    const { api, sent } = await dialogOf({ kind: 'favoritesRemove', items: ITEMS }, async () => ({ done: [11, 12], failed: [], count: 0, baskets: [] }))
    const ask = api()
    expect(ask).toMatchObject({
      kind: 'confirm',
      title: 'Убрать из избранного выбранные товары (2)?',
      names: ITEMS.map((item) => item.label),
      confirmLabel: 'Убрать',
    })
    if (ask.kind === 'confirm') ask.onConfirm()
    expect(api()).toEqual({ kind: 'loading', title: 'Товары убираются…' })
    await settle()
    expect(api()).toMatchObject({ kind: 'result', title: 'Товары убраны из избранного', text: 'Убрано товаров: 2', toBasket: false, failed: [] })
    expect(sent).toEqual([{ type: 'bulk.confirm' }])
  })

  it('after adding, says how many goods and names each row that failed with the reason; «В корзину» shows', async () => {
    const { api } = await dialogOf({ kind: 'needsAdd', items: ITEMS }, async () => ({
      done: [11],
      failed: [{ id: 12, message: 'нужно 5 шт., свободно 0 шт.' }],
      count: 1,
      baskets: [],
    }))
    await settle()
    expect(api()).toMatchObject({
      kind: 'result',
      title: 'Товары добавлены в корзину',
      text: 'Добавлено товаров - 1 шт.',
      toBasket: true,
      failedTitle: 'Не добавлены:',
      failed: [{ key: '12', text: 'Шуруповёрт 18 В — нужно 5 шт., свободно 0 шт.' }],
    })
  })

  it('names the repeat whose every order failed as failed, and the call that failed as a whole', async () => {
    const orders = [{ id: 41, label: 'Заказ № 41', contract: '1' }]
    const none = await dialogOf({ kind: 'ordersRepeat', items: orders }, async () => ({
      done: [],
      failed: [{ id: 41, message: 'Товаров нет в наличии' }],
      count: 0,
      baskets: [],
    }))
    await settle()
    expect(none.api()).toMatchObject({ title: 'Заказы не повторены', toBasket: false, failed: [{ text: 'Заказ № 41 — Товаров нет в наличии' }] })
    const broken = await dialogOf({ kind: 'draftsRemove', items: ITEMS }, () => Promise.reject(new ApiCallError('Ошибка сервера (503)', 503)))
    const ask = broken.api()
    expect(ask).toMatchObject({ title: 'Удалить выбранные черновики (2)?', confirmLabel: 'Удалить' })
    if (ask.kind === 'confirm') ask.onConfirm()
    await settle()
    const failed = broken.api()
    expect(failed).toMatchObject({ kind: 'failed', title: 'Черновики не удалены', text: 'Ошибка сервера (503)' })
    if (failed.kind === 'failed') failed.onClose()
    expect(broken.actor.getSnapshot().status).toBe('done')
  })
})

describe('selection bar view-model', () => {
  it('shows the count, half-checks the check-all box while some rows are checked, and sends the selection events', () => {
    const sent: unknown[] = []
    const selection = (selected: number[], isBusy = false) =>
      connectSelection({
        ids: [1, 2, 3],
        selected,
        allLabel: 'Выбрать все',
        rowLabel: (id) => `Выбрать ${id}`,
        isBusy,
        actions: [],
        send: (e) => sent.push(e),
      })
    expect(selection([])).toMatchObject({ hasSelection: false, isPartlySelected: false, text: 'Выбрано: 0' })
    const some = selection([2])
    expect(some).toMatchObject({ hasSelection: true, isPartlySelected: true, text: 'Выбрано: 1' })
    expect(some.getRowCheckboxProps(2)).toMatchObject({ checked: true, 'aria-label': 'Выбрать 2', disabled: false })
    expect(selection([1, 2, 3]).getSelectAllProps()).toMatchObject({ checked: true, 'aria-label': 'Выбрать все' })
    expect(selection([1, 2, 3]).isPartlySelected).toBe(false)
    expect(selection([1], true).getRowCheckboxProps(1).disabled).toBe(true)
    some.getSelectAllProps().onChange()
    some.getRowCheckboxProps(3).onChange()
    some.getClearProps().onPress()
    expect(sent).toEqual([{ type: 'selection.all' }, { type: 'selection.toggle', id: 3 }, { type: 'selection.clear' }])
  })
})
