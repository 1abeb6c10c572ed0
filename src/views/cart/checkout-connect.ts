import type { SnapshotFrom } from 'xstate'
import type { Warehouse } from '../../contract/account'
import type { BasketTableInit, DeliveryType } from '../../contract/delivery'
import { CHECKOUT_MESSAGES, type CheckoutActor, type CheckoutEvent, type checkoutMachine, type DeliveryForm } from '../../machines/checkout.machine'
import { checkoutNoticeOf, checkoutStepOf, checkoutViewOf, chosenMethodOf, deliveryFieldsOf } from '../../machines/checkout.selectors'
import { formatMoney } from '../ui/format'
import { useViewModel } from '../ui/use-view-model'

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>
type Send = (event: CheckoutEvent) => void

const CHECKOUT_LOADING_LABEL = 'Загрузка способов доставки…'
const TYPE_TITLES: Record<DeliveryType, string> = { terminal: 'До терминала транспортной компании', door: 'До двери' }

/** What the checkout panel reads from its machine: flat, so equal states compare shallowly equal. */
const checkoutStateOf = (snapshot: CheckoutSnapshot) => ({
  view: checkoutViewOf(snapshot),
  step: checkoutStepOf(snapshot),
  notice: checkoutNoticeOf(snapshot),
  method: chosenMethodOf(snapshot),
  options: snapshot.context.options,
  form: snapshot.context.form,
  missing: snapshot.context.missing,
  order: snapshot.context.order,
  shortages: snapshot.context.shortages,
  errorMessage: snapshot.context.errorMessage,
})

export type CheckoutState = ReturnType<typeof checkoutStateOf>

/**
 * The panel's body: loading, the loading failure, the placed order, the delivery form, or (when
 * an order refused for stock emptied the basket) only the shortage; nothing before the options.
 */
type CheckoutBody = 'loading' | 'loadFailed' | 'placed' | 'form' | 'shortage' | 'none'

function bodyOf({ view, order, options, notice }: CheckoutState, hasLines: boolean): CheckoutBody {
  if (view === 'placed') return order ? 'placed' : 'none'
  if (view !== 'form') return view
  if (!hasLines) return notice === 'shortage' ? 'shortage' : 'none'
  return options ? 'form' : 'none'
}

/** A select of the delivery form: its label, value, choices and the change it sends. */
export interface ChoiceProps {
  label: string
  value: string
  placeholder?: string
  choices: readonly { id: string; header: string }[]
  onChange: (value: string) => void
}

const NO_CHOICES: ChoiceProps['choices'] = []
const idText = (id: number | null) => (id === null ? '' : String(id))
const idOf = (value: string) => (value ? Number(value) : null)

/** The selects and the comment of the delivery form, each bound to its field. */
function connectFields(form: DeliveryForm, options: BasketTableInit | null, send: Send) {
  const change = (patch: Partial<DeliveryForm>) => send({ type: 'delivery.change', patch })
  return {
    getMethodProps: (): ChoiceProps => ({
      label: 'Способ доставки',
      value: form.method,
      choices: options?.delivery_methods ?? NO_CHOICES,
      onChange: (value) => change({ method: value }),
    }),
    getCompanyProps: (): ChoiceProps => ({
      label: 'Транспортная компания',
      value: form.company ?? '',
      placeholder: 'Выберите компанию',
      choices: options?.delivery_companies ?? NO_CHOICES,
      onChange: (value) => change({ company: value || null }),
    }),
    getTypeProps: (): ChoiceProps => ({
      label: 'Куда доставить',
      value: form.type,
      choices: Object.entries(TYPE_TITLES).map(([id, header]) => ({ id, header })),
      onChange: (value) => change({ type: value as DeliveryType }),
    }),
    getRegionProps: (): ChoiceProps => ({
      label: 'Регион',
      value: form.region,
      choices: options?.regions ?? NO_CHOICES,
      onChange: (value) => change({ region: value }),
    }),
    getAddressProps: (): ChoiceProps => ({
      label: 'Адрес доставки',
      value: idText(form.addressId),
      placeholder: 'Выберите адрес',
      choices: (options?.addresses ?? []).map((each) => ({ id: String(each.id), header: `${each.postindex}, ${each.full_address}` })),
      onChange: (value) => change({ addressId: idOf(value) }),
    }),
    getConsigneeProps: (): ChoiceProps => ({
      label: 'Грузополучатель',
      value: idText(form.consigneeId),
      placeholder: 'Не указан',
      choices: (options?.consignees ?? []).map((each) => ({ id: String(each.id), header: `${each.surname} ${each.name}` })),
      onChange: (value) => change({ consigneeId: idOf(value) }),
    }),
    getCommentProps: () => ({
      value: form.comment,
      maxLength: 1000,
      rows: 2,
      onChange: (event: { currentTarget: { value: string } }) => change({ comment: event.currentTarget.value }),
    }),
  }
}

