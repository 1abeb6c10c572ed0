import type { SnapshotFrom } from 'xstate'
import { BASKET_KEY, sectionClosedMessage } from '../../contract/menu'
import type { PricelistProduct } from '../../contract/pricelist'
import { allChosen, chosenTotals, isSelectable, isShortOnStock, stockOf, type ChosenFile } from '../../machines/pricelist-rules'
import { PRICELIST_PAGE_MESSAGES, type PricelistActor, type PricelistEvent, type pricelistMachine } from '../../machines/pricelist.machine'
import { formMessageOf, isAddFailedOf, isPricelistModalOpenOf, overStockLineOf, pricelistBusyOf, pricelistStepOf } from '../../machines/pricelist.selectors'
import { formatCount, formatInteger, formatMoney, PRODUCT_FORMS, type WordForms } from '../ui/format'
import { useViewModel } from '../ui/use-view-model'

type PricelistSnapshot = SnapshotFrom<typeof pricelistMachine>
type Send = (event: PricelistEvent) => void

const ROW_FORMS: WordForms = { one: 'строка', few: 'строки', many: 'строк' }

/** What the price-list screen reads from its machine: flat, so equal states compare shallowly equal. */
const pricelistStateOf = (snapshot: PricelistSnapshot) => ({
  busy: pricelistBusyOf(snapshot),
  isModalOpen: isPricelistModalOpenOf(snapshot),
  step: pricelistStepOf(snapshot),
  fileMessage: formMessageOf(snapshot, 'file'),
  textMessage: formMessageOf(snapshot, 'text'),
  isAddFailed: isAddFailedOf(snapshot),
  overStockLine: overStockLineOf(snapshot),
  wms: snapshot.context.wms,
  text: snapshot.context.text,
  answer: snapshot.context.answer,
  lines: snapshot.context.lines,
  refused: snapshot.context.refused,
  addedCount: snapshot.context.addedCount,
  errorMessage: snapshot.context.errorMessage,
})

export type PricelistState = ReturnType<typeof pricelistStateOf>

/** What the page says where the account's basket is closed (issue 21, item 12): a list it reads could not be added. */
export const PRICELIST_BASKET_CLOSED = {
  text: `${sectionClosedMessage(BASKET_KEY)}: товары из прайс-листа нельзя добавить в корзину.`,
  hint: 'Доступ к разделам открывает основная учётная запись вашей компании.',
} as const

/**
 * The price-list screen's view-model (as the catalogue's `connect`): the two forms, then the
 * selection modal. Where the account's basket is closed the screen does not run at all (the page
 * shows PRICELIST_BASKET_CLOSED instead).
 */
function connectState(state: PricelistState, send: Send) {
  const { busy, wms, text, errorMessage } = state
  const isDisabled = busy !== null
  const formMessageProps = (shown: PricelistState['fileMessage']) => ({ shown, title: PRICELIST_PAGE_MESSAGES.readFailed, message: errorMessage })
  return {
    isModalOpen: state.isModalOpen,
    /** the label of the request running, null while none runs */
    loadingLabel: busy === null ? null : busy === 'file' ? 'Загрузка файла…' : 'Распознавание текста…',
    getWarehouseSelectProps: () => ({
      value: String(wms),
      disabled: isDisabled,
      onChange: (event: { currentTarget: { value: string } }) => send({ type: 'warehouse.select', wms: Number(event.currentTarget.value) }),
    }),
    isFormDisabled: isDisabled,
    uploadFile: (file: ChosenFile | null) => send({ type: 'file.upload', file }),
    fileButtonLabel: busy === 'file' ? 'Загрузка…' : 'Загрузить',
    fileMessage: formMessageProps(state.fileMessage),
    getTextAreaProps: () => ({
      value: text,
      disabled: isDisabled,
      onChange: (event: { currentTarget: { value: string } }) => send({ type: 'text.input', text: event.currentTarget.value }),
    }),
    submitText: () => send({ type: 'text.submit' }),
    textButtonLabel: busy === 'text' ? 'Распознавание…' : 'Распознать',
    textMessage: formMessageProps(state.textMessage),
    dialog: connectDialog(state, send),
  }
}

