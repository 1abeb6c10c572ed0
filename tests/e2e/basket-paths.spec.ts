import type { Page, Route } from '@playwright/test'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { COMPANIES } from '../../server/db/seed-customers-data'
import type { BasketContext } from '../../src/machines/basket.machine'
import {
  BASKET_CALLS,
  basketBrowserPaths,
  basketStateValueCount,
  hasLine,
  overStockTextOf,
  showsNotice,
  type BasketCall,
  type BasketPath,
} from '../support/basket-paths'
import { withoutBootAnswers } from './support/boot-answers'
import { signIn } from './support/cabinet-shell'
import { CartPage, fillBasket, serverBasket, stockedProducts } from './support/cart-page'
import { expect, test } from './support/fixtures'

// ООО «ТеплоДом»'s manager: their own basket, which no other spec keeps anything in
const manager = COMPANIES[1]!.manager.email
const FAILED = { load: 'Не удалось загрузить корзину', save: 'Количество не сохранено', clear: 'Корзина не очищена' } as const
const SYNC_STATUS: Record<string, string> = { saving: 'Сохранение…' }

test.describe.configure({ timeout: 180_000 })

/**
 * Holds each basket call the page makes until the path's outcome event answers it: done lets it
 * through to the server, error answers 500 (the load, the clear) or drops the connection (a save).
 * A call the path never answers stays pending, so the page stays in the waiting state.
 *
 * Loads beyond the path's own (the page loading its basket again after a save, when it hears its
 * own "basket changed" announcement: see the report) go through at once.
 */
async function holdBasketCalls(page: Page, path: BasketPath) {
  const held: Record<BasketCall, Route[]> = { loadBasket: [], saveLine: [], clearBasket: [] }
  const loadsInPath = path.steps.filter((step) => /^xstate\.(done|error)\.actor\.loadBasket$/.test(step.event.type)).length
  let loadsToHold = loadsInPath + (path.state.matches('loading') ? 1 : 0)
  for (const [call, address] of Object.entries(BASKET_CALLS) as [BasketCall, string][]) {
    await page.route(
      (url) => url.pathname === address,
      (route) => {
        if (call === 'loadBasket' && loadsToHold-- <= 0) return void route.continue()
        held[call].push(route)
      },
    )
  }
  const next = async (call: BasketCall) => {
    await expect.poll(() => held[call].length, { message: `the page calls ${BASKET_CALLS[call]}` }).toBeGreaterThan(0)
    return held[call].shift()!
  }
  return {
    pass: async (call: BasketCall) => (await next(call)).continue(),
    fail: async (call: BasketCall) => {
      const route = await next(call)
      if (call === 'saveLine') await route.abort('internetdisconnected')
      else await route.fulfill({ status: 500, json: { message: 'Сервер временно недоступен' } })
    },
  }
}

test('basket paths replayed in the browser: one per state a dealer can reach', async ({ page: first, context }) => {
  await signIn(first, manager)
  const [product] = stockedProducts(1, 5, 40, 1)
  const [other] = stockedProducts(2, 3, 40, 1)
  const lines = [
    { id: product!.id, qnt: 2, wms: 1 },
    { id: other!.id, qnt: 1, wms: 2 },
  ]
  await fillBasket(first, lines)
  const data = await serverBasket(first)
  const lineId = Object.values(data.products).find((line) => line.product.id === product!.id)!.id
  const options = { data, lineId: String(lineId), contract: data.contract }
  const overStockText = overStockTextOf(options)
  const paths = basketBrowserPaths(options)
  await first.close()

  const reached = new Set<string>()
  let page: Page | null = null
  for (const [index, path] of paths.entries()) {
    await test.step(`path ${index + 1}: ${describePath(path)}`, async () => {
      // a fresh tab each time: what a tab keeps unsaved (session storage) starts empty
      await page?.close()
      page = await context.newPage()
      await fillBasket(page, lines)
      // the basket's first load goes over the network, to be held
      await withoutBootAnswers(page)
      const calls = await holdBasketCalls(page, path)
      const cart = new CartPage(page)
      for (const step of path.steps) {
        await replay(cart, calls, step.event, product!.header)
        await expectPageShows(cart, step.state, options.lineId, product!.header)
        reached.add(JSON.stringify(step.state.value))
      }
    })
  }
  await (page as Page | null)?.close()

  console.log(
    `basket paths in the browser: ${paths.length} paths replayed, reaching ${reached.size} of the machine's ${basketStateValueCount()} state values ` +
      `(over-stock typed as ${overStockText})`,
  )
  // every state a dealer can reach without another tab (refreshing is reached only from one)
  expect(reached.size).toBeGreaterThanOrEqual(basketStateValueCount() - 2)
})