/** The checkout panel's view-model (as the catalogue's `connect`): what the panel shows and the events it sends. */
function connectState(state: CheckoutState, send: Send) {
  const { view, step, notice, method, options, form, missing, order, shortages, errorMessage } = state
  const fields = deliveryFieldsOf(method)
  return {
    /** what the panel shows, given whether the basket still has lines */
    bodyFor: (hasLines: boolean) => bodyOf(state, hasLines),
    loadingLabel: CHECKOUT_LOADING_LABEL,
    getLoadFailedProps: () => ({ title: CHECKOUT_MESSAGES.loadFailed, message: errorMessage, onRetry: () => send({ type: 'checkout.retry' }) }),
    /** «Заказ №… оформлен на сумму …», its status and the link to it in the orders list, once placed */
    placed:
      view === 'placed' && order
        ? {
            title: `Заказ №${order.id} оформлен на сумму ${formatMoney(order.sum)}`,
            status: `Статус: ${order.status}. Товары зарезервированы на складе.`,
            orderLink: { label: `Перейти к заказу №${order.id}`, search: { search_doc: String(order.id) } },
          }
        : null,
    /** which fields the chosen method asks for */
    fields,
    ...connectFields(form, options, send),
    /** the warehouses whose maps «Откуда забрать» offers: all of them for pickup, none otherwise */
    pickupOpenersOf: (warehouses: readonly Warehouse[]) =>
      fields.pickup ? warehouses.map((warehouse) => ({ warehouse, label: `Схема проезда: ${warehouse.header}` })) : [],
    /** what is missing before the order can go («Выберите адрес доставки» …), or null */
    missing: notice === 'incomplete' ? missing : null,
    /** the lines the stock could not cover, while the refusal is shown */
    shortage:
      notice === 'shortage' && shortages.length > 0
        ? {
            text: `${CHECKOUT_MESSAGES.overStock}. Количество в корзине уменьшено до свободного остатка:`,
            lines: shortages.map((each) => ({
              key: each.line_id,
              text: `${each.header} (${each.articul}): заказано ${each.requested}, свободно ${each.available}${each.available === 0 ? ' — строка удалена' : ''}`,
            })),
          }
        : null,
    /** «Заказ не оформлен» with the reason and «Повторить», or null */
    placeFailed:
      notice === 'failed' ? { title: CHECKOUT_MESSAGES.placeFailed, message: errorMessage, onRetry: () => send({ type: 'checkout.retry' }) } : null,
    /**
     * «Оформить заказ»: pressed while a quantity is being saved (the press left its field), the question
     * waits for the save; waits while the order is being confirmed or placed
     */
    getPlaceButtonProps: () => ({
      variant: 'primary' as const,
      isDisabled: step !== 'editing',
      onPress: () => send({ type: 'order.confirm' }),
      children: step === 'placing' ? 'Оформление…' : 'Оформить заказ',
    }),
    /** «Оформить заказ?» with the total and the method, while confirming or placing */
    confirmation:
      step === 'editing' || step === 'awaitingBasket'
        ? null
        : {
            title: CHECKOUT_MESSAGES.confirmQuestion,
            confirmLabel: 'Оформить',
            isBusy: step === 'placing',
            onConfirm: () => send({ type: 'order.place' }),
            onCancel: () => send({ type: 'order.cancel' }),
            methodTitle: method?.header ?? '',
          },
  }
}

export const connect = (snapshot: CheckoutSnapshot, send: Send) => connectState(checkoutStateOf(snapshot), send)

export type CheckoutApi = ReturnType<typeof connectState>

export const useCheckoutApi = (checkout: CheckoutActor): CheckoutApi => useViewModel(checkout, checkoutStateOf, connectState)
