import type { SnapshotFrom } from 'xstate'
import { ORDER_PERIODS, orderExportPath, type OrderRow } from '../../contract/orders'
import { ORDER_PERIOD_LABELS, orderRowTexts, ordersCaptionOf } from '../../contract/orders-list-view'
import { ORDER_ACTION_CODE_MESSAGES, orderActionCodeStatusOf } from '../../machines/order-action-code'
import type { OrderDetailActor } from '../../machines/order-detail.machine'
import { countdownLabel, filterError, filterErrorField, type OrdersFilterField } from '../../machines/orders-filter'
import { orderDetailId, ORDERS_MESSAGES, type OrdersActor, type OrdersEvent, type ordersMachine } from '../../machines/orders.machine'
import { isOrdersBulkBusyOf, isOrdersBusyOf, isOrdersFormInvalidOf, isOrdersPausedOf, ordersViewOf } from '../../machines/orders.selectors'
import { isPastLastPage } from '../ui/pagination'
import { connectSelection } from '../ui/selection-connect'
import { useBasketViewModel } from '../product/use-basket-view-model'
import { useViewModel } from '../ui/use-view-model'

type OrdersSnapshot = SnapshotFrom<typeof ordersMachine>
type Send = (event: OrdersEvent) => void

/** What the orders screen reads from its machine: flat, so equal states compare shallowly equal. */
export const ordersStateOf = (snapshot: OrdersSnapshot) => ({
  view: ordersViewOf(snapshot),
  isBusy: isOrdersBusyOf(snapshot),
  isBulkBusy: isOrdersBulkBusyOf(snapshot),
  actionCode: orderActionCodeStatusOf(snapshot),
  isPaused: isOrdersPausedOf(snapshot),
  isFormInvalid: isOrdersFormInvalidOf(snapshot),
  filter: snapshot.context.filter,
  draft: snapshot.context.draft,
  filterErrorMessage: snapshot.context.filterErrorMessage,
  result: snapshot.context.result,
  errorMessage: snapshot.context.errorMessage,
  retryInMs: snapshot.context.retryInMs,
  selected: snapshot.context.selected,
  expanded: snapshot.context.expanded,
  /** the children (the countdown, a dialog, the open rows' details); a new map only when one starts or stops */
  children: snapshot.children,
})

export type OrdersState = ReturnType<typeof ordersStateOf>

/** The body: the error (or refusal), the address's wrong dates, past the last page, the empty notice, the first load, or the list. */
type OrdersBody = 'failed' | 'invalidFilter' | 'pastLastPage' | 'empty' | 'firstLoad' | 'list'

function bodyOf({ view, result, filter }: OrdersState): OrdersBody {
  if (view === 'failed' || view === 'refused') return 'failed'
  if (view === 'invalidFilter') return 'invalidFilter'
  if (view === 'empty') return result && isPastLastPage(filter.page, result.pagination.pages) ? 'pastLastPage' : 'empty'
  return result ? 'list' : 'firstLoad'
}

/** « Следующая попытка через 600 с.» after the server's message, while the poll waits to try again. */
export const retryTextOf = (retryInMs: number | null) => (retryInMs ? ` Следующая попытка через ${Math.ceil(retryInMs / 1000)} с.` : '')

/** The orders screen's view-model (as the catalogue's `connect`): the list, its filter, the countdown, the rows and the dialog. */
function connectState(state: OrdersState, send: Send, canFillBasket: boolean) {
  const { view, result, filter, errorMessage, retryInMs } = state
  const isLoading = view === 'loading'
  const countdown = state.children.countdown
  return {
    body: bodyOf(state),
    page: filter.page,
    pages: result?.pagination.pages ?? 0,
    isLoading,
    /** «Найдено: 12 заказов» («более 1 010 заказов» where a search stopped counting), or the loading label while the next list loads */
    caption: isLoading || !result ? ORDERS_MESSAGES.loading : ordersCaptionOf(result),
    /** a failure says when the poll tries again; a refusal (a 4xx) only the server's message */
    getRetryProps: () => ({
      title: view === 'refused' ? ORDERS_MESSAGES.refused : ORDERS_MESSAGES.loadFailed,
      message: `${errorMessage ?? ''}${retryTextOf(retryInMs)}`,
      onRetry: () => send({ type: 'list.retry' }),
    }),
    /** the address names dates that cannot be asked: why, and nothing was requested */
    invalidFilter: { title: ORDERS_MESSAGES.invalidFilter, hint: filterError(filter) ?? '' },
    /** the line beside the title: the pause while the tab is hidden, the time left (the countdown child), or nothing yet */
    countdown: state.isPaused
      ? { kind: 'paused' as const, text: ORDERS_MESSAGES.paused }
      : countdown
        ? { kind: 'running' as const, actor: countdown }
        : { kind: 'none' as const },
    filterForm: connectFilterForm(state, send),
    table: connectTable(state, send, canFillBasket),
    /** the dialog of the order being cancelled or repeated (each its own child machine), or the wait for their code, or its failure */
    dialog: dialogOf(state, send),
    /** the dialog of «Повторить выбранные» (its own child machine) */
    bulkDialog: state.children.bulkRepeat ?? null,
  }
}

function dialogOf({ actionCode, children }: OrdersState, send: Send) {
  if (actionCode === 'loading') return { kind: 'codeLoading' as const, label: ORDER_ACTION_CODE_MESSAGES.loading }
  if (actionCode === 'failed')
    return { kind: 'codeFailed' as const, text: ORDER_ACTION_CODE_MESSAGES.failed, onClose: () => send({ type: 'orderAction.close' }) }
  if (children.orderCancel) return { kind: 'cancel' as const, actor: children.orderCancel }
  return children.orderRepeat ? { kind: 'repeat' as const, actor: children.orderRepeat } : { kind: 'none' as const }
}

