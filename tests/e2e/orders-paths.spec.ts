/**
 * The orders machine's generated paths (tests/support/orders-paths.ts) replayed on
 * /cabinet/orders/, in three walks as in the model test: the list, the tab and the dialogs; the
 * selection against the list; the filter form. Each list the page asks for is held and answered
 * with the path's own: two of the company's orders, none, no connection, or a refusal (400). An
 * order's detail comes from the real server; the cancel and the repeats (one order's, the checked
 * orders') are answered by `page.route`, so the orders and the basket stay as they are. A hidden
 * tab is made by the page's visibilitychange event.
 *
 * Not replayed: a list arriving while the page does not wait for one (the 300 s reload and the
 * retry after a failure come by themselves), «Найти» and «Сбросить» with a valid form apart from
 * the address change they cause, an address with bad dates (a new page), and a row's controls
 * behind an open dialog.
 */
import type { Page } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { CANCELLABLE_ORDER_STATES, CANCELLED_ORDER_STATE, type OrderList } from '../../src/contract/orders'
import { ORDERS_MESSAGES, type OrdersContext } from '../../src/machines/orders.machine'
import { ADDED } from '../support/order-paths'
import { leafNodesOf } from '../support/browser-paths'
import { NO_SUCH_DAY, ordersBrowserPaths, REFUSAL, type OrdersAnswers } from '../support/orders-paths'
import { withoutBootAnswers } from './support/boot-answers'
import { signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { OrdersPage, ordersThroughApi } from './support/orders-page'
import { holdCalls, replayPaths, type HeldCalls } from './support/replay-paths'

test.describe.configure({ timeout: 240_000 })

const user = DEMO.dealer.email
const CALLS = { list: { path: '/api/order/', method: 'GET' } }

interface Handle {
  orders: OrdersPage
  calls: HeldCalls<keyof typeof CALLS>
}

/** Two of the company's orders, the first one cancellable, as the page's list. */
async function answersOf(page: Page): Promise<OrdersAnswers> {
  const all = await ordersThroughApi(page, '?dateselect=all&perpage=100')
  const first = all.orders.find((order) => CANCELLABLE_ORDER_STATES.includes(order.state))
  const second = all.orders.find((order) => order !== first)
  expect(first && second, 'the dealer has a cancellable order and another').toBeTruthy()
  const listOf = (orders: OrderList['orders']): OrderList => ({
    ...all,
    orders,
    count: orders.length,
    pagination: { page: 1, perpage: 10, pages: orders.length > 0 ? 1 : 0 },
  })
  return {
    two: listOf([first!, second!]),
    none: listOf([]),
    cancelled: { ...first!, state: CANCELLED_ORDER_STATE, status: 'Отменён 26.11.2026: дубль заказа' },
    repeated: ADDED,
  }
}

/** The states each walk must show, region by region. */
const LEAVES = {
  dialogs: [
    'list.live.loading',
    'list.live.shown.orders',
    'list.live.shown.empty',
    'list.live.failed',
    'list.refused',
    'visibility.visible',
    'visibility.hidden',
    'action.idle',
    'action.cancelling',
    'action.repeating',
  ],
  selection: ['list.live.loading', 'list.live.shown.orders', 'selection.none', 'selection.some', 'selection.repeatingCodeLoading', 'selection.repeating'],
  form: ['form.valid', 'form.invalid'],
}

for (const walk of ['dialogs', 'selection', 'form'] as const) {
  test(`orders paths replayed in the browser (${walk}): every transition a dealer can take`, async ({ page }) => {
    await signIn(page, user)
    const answers = await answersOf(page)
    const paths = ordersBrowserPaths(answers, walk)
    await withoutBootAnswers(page)
    // the cancel and the repeat answer at once, as the server would, without changing anything
    await page.route(/\/api\/order\/$/, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      const { action } = route.request().postDataJSON() as { action: string }
      await route.fulfill({ json: action === 'cancel' ? { order: answers.cancelled } : answers.repeated })
    })

    const reached = await replayPaths(`orders (${walk})`, paths, {
      start: async () => {
        const calls = await holdCalls(page, CALLS, {}, { matchInBrowser: true })
        const orders = new OrdersPage(page)
        await page.goto('/cabinet/orders/')
        return { orders, calls }
      },
      act,
      expectShown,
      finish: ({ calls }) => calls.release(),
    })
    const leaves = new Set([...reached].flatMap((value) => leafNodesOf(JSON.parse(value))))
    expect([...leaves].sort()).toEqual(expect.arrayContaining(LEAVES[walk]))
  })
}

const setVisibility = (page: Page, value: 'visible' | 'hidden') =>
  page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value })
    document.dispatchEvent(new Event('visibilitychange'))
  }, value)

