/**
 * The checkout machine's generated paths (tests/support/checkout-paths.ts) replayed under the
 * basket on /cart/: the delivery options and the order go to the real server; a failed load or
 * order (503) and a shortage (409: another order took the stock first) are answered by
 * `page.route`, the call held until the path's step answers it.
 *
 * Not replayed: `checkout.dismiss` (the placed order and the failure have no «Закрыть» on the page,
 * so the two transitions it labels are never taken in the browser), and the paths that choose a
 * transport company while the method is pickup (its select is not shown then).
 */
import type { Page } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { BasketTableInit, PlaceOrderOutcome, StockShortage } from '../../src/contract/delivery'
import { CHECKOUT_MESSAGES, type CheckoutContext } from '../../src/machines/checkout.machine'
import { CHECKOUT_REFUSAL, checkoutBrowserPaths } from '../support/checkout-paths'
import { withoutBootAnswers } from './support/boot-answers'
import { signIn } from './support/cabinet-shell'
import { CartPage, CheckoutForm, clearBasket, fillBasket, ordersData, serverBasket, stockedProducts } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { cancelOrderThroughApi } from './support/orders-page'
import { holdCalls, replayPaths, type HeldCalls } from './support/replay-paths'

test.describe.configure({ timeout: 180_000 })

// ООО «ТеплоДом»'s main account: the specs that use its basket fill it first
const user = DEMO.otherDealer.email
const CALLS = { loadOptions: { path: '/api/getBasketTableInit/' }, placeOrder: { path: '/api/placeOrder/' } }

interface Handle {
  page: Page
  checkout: CheckoutForm
  calls: HeldCalls<keyof typeof CALLS>
  /** the orders before the path: the ones after it are the path's, cancelled at its end */
  ordersBefore: Set<number>
}

test('checkout paths replayed in the browser: every transition a dealer can take', async ({ page }) => {
  await signIn(page, user)
  const [product] = stockedProducts(1, 5, 40, 1)
  const lines = [{ id: product!.id, qnt: 2, wms: 1 }]
  await fillBasket(page, lines)
  const line = Object.values((await serverBasket(page)).products)[0]!
  const shortage: StockShortage = {
    line_id: line.id,
    product_id: line.product.id,
    wms: line.wms,
    header: line.product.header,
    articul: line.product.articul,
    requested: line.qnt,
    available: 1,
  }
  const options = (await (await page.request.get(CALLS.loadOptions.path)).json()) as BasketTableInit
  const paths = checkoutBrowserPaths(options, shortage)
  await withoutBootAnswers(page)

  const reached = await replayPaths('checkout', paths, {
    start: async () => {
      await fillBasket(page, lines)
      const ordersBefore = new Set((await ordersData(page)).map((order) => order.id))
      const calls = await holdCalls(page, CALLS)
      await page.goto('/cart/')
      return { page, checkout: new CheckoutForm(page), calls, ordersBefore }
    },
    act: (handle, event) => act(handle, event, shortage),
    expectShown: (handle, state) => expectShown(handle, state),
    finish: async ({ calls, ordersBefore }) => {
      await calls.release()
      for (const order of await ordersData(page)) if (!ordersBefore.has(order.id)) await cancelOrderThroughApi(page, order.id)
    },
  })
  await clearBasket(page)
  expect([...reached].sort()).toEqual(
    [
      '"loading"',
      '"loadFailed"',
      '{"editing":"ready"}',
      '{"editing":"incomplete"}',
      '{"editing":"shortage"}',
      '{"editing":"failed"}',
      '"awaitingBasket"',
      '"confirming"',
      '"placing"',
      '"placed"',
    ].sort(),
  )
})

const isPlaced = (output: unknown) => (output as PlaceOrderOutcome).outcome === 'placed'

async function act({ page, checkout, calls }: Handle, event: AnyEventObject, shortage: StockShortage) {
  switch (event.type) {
    case 'xstate.done.actor.loadOptions':
      return calls.pass('loadOptions')
    case 'xstate.error.actor.loadOptions':
      return calls.fulfill('loadOptions', 503, { message: CHECKOUT_REFUSAL })
    case 'xstate.done.actor.awaitBasketSaved':
      // nothing is being saved in the basket: the question comes by itself
      return
    case 'xstate.done.actor.placeOrder':
      if (isPlaced(event.output)) return calls.pass('placeOrder')
      return calls.fulfill('placeOrder', 409, { message: CHECKOUT_MESSAGES.overStock, shortages: [shortage], basket: { count: 1, sum: 100 } })
    case 'xstate.error.actor.placeOrder':
      return calls.fulfill('placeOrder', 503, { message: CHECKOUT_REFUSAL })
    case 'checkout.retry':
      return page.getByRole('alert').getByRole('button', { name: 'Повторить' }).click()
    case 'delivery.change': {
      const patch = event.patch as Partial<CheckoutContext['form']>
      if (patch.method) return checkout.method.selectOption(patch.method)
      return checkout.company.selectOption(String(patch.company))
    }
    case 'order.confirm':
      return checkout.place.click()
    case 'order.place':
      return checkout.confirm.getByRole('button', { name: 'Оформить' }).click()
    case 'order.cancel':
      return checkout.confirm.getByRole('button', { name: 'Отмена' }).click()
    default:
      throw new Error(`${event.type}: not an event a dealer causes on /cart/`)
  }
}

/** What the dealer sees under the basket in each state. */
async function expectShown({ page, checkout }: Handle, state: AnyMachineSnapshot) {
  const context = state.context as CheckoutContext
  const where = `in ${JSON.stringify(state.value)}`
  if (state.matches('loading')) return expect(page.getByRole('status').filter({ hasText: 'Загрузка способов доставки…' }), where).toBeVisible()
  // with nothing being saved in the basket this wait ends at once: the next step shows the question
  if (state.matches('awaitingBasket')) return
  if (state.matches('loadFailed')) return expect(page.getByRole('alert').filter({ hasText: CHECKOUT_MESSAGES.loadFailed }), where).toBeVisible()
  if (state.matches('placed')) {
    await expect(checkout.placed, where).toContainText(/Заказ №\d+ оформлен/)
    await expect(checkout.placed.getByRole('link', { name: /^Перейти к заказу №\d+$/ }), where).toBeVisible()
    return expect(new CartPage(page).empty, where).toBeVisible()
  }
  if (state.matches('confirming') || state.matches('placing')) {
    await expect(checkout.confirm, where).toBeVisible()
    return expect(checkout.confirm.getByRole('button', { name: 'Оформить' }), where).toBeEnabled({ enabled: state.matches('confirming') })
  }
  await expect(checkout.confirm, where).toBeHidden()
  await expect(checkout.method, where).toHaveValue(context.form.method)
  await expect(checkout.place, where).toBeEnabled()
  const failed = checkout.section.getByRole('alert').filter({ hasText: CHECKOUT_MESSAGES.placeFailed })
  await expect(failed, where).toBeVisible({ visible: state.matches({ editing: 'failed' }) })
  await expect(checkout.shortage, where).toBeVisible({ visible: state.matches({ editing: 'shortage' }) })
  if (state.matches({ editing: 'incomplete' })) await expect(checkout.alert, where).toHaveText(context.missing ?? '')
  if (state.matches({ editing: 'ready' })) await expect(checkout.alert, where).toHaveCount(0)
}