const ERROR_ID = 'orders-filter-error'

/**
 * Spec §3 Order filter, as typed (the machine's draft): typing a date chooses «За период»;
 * «Найти» checks the dates (the message under the form, the wrong date marked) and then the
 * address follows; «Сбросить» goes back to the defaults.
 */
function connectFilterForm({ draft, result, isFormInvalid, filterErrorMessage }: OrdersState, send: Send) {
  const states = result?.states ?? []
  const wrongField = isFormInvalid ? filterErrorField(draft) : null
  const isPeriodWrong = isFormInvalid && wrongField === null
  const value = (field: OrdersFilterField) => String(draft[field])
  return {
    getFormProps: () => ({
      'aria-label': 'Фильтр заказов',
      noValidate: true,
      onSubmit: (event: { preventDefault: () => void }) => {
        event.preventDefault()
        send({ type: 'filter.apply' })
      },
    }),
    /** a field's value and its change; a wrong date is marked and points at the message */
    getFieldProps: (field: OrdersFilterField) => {
      const isWrong = wrongField === field || (isPeriodWrong && (field === 'start_date' || field === 'end_date'))
      return {
        name: field,
        value: value(field),
        onChange: (event: { currentTarget: { value: string } }) => send({ type: 'filter.edit', field, value: event.currentTarget.value }),
        'aria-invalid': isWrong || undefined,
        'aria-describedby': isWrong ? ERROR_ID : undefined,
      }
    },
    /** the dates' message under the form, while «Найти» found them wrong */
    error: isFormInvalid && filterErrorMessage ? { id: ERROR_ID, text: filterErrorMessage } : null,
    periodOptions: ORDER_PERIODS.map((period) => ({ value: period, label: ORDER_PERIOD_LABELS[period] })),
    stateOptions: states.map((each) => ({ value: String(each.id), label: each.header })),
    getResetProps: () => ({ onPress: () => send({ type: 'filter.reset' }) }),
  }
}

/** The table's checkboxes, its rows (what each cell says) and their buttons; no «Повторить» where the basket is closed (issue 21, item 12). */
function connectTable({ result, selected, expanded, isBusy, isBulkBusy, children }: OrdersState, send: Send, canFillBasket: boolean) {
  const orders = result?.orders ?? []
  return {
    orders,
    /** the check-all box, the row boxes and the bar: «Повторить выбранные» and «Выгрузить в XLSX» */
    selection: connectSelection({
      ids: orders.map((order) => order.id),
      selected,
      allLabel: 'Выбрать все заказы страницы',
      rowLabel: (id) => `Выбрать заказ № ${id}`,
      isBusy: isBulkBusy,
      send,
      actions: [
        ...(canFillBasket
          ? [
              {
                kind: 'button' as const,
                key: 'repeat',
                label: 'Повторить выбранные',
                isPrimary: true,
                isDisabled: isBusy || isBulkBusy,
                onPress: () => send({ type: 'selection.repeat' }),
              },
            ]
          : []),
        { kind: 'link', key: 'export', label: 'Выгрузить в XLSX', href: orderExportPath(selected), download: true },
      ],
    }),
    /** what a row shows, and whether it is checked or open */
    rowOf: (order: OrderRow) => ({
      ...orderRowTexts(order, result),
      isSelected: selected.includes(order.id),
      isExpanded: expanded.includes(order.id),
      detailId: `order-detail-${order.id}`,
      /** «Повторить» puts the order's lines into the basket: not where the basket is closed */
      canRepeat: canFillBasket,
    }),
    /** the number opens or closes the row's detail */
    getExpandProps: (order: OrderRow) => ({
      type: 'button' as const,
      'aria-expanded': expanded.includes(order.id),
      'aria-controls': `order-detail-${order.id}`,
      'aria-label': `Состав заказа № ${order.id}`,
      onClick: () => send({ type: 'order.toggleDetail', id: order.id }),
    }),
    getRepeatProps: (order: OrderRow) => ({
      isDisabled: isBusy || isBulkBusy,
      'aria-label': `Повторить заказ № ${order.id}`,
      onPress: () => send({ type: 'order.repeat', order }),
    }),
    getCancelProps: (order: OrderRow) => ({
      isDisabled: isBusy,
      'aria-label': `Отменить заказ № ${order.id}`,
      onPress: () => send({ type: 'order.cancel', order }),
    }),
    /** an open row's detail (the child `detail-{id}`) */
    detailOf: (id: number): OrderDetailActor | undefined => children[orderDetailId(id)],
  }
}

/** `canFillBasket`: the shell's access state (false where the account's basket is closed). */
export const connect = (snapshot: OrdersSnapshot, send: Send, canFillBasket = true) => connectState(ordersStateOf(snapshot), send, canFillBasket)

export type OrdersApi = ReturnType<typeof connectState>
export type OrdersTableApi = OrdersApi['table']

export const useOrdersApi = (orders: OrdersActor): OrdersApi => useBasketViewModel(orders, ordersStateOf, connectState)

type CountdownActor = NonNullable<OrdersState['children']['countdown']>

/** The countdown child's milliseconds left (none before its first tick). */
export const countdownStateOf = (snapshot: SnapshotFrom<CountdownActor>) => ({ left: snapshot.context as number | undefined })

/** "Обновление через 4:59": the time left as m:ss, null before the first tick. */
export const connectCountdown = ({ left }: ReturnType<typeof countdownStateOf>) => ({ label: left === undefined ? null : countdownLabel(left) })

export const useCountdownApi = (countdown: CountdownActor) => useViewModel(countdown, countdownStateOf, connectCountdown)
