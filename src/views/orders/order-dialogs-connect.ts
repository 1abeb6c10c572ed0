import type { SnapshotFrom } from 'xstate'
import type { RefusedLine } from '../../contract/product-set'
import { ORDER_CANCEL_MESSAGES, type OrderCancelActor, type OrderCancelEvent, type orderCancelMachine } from '../../machines/order-cancel.machine'
import { orderCancelStepOf, orderRepeatStepOf } from '../../machines/order-dialogs.selectors'
import { ORDER_REPEAT_MESSAGES, type OrderRepeatActor, type OrderRepeatEvent, type orderRepeatMachine } from '../../machines/order-repeat.machine'
import { formatInteger, formatMoney } from '../ui/format'
import { useViewModel } from '../ui/use-view-model'

/** What the cancel dialog reads from its child machine. */
export const orderCancelStateOf = (snapshot: SnapshotFrom<typeof orderCancelMachine>) => ({
  step: orderCancelStepOf(snapshot),
  order: snapshot.context.order,
  errorMessage: snapshot.context.errorMessage,
})

/** The cancel dialog: the question with the order's sum and status and a comment, or the refusal. */
export function connectOrderCancel({ step, order, errorMessage }: ReturnType<typeof orderCancelStateOf>, send: (event: OrderCancelEvent) => void) {
  const close = () => send({ type: 'dialog.close' })
  if (step === 'failed') return { kind: 'failed' as const, title: ORDER_CANCEL_MESSAGES.failed, text: errorMessage, onClose: close }
  const isBusy = step === 'cancelling'
  return {
    kind: 'confirm' as const,
    title: ORDER_CANCEL_MESSAGES.question(order.id),
    /** «18 450,00 ₽, товаров: 3. Новый, ожидает подтверждения менеджером» */
    text: `${formatMoney(order.sum)}, товаров: ${formatInteger(order.count)}. ${order.status}`,
    isBusy,
    /** Escape and a click outside keep the order, except while the call runs */
    onClose: isBusy ? undefined : close,
    /** «Отменить заказ»: the comment typed in the form */
    confirm: (form: FormData) => send({ type: 'cancel.confirm', comment: String(form.get('comment') ?? '') }),
    getKeepProps: () => ({ isDisabled: isBusy, onPress: close }),
  }
}

export const useOrderCancelApi = (cancel: OrderCancelActor) => useViewModel(cancel, orderCancelStateOf, connectOrderCancel)

/** What the repeat dialog reads from its child machine. */
export const orderRepeatStateOf = (snapshot: SnapshotFrom<typeof orderRepeatMachine>) => ({
  step: orderRepeatStepOf(snapshot),
  result: snapshot.context.repeat,
  errorMessage: snapshot.context.errorMessage,
})

/** The repeat dialog: the loader while it runs, the count added (and what was not), none in stock, or the failure. */
export function connectOrderRepeat({ step, result, errorMessage }: ReturnType<typeof orderRepeatStateOf>, send: (event: OrderRepeatEvent) => void) {
  const close = () => send({ type: 'dialog.close' })
  if (step === 'repeating') return { kind: 'loading' as const, label: ORDER_REPEAT_MESSAGES.repeating }
  if (step === 'failed') return { kind: 'failed' as const, title: ORDER_REPEAT_MESSAGES.failed, text: errorMessage, onClose: close }
  const added = step === 'added'
  const short = added ? (result?.refused ?? []) : []
  return {
    kind: 'repeated' as const,
    title: added ? ORDER_REPEAT_MESSAGES.addedTitle : ORDER_REPEAT_MESSAGES.noStockTitle,
    text: added ? ORDER_REPEAT_MESSAGES.addedText(result?.count ?? 0) : ORDER_REPEAT_MESSAGES.noStockText,
    toBasket: added,
    /** the lines the stock could not cover in full, each with what went in; none when every line went in whole */
    shortTitle: ORDER_REPEAT_MESSAGES.shortTitle,
    shortLines: short.map((line) => ({ key: `${line.id}-${line.wms}`, name: line.header, text: shortLineText(line) })),
    onClose: close,
  }
}

/** «(арт. PF-800): добавлено 2 из 3 шт.», or none of it went in. */
const shortLineText = ({ articul, requested, available }: RefusedLine) =>
  available > 0
    ? `(арт. ${articul}): добавлено ${formatInteger(available)} из ${formatInteger(requested)} шт.`
    : `(арт. ${articul}): не добавлен — свободного остатка нет, нужно ${formatInteger(requested)} шт.`

export const useOrderRepeatApi = (repeat: OrderRepeatActor) => useViewModel(repeat, orderRepeatStateOf, connectOrderRepeat)