const describePath = (path: BasketPath) =>
  `${path.steps
    .slice(1)
    .map((step) => step.event.type.replace('xstate.', ''))
    .join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`

/** Does on the page what makes the machine take this event. */
async function replay(cart: CartPage, calls: Awaited<ReturnType<typeof holdBasketCalls>>, event: AnyEventObject, header: string) {
  const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type)?.[1] as BasketCall | undefined
  const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type)?.[1] as BasketCall | undefined
  if (done) return calls.pass(done)
  if (failed) return calls.fail(failed)
  switch (event.type) {
    case 'xstate.init':
      return cart.page.goto('/cart/')
    case 'line.input':
      return cart.inputQuantity(header, String(event.text))
    case 'line.commit':
      return cart.commitQuantity(header)
    case 'line.step':
      return cart.stepQuantity(header, event.delta as 1 | -1)
    case 'line.remove':
      return cart.removeLine(header)
    case 'basket.clear':
      return cart.askToClear()
    case 'clear.confirm':
      return cart.answerClear(true)
    case 'clear.cancel':
      return cart.answerClear(false)
    case 'notice.dismiss':
      return cart.dismissNotice()
    case 'basket.retry':
      return cart.retry(await visibleFailure(cart))
    default:
      throw new Error(`${event.type}: not an event a dealer causes on /cart/`)
  }
}

async function visibleFailure(cart: CartPage): Promise<string> {
  for (const title of Object.values(FAILED)) if (await cart.failure(title).isVisible()) return title
  throw new Error('no error block with «Повторить» is shown')
}

/** What the page shows for the state the machine reached: the status, the dialog, the error, the notice, the line's quantity. */
async function expectPageShows(cart: CartPage, expected: AnyMachineSnapshot, lineId: string, header: string) {
  const context = expected.context as BasketContext
  const where = `in ${JSON.stringify(expected.value)}`
  if (expected.matches('loading')) {
    await expect(cart.page.getByRole('status').filter({ hasText: 'Загрузка корзины…' }), where).toBeVisible()
    return
  }
  if (expected.matches('loadFailed')) {
    await expect(cart.failure(FAILED.load), where).toBeVisible()
    return
  }
  const sync = ['idle', 'saving', 'saveFailed', 'confirmingClear', 'clearing', 'clearFailed'].find((state) => expected.matches({ ready: { sync: state } }))!
  if (sync === 'confirmingClear' || sync === 'clearing') {
    // the dialog is modal: the page behind it is hidden from assistive technology (and from getByRole)
    await expect(cart.clearDialog, where).toBeVisible()
    await expect(cart.clearDialog.getByRole('button', { name: 'Очистить' }), where).toBeEnabled({ enabled: sync === 'confirmingClear' })
    return
  }
  await expect(cart.clearDialog, where).toBeHidden()
  await expect(cart.status, where).toHaveText(SYNC_STATUS[sync] ?? '')
  await expect(cart.failure(FAILED.save), where).toBeVisible({ visible: sync === 'saveFailed' })
  await expect(cart.failure(FAILED.clear), where).toBeVisible({ visible: sync === 'clearFailed' })
  await expect(cart.notice, where).toBeVisible({ visible: showsNotice(expected) })
  if (hasLine(expected, lineId)) {
    await expect(cart.line(header).quantity, where).toHaveValue(context.texts[lineId] ?? String(context.data!.products[lineId]!.qnt))
  } else {
    await expect(cart.line(header).row, where).toHaveCount(0)
  }
  if (Object.keys(context.data?.products ?? {}).length === 0) await expect(cart.empty, where).toBeVisible()
}
