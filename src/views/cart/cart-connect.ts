import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { BasketLine } from '../../contract/basket'
import { groupByWarehouse } from '../../machines/basket-rules'
import { BASKET_PAGE_MESSAGES } from '../../machines/basket-messages'
import type { BasketActor, BasketEvent, basketMachine } from '../../machines/basket.machine'
import {
  selectBasketScreen,
  selectOverStockLine,
  selectSavingLine,
  selectSync,
  selectText,
  selectTotals,
  type BasketSync,
} from '../../machines/basket.selectors'
import { formatCount, formatInteger, formatMoney, PRODUCT_FORMS } from '../ui/format'
import { useViewModel } from '../ui/use-view-model'

type BasketSnapshot = SnapshotFrom<typeof basketMachine>
type Send = (event: BasketEvent) => void

export const CART_LOADING_LABEL = 'Загрузка корзины…'

const SYNC_STATUS: Partial<Record<BasketSync, string>> = {
  saving: 'Сохранение…',
  refreshing: 'Обновление корзины…',
  clearing: 'Очистка корзины…',
}

/** «Итого: 3 товара, 12 шт. на сумму 4 500,00 ₽»: the basket's lines, units and sum, as the header's summary counts them. */
export const totalTextOf = ({ count, qnt, sum }: { count: number; qnt: number; sum: number }) =>
  `Итого: ${formatCount(count, PRODUCT_FORMS)}, ${formatInteger(qnt)} шт. на сумму ${formatMoney(sum)}`

/** What the basket page reads from the basket: flat, so equal states compare shallowly equal. */
const cartStateOf = (snapshot: BasketSnapshot) => ({
  screen: selectBasketScreen(snapshot),
  sync: selectSync(snapshot),
  errorMessage: snapshot.context.errorMessage,
  data: snapshot.context.data,
  ...selectTotals(snapshot),
  /** the children the basket runs while its page is shown */
  checkout: snapshot.children.checkout,
  draftSave: snapshot.children.draftSave,
  map: snapshot.children.warehouseMap,
  mapWarehouse: snapshot.context.mapWarehouse,
})

export type CartState = ReturnType<typeof cartStateOf>

/** Where «Очистить корзину» is pressable: a quantity or a reload on its way stops for the question. */
const CLEARABLE_FROM = new Set<string>(['idle', 'saving', 'refreshing'])

/** The basket page's view-model (as the catalogue's `connect`): what the page shows and the events it sends. */
function connectState(state: CartState, send: Send) {
  const { screen, sync, errorMessage, data, checkout, draftSave, map, mapWarehouse } = state
  const isBusy = sync !== 'idle'
  const groups = data ? groupByWarehouse(data) : []
  const retry = () => send({ type: 'basket.retry' })
  const failedTitle =
    screen === 'loadFailed'
      ? BASKET_PAGE_MESSAGES.loadFailed
      : sync === 'saveFailed'
        ? BASKET_PAGE_MESSAGES.saveFailed
        : sync === 'clearFailed'
          ? BASKET_PAGE_MESSAGES.clearFailed
          : null
  return {
    /** the first load, its failure, or the page (an empty basket or its lines) */
    body: screen === 'loading' || screen === 'loadFailed' ? screen : ('page' as const),
    loadingLabel: CART_LOADING_LABEL,
    hasLines: screen === 'lines',
    emptyText: BASKET_PAGE_MESSAGES.empty,
    /** «Сохранение…», «Обновление корзины…», «Очистка корзины…» or nothing */
    statusText: SYNC_STATUS[sync] ?? '',
    /** the failed load, save or clearing with «Повторить», or null */
    failure: failedTitle === null ? null : { title: failedTitle, message: errorMessage, onRetry: retry },
    totalText: totalTextOf(state),
    /** a quantity is on its way, or the basket is being cleared: the toolbar and the order wait */
    isBusy,
    groups,
    /** the warehouses the basket takes goods from */
    warehouses: groups.map((group) => group.warehouse),
    /** pressable while a quantity saves too: a click right after typing one is not lost */
    getClearButtonProps: () => ({ isDisabled: !CLEARABLE_FROM.has(sync), onPress: () => send({ type: 'basket.clear' }) }),
    /** «Очистить корзину?» while asked and while clearing, or null */
    clearDialog:
      sync === 'confirmingClear' || sync === 'clearing'
        ? {
            title: BASKET_PAGE_MESSAGES.clearQuestion,
            confirmLabel: 'Очистить',
            isBusy: sync === 'clearing',
            onConfirm: () => send({ type: 'clear.confirm' }),
            onCancel: () => send({ type: 'clear.cancel' }),
          }
        : null,
    checkout,
    draftSave,
    /** the open warehouse map, with its warehouse and «Закрыть», or null */
    openMap: map && mapWarehouse ? { map, warehouse: mapWarehouse, onClose: () => send({ type: 'map.close' }) } : null,
  }
}

export const connect = (snapshot: BasketSnapshot, send: Send) => connectState(cartStateOf(snapshot), send)

export type CartApi = ReturnType<typeof connectState>

export const useCartApi = (basket: BasketActor): CartApi => useViewModel(basket, cartStateOf, connectState)

/** What one line of the basket reads: its field's text, whether its change is being saved, whether the stock notice is beside it. */
export const cartLineStateOf = (snapshot: BasketSnapshot, line: BasketLine) => {
  const lineId = String(line.id)
  return {
    contract: snapshot.context.contract,
    text: selectText(snapshot, line),
    isSaving: selectSavingLine(snapshot) === lineId,
    isOverStock: selectOverStockLine(snapshot) === lineId,
  }
}

type CartLineState = ReturnType<typeof cartLineStateOf>

/** A line's view-model: the quantity stepper, the ✕ and the stock notice, bound to the line. */
export function connectLine(state: CartLineState, line: BasketLine, send: Send) {
  const lineId = String(line.id)
  const commit = () => send({ type: 'line.commit', lineId })
  return {
    contract: state.contract,
    isSaving: state.isSaving,
    /** the form around the stepper: Enter in the field submits it and saves the quantity, as leaving the field does */
    getQuantityFormProps: () => ({
      noValidate: true,
      onSubmit: (event: { preventDefault: () => void }) => {
        event.preventDefault()
        commit()
      },
    }),
    getStepperProps: () => ({
      label: `Количество: ${line.product.header}`,
      value: state.text,
      onInput: (text: string) => send({ type: 'line.input', lineId, text }),
      onCommit: commit,
      onIncrement: () => send({ type: 'line.step', lineId, delta: 1 }),
      onDecrement: () => send({ type: 'line.step', lineId, delta: -1 }),
    }),
    getRemoveProps: () => ({
      type: 'button' as const,
      'aria-label': `Удалить: ${line.product.header}`,
      onClick: () => send({ type: 'line.remove', lineId }),
    }),
    /** «Не достаточно свободных остатков на складе» beside the line, or null */
    overStock: state.isOverStock ? { text: BASKET_PAGE_MESSAGES.overStock, onClose: () => send({ type: 'notice.dismiss' }) } : null,
  }
}

export type CartLineApi = ReturnType<typeof connectLine>

/** The view-model of one line; a new one only when its own state changes. */
export function useCartLineApi(basket: BasketActor, line: BasketLine): CartLineApi {
  const state = useSelector(basket, (snapshot) => cartLineStateOf(snapshot, line), shallowEqual)
  return useMemo(() => connectLine(state, line, (event) => basket.send(event)), [state, line, basket])
}