async function act({ orders, calls }: Handle, event: AnyEventObject): Promise<unknown> {
  const { page } = orders
  const dialog = page.getByRole('alertdialog')
  switch (event.type) {
    case 'poll.data':
      return calls.fulfill('list', 200, event.data)
    case 'poll.failed':
      if (event.status === REFUSAL.status) return calls.fulfill('list', REFUSAL.status, { message: REFUSAL.message })
      return calls.abort('list')
    case 'filter.edit':
      return orders.filter.getByLabel('Дата с').fill(String(event.value))
    case 'filter.apply':
      return orders.filter.getByRole('button', { name: 'Найти' }).click()
    case 'selection.repeat':
      return page.getByRole('button', { name: 'Повторить выбранные' }).click()
    case 'poll.paused':
      return setVisibility(page, 'hidden')
    case 'poll.resumed':
      return setVisibility(page, 'visible')
    case 'filter.change':
      return orders.applyFilter({ period: 'За всё время' })
    case 'list.retry':
      return page.getByRole('main').getByRole('button', { name: 'Повторить', exact: true }).click()
    case 'order.toggleDetail':
      return orders.toggleDetail(event.id as number)
    case 'selection.toggle':
      return orders.checkbox(event.id as number).click()
    case 'selection.all':
      return orders.checkAll.click()
    case 'selection.clear':
      return page.getByRole('button', { name: 'Снять выбор' }).click()
    case 'order.cancel':
      return orders.cancel((event.order as { id: number }).id)
    case 'order.repeat':
      return orders.repeat((event.order as { id: number }).id)
    case 'xstate.done.actor.orderCancel':
      if ((event.output as { order: unknown }).order === null) return dialog.getByRole('button', { name: 'Не отменять' }).click()
      return orders.confirmCancel('')
    case 'xstate.done.actor.loadBulkCode':
    case 'xstate.done.actor.loadOrderActionCode':
      // the bulk repeat's code, and one order's cancel and repeat's, arrive by themselves after the press
      return undefined
    case 'xstate.done.actor.orderRepeat':
    case 'xstate.done.actor.bulkRepeat':
      return page.getByRole('dialog').or(dialog).getByRole('button', { name: 'Закрыть' }).click()
    default:
      throw new Error(`${event.type}: not an event a dealer causes on /cabinet/orders/`)
  }
}

/** What the dealer sees: the list (loading, the rows, none, the failure), the pause, the selection bar, the open rows and the dialog. */
async function expectShown({ orders }: Handle, state: AnyMachineSnapshot): Promise<void> {
  const { page } = orders
  const context = state.context as OrdersContext
  const where = `in ${JSON.stringify(state.value)}`
  const main = page.getByRole('main')
  const rows = context.result?.orders ?? []
  if (state.matches({ list: 'refused' })) {
    await expect(main.getByText(ORDERS_MESSAGES.refused), where).toBeVisible()
    await expect(main.getByText(/Следующая попытка/), where).toHaveCount(0)
  } else if (state.matches({ list: { live: 'failed' } })) await expect(main.getByRole('button', { name: 'Повторить', exact: true }), where).toBeVisible()
  else if (state.matches({ list: { live: { shown: 'empty' } } })) await expect(main.getByText(ORDERS_MESSAGES.empty), where).toBeVisible()
  else if (context.result === null) await expect(main.getByText(ORDERS_MESSAGES.loading).first(), where).toBeVisible()
  else {
    await expect(orders.table.locator('tbody > tr[aria-label]'), where).toHaveCount(rows.length)
    await expect(main.locator('[aria-busy]', { has: orders.table }), where).toHaveAttribute('aria-busy', String(state.matches({ list: { live: 'loading' } })))
    const first = rows[0]
    if (first?.state === CANCELLED_ORDER_STATE) await expect(orders.row(first.id), where).toContainText(first.status)
    for (const id of context.expanded) await expect(page.getByRole('table', { name: `Состав заказа № ${id}`, exact: true }), where).toBeVisible()
  }
  await expect(main.getByText(ORDERS_MESSAGES.paused), where).toHaveCount(state.matches({ visibility: 'hidden' }) ? 1 : 0)
  const listHidden =
    state.matches({ list: { live: 'failed' } }) ||
    state.matches({ list: 'refused' }) ||
    state.matches({ list: { live: { shown: 'empty' } } }) ||
    context.result === null
  const formError = orders.filter.getByRole('alert')
  if (state.matches({ form: 'invalid' })) await expect(formError, where).toContainText(NO_SUCH_DAY)
  else await expect(formError, where).toHaveCount(0)
  // the bar stays behind the dialog of «Повторить выбранные»
  if (!state.matches({ selection: 'none' }) && !listHidden)
    await expect(orders.selectionBar, where).toHaveText(new RegExp(`^Выбрано: ${context.selected.length}`))
  else await expect(orders.selectionBar, where).toHaveCount(0)
  const anyDialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
  // while the bulk repeat's code (or one order's cancel and repeat's) loads, its spinner or (once it came) its dialog shows
  if (
    state.matches({ selection: 'repeatingCodeLoading' }) ||
    state.matches({ action: 'cancellingCodeLoading' }) ||
    state.matches({ action: 'repeatingCodeLoading' })
  )
    return
  if (state.matches({ action: 'idle' }) && !state.matches({ selection: 'repeating' })) await expect(anyDialog, where).toHaveCount(0)
  else await expect(anyDialog.first(), where).toBeVisible()
}