/** The selection modal: the recognised products to tick and count, the rows not recognised, then the refused lines. */
function connectDialog(state: PricelistState, send: Send) {
  const { step, answer, lines, overStockLine, refused, addedCount, errorMessage } = state
  const isBusy = step === 'adding'
  const products = answer?.products ?? []
  const unmatched = answer?.unmatched ?? []
  const totals = chosenTotals(lines, products)
  const close = () => send({ type: 'modal.close' })
  return {
    step,
    isBusy,
    title: step === 'refused' ? 'Не все товары добавлены в корзину' : 'Товары из списка',
    /** Escape and a click outside close it, except while the products are being added */
    onDismiss: isBusy ? undefined : close,
    hasAnswer: answer !== null,
    products,
    unmatched,
    unmatchedTitle: `Не распознаны: ${formatCount(unmatched.length, ROW_FORMS)}`,
    addError: state.isAddFailed ? { title: PRICELIST_PAGE_MESSAGES.addFailed, message: errorMessage } : null,
    getToggleAllProps: () => ({
      checked: allChosen(lines, products),
      disabled: isBusy || !products.some(isSelectable),
      onChange: () => send({ type: 'lines.toggleAll' }),
    }),
    totalsText: `Выбрано: ${formatCount(totals.count, PRODUCT_FORMS)}, ${formatInteger(totals.qnt)} шт. на сумму ${formatMoney(totals.sum)}`,
    getAddButtonProps: () => ({ isDisabled: isBusy || totals.count === 0, onPress: () => send({ type: 'cart.add' }) }),
    addButtonLabel: isBusy ? 'Добавление…' : 'Добавить в корзину',
    getCancelButtonProps: () => ({ isDisabled: isBusy, onPress: close }),
    /** one recognised product's row: null while the answer has no line for it */
    lineOf: (product: PricelistProduct) => {
      const id = String(product.id)
      const line = lines[id]
      if (!line) return null
      const isOverStock = overStockLine === id
      const short = isShortOnStock(product)
      return {
        id,
        isSelected: line.selected,
        isSelectable: isSelectable(product),
        price: formatMoney(product.price),
        stock: formatInteger(stockOf(product)),
        getCheckboxProps: () => ({
          'aria-label': `Выбрать: ${product.header}`,
          checked: line.selected,
          disabled: isBusy || !isSelectable(product),
          onChange: () => send({ type: 'line.toggle', id }),
        }),
        getStepperProps: () => ({
          label: `Количество: ${product.header}`,
          value: line.text,
          isDisabled: isBusy,
          onInput: (text: string) => send({ type: 'line.input', id, text }),
          onCommit: () => send({ type: 'line.commit', id }),
          onIncrement: () => send({ type: 'line.step', id, delta: 1 }),
          onDecrement: () => send({ type: 'line.step', id, delta: -1 }),
        }),
        /** the stock notice under the row: the one just cut to the stock (an alert, dismissable) or a list's quantity over the stock */
        notice:
          isOverStock || short
            ? {
                isAlert: isOverStock,
                text: `${PRICELIST_PAGE_MESSAGES.overStock}${short ? `: в списке ${formatInteger(product.qnt)} шт. (строка ${product.row}), свободно ${formatInteger(stockOf(product))}` : ''}`,
                onDismiss: isOverStock ? () => send({ type: 'notice.dismiss' }) : null,
              }
            : null,
      }
    },
    refusedLines: refused.map((line) => ({
      key: `${line.id}-${line.wms}`,
      text: `${line.header} (${line.articul}): запрошено ${formatInteger(line.requested)}, свободно ${formatInteger(line.available)}`,
    })),
    refusedTitle: `${PRICELIST_PAGE_MESSAGES.overStock}. Эти товары не добавлены:`,
    addedText: `Добавлено в корзину: ${formatCount(addedCount, PRODUCT_FORMS)}.`,
    getCartButtonProps: () => ({ onPress: () => send({ type: 'cart.open' }) }),
    getCloseButtonProps: () => ({ onPress: close }),
  }
}

export const connect = (snapshot: PricelistSnapshot, send: Send) => connectState(pricelistStateOf(snapshot), send)

export type PricelistApi = ReturnType<typeof connectState>
export type PricelistDialogApi = PricelistApi['dialog']

export const usePricelistApi = (pricelist: PricelistActor): PricelistApi => useViewModel(pricelist, pricelistStateOf, connectState)
