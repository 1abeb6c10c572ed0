import type { Page, Route } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { OrderRow } from '../../src/contract/orders'
import { ORDER_REPEAT_MESSAGES } from '../../src/machines/order-repeat.machine'
import { ADDED, CANCEL_REFUSED, CANCELLED, REPEAT_FAILED, cancelPaths, repeatPaths } from '../support/order-paths'
import { signIn } from './support/cabinet-shell'
import { clearBasket, stockedProducts } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { cancelOrderThroughApi, OrdersPage, ordersThroughApi, placeOrderThroughApi } from './support/orders-page'

test.describe.configure({ timeout: 180_000 })

const user = DEMO.dealer.email
type Path = ReturnType<typeof cancelPaths>[number]
type Machine = 'orderCancel' | 'orderRepeat'

const describePath = (path: Path) =>
  path.steps
    .slice(1)
    .map((step) => step.event.type)
    .join(' → ') || '(initial)'

/**
 * Holds each POST /api/order/ until the path's outcome event answers it, with the outcome the
 * model test used (the real order stays as it is, so every path starts from the same order).
 */
async function holdOrderActions(page: Page) {
  const held: Route[] = []
  await page.route(
    (url) => url.pathname === '/api/order/',
    (route) => (route.request().method() === 'POST' ? void held.push(route) : route.continue()),
  )
  return async (status: number, json: unknown) => {
    await expect.poll(() => held.length, { message: 'the page posts to /api/order/' }).toBeGreaterThan(0)
    await held.shift()!.fulfill({ status, json })
  }
}

/** What the dealer sees in each state of the two dialog machines. */
async function expectShown(orders: OrdersPage, order: OrderRow, state: AnyMachineSnapshot, machine: Machine): Promise<void> {
  const dialogs = orders.page.getByRole('alertdialog')
  if (state.matches('confirming')) await expect(orders.cancelDialog.getByRole('button', { name: 'Отменить заказ', exact: true })).toBeEnabled()
  else if (state.matches('cancelling')) await expect(orders.cancelDialog.getByRole('button', { name: 'Отменить заказ', exact: true })).toBeDisabled()
  else if (state.matches('repeating')) await expect(orders.page.getByRole('status').filter({ hasText: ORDER_REPEAT_MESSAGES.repeating })).toBeVisible()
  else if (state.matches({ repeated: 'added' })) {
    await expect(orders.addedDialog).toContainText(`Добавлено товаров - ${ADDED.count} шт.`)
    // each short line with what went in of it
    await expect(orders.addedDialog.getByRole('listitem')).toHaveText([/добавлено 2 из 3 шт\.$/, /не добавлен — свободного остатка нет, нужно 4 шт\.$/])
  } else if (state.matches({ repeated: 'noStock' })) await expect(orders.noStockDialog).toContainText('Невозможно повторить заказ. Товаров нет в наличии!')
  else if (state.matches('failed') && machine === 'orderCancel') await expect(orders.cancelFailedDialog).toContainText(CANCEL_REFUSED)
  else if (state.matches('failed')) await expect(orders.repeatFailedDialog).toContainText(REPEAT_FAILED)
  else {
    await expect(dialogs).toHaveCount(0)
    await expect(orders.stateBadge(order.id)).toHaveText(state.matches('cancelled') ? 'Отменён' : 'Новый')
  }
}

async function dispatch(orders: OrdersPage, order: OrderRow, event: AnyEventObject, answer: (status: number, json: unknown) => Promise<void>) {
  switch (event.type) {
    case 'cancel.confirm':
      return orders.confirmCancel(String(event.comment))
    case 'dialog.close':
      return orders.closeDialog()
    case 'xstate.done.actor.cancelOrder':
      return answer(200, { order: { ...order, state: CANCELLED.state, status: CANCELLED.status } })
    case 'xstate.error.actor.cancelOrder':
      return answer(409, { message: CANCEL_REFUSED })
    case 'xstate.done.actor.repeatOrder':
      return answer(200, event.output)
    case 'xstate.error.actor.repeatOrder':
      return answer(404, { message: REPEAT_FAILED })
    default:
      throw new Error(`no dealer action for ${event.type}`)
  }
}

for (const [machine, paths, open] of [
  ['orderCancel', cancelPaths(), (orders: OrdersPage, id: number) => orders.cancel(id)],
  ['orderRepeat', repeatPaths(), (orders: OrdersPage, id: number) => orders.repeat(id)],
] as const) {
  test(`${machine} paths replayed in the browser`, async ({ page }) => {
    await signIn(page, user)
    const [product] = stockedProducts(1, 3, 200, 1)
    const id = await placeOrderThroughApi(page, [{ id: product!.id, qnt: 1, wms: 1 }])
    const order = (await ordersThroughApi(page)).orders.find((each) => each.id === id)!
    const answer = await holdOrderActions(page)
    const orders = new OrdersPage(page)
    try {
      for (const [index, path] of paths.entries()) {
        await test.step(`path ${index + 1}: ${describePath(path)}`, async () => {
          await orders.open()
          await open(orders, id)
          for (const step of path.steps) {
            if (step.event.type !== 'xstate.init') await dispatch(orders, order, step.event, answer)
            await expectShown(orders, order, step.state, machine)
          }
        })
      }
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await cancelOrderThroughApi(page, id)
      await clearBasket(page)
    }
  })
}
