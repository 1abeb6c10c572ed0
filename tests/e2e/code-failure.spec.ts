import type { Page } from '@playwright/test'
import { signIn } from './support/cabinet-shell'
import { CataloguePage } from './support/catalogue-page'
import { clearBasket, stockedProducts } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { cancelOrderThroughApi, OrdersPage, placeOrderThroughApi } from './support/orders-page'

const user = DEMO.dealer.email
const placed: number[] = []

test.afterEach(async ({ page }) => {
  for (const id of placed.splice(0)) await cancelOrderThroughApi(page, id)
})

/** Refuses the build's chunk whose name starts with `name` (as a lost connection or a replaced release would) until the switch is turned back. */
async function failChunk(page: Page, name: string): Promise<{ restore: () => void }> {
  let failing = true
  await page.route(new RegExp(`/assets/${name}-[^/.]+\\.js$`), (route) => (failing ? route.abort('internetdisconnected') : route.continue()))
  return { restore: () => (failing = false) }
}

/** Signs in, places an order (cancelled after the test) and opens the orders page. */
async function openOrdersWithNewOrder(page: Page): Promise<{ id: number; orders: OrdersPage }> {
  await signIn(page, user)
  const [product] = stockedProducts(1, 5, 200, 1)
  const id = await placeOrderThroughApi(page, [{ id: product!.id, qnt: 1, wms: 1 }])
  placed.push(id)
  const orders = new OrdersPage(page)
  await orders.open()
  return { id, orders }
}

test('a dialog whose code does not arrive says so over the page, and «Повторить» loads and opens it', async ({ page, checkA11y }) => {
  const { id, orders } = await openOrdersWithNewOrder(page)
  const chunk = await failChunk(page, 'order-dialogs')

  await page.getByRole('button', { name: `Отменить заказ № ${id}`, exact: true }).click()
  const failed = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить часть страницы' })
  await expect(failed).toBeVisible()
  await expect(failed).toContainText('Проверьте подключение к интернету и нажмите «Повторить».')
  await expect(orders.cancelDialog).toBeHidden()
  // the page around it still works
  await expect(orders.table).toBeVisible()
  await checkA11y(page)

  chunk.restore()
  await failed.getByRole('button', { name: 'Повторить' }).click()
  await expect(orders.cancelDialog).toBeVisible()
  await expect(failed).toBeHidden()
  await orders.closeDialog()
  await expect(orders.stateBadge(id)).toHaveText('Новый')
})

test("an order's cancel whose machine does not arrive says so; «Закрыть» leaves the order, and the next press opens the dialog", async ({
  page,
  checkA11y,
}) => {
  const { id, orders } = await openOrdersWithNewOrder(page)
  const chunk = await failChunk(page, 'order-cancel.machine')
  const cancel = page.getByRole('button', { name: `Отменить заказ № ${id}`, exact: true })

  await cancel.click()
  const failed = page.getByRole('alert').filter({ hasText: 'Не удалось открыть действие с заказом. Проверьте соединение и попробуйте ещё раз.' })
  await expect(failed).toBeVisible()
  await expect(orders.cancelDialog).toBeHidden()
  await checkA11y(page)
  await failed.getByRole('button', { name: 'Закрыть' }).click()
  await expect(failed).toBeHidden()
  await expect(orders.stateBadge(id)).toHaveText('Новый')

  chunk.restore()
  await cancel.click()
  await expect(orders.cancelDialog).toBeVisible()
  await orders.closeDialog()
  await expect(orders.stateBadge(id)).toHaveText('Новый')
})

test('a section whose code does not arrive shows «Не удалось показать страницу»; «Обновить страницу» opens it', async ({ page }) => {
  await signIn(page, user)
  const chunk = await failChunk(page, 'orders-route')
  await page.getByRole('navigation', { name: 'Меню кабинета' }).getByRole('link', { name: 'Заказы' }).click()
  const failed = page.getByRole('alert').filter({ hasText: 'Не удалось показать страницу' })
  await expect(failed).toBeVisible()
  await expect(failed).toContainText('Проверьте подключение к интернету и обновите страницу.')

  chunk.restore()
  await failed.getByRole('button', { name: 'Обновить страницу' }).click()
  await expect(new OrdersPage(page).table).toBeVisible()
})

/** The first catalogue row's add-to-basket form, and what it says once its «В корзину» was taken (the line added, or too little stock). */
function firstAdder(catalogue: CataloguePage) {
  const form = catalogue.rows.first().getByRole('form')
  const taken = form
    .getByRole('status')
    .filter({ hasText: 'Товар добавлен в корзину' })
    .or(form.getByRole('alert').filter({ hasText: 'Не достаточно свободных остатков на складе' }))
  return { form, button: form.getByRole('button', { name: 'В корзину' }), taken }
}

test('«В корзину» pressed while the adding code still loads waits for it and is not lost', async ({ page }) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/add-to-basket-[^/.]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  const catalogue = new CataloguePage(page)
  await catalogue.open()
  await clearBasket(page)
  const adder = firstAdder(catalogue)

  await adder.button.click()
  await expect(adder.form.getByRole('status')).toHaveText('Готовим добавление в корзину…')
  await expect(adder.button).toBeDisabled()

  release()
  await expect(adder.taken).toBeVisible()
  await clearBasket(page)
})

test('«В корзину» whose adding code does not arrive says so under the product; «Повторить» takes the same click', async ({ page, checkA11y }) => {
  const chunk = await failChunk(page, 'add-to-basket')
  const catalogue = new CataloguePage(page)
  await catalogue.open()
  await clearBasket(page)
  const adder = firstAdder(catalogue)

  await adder.button.click()
  const failed = adder.form.getByRole('alert').filter({ hasText: 'Не удалось подготовить добавление в корзину' })
  await expect(failed).toHaveText('Не удалось подготовить добавление в корзину. Проверьте соединение и попробуйте ещё раз. Повторить')
  await expect(adder.button).toBeEnabled()
  await checkA11y(page)

  chunk.restore()
  await failed.getByRole('button', { name: 'Повторить' }).click()
  await expect(adder.taken).toBeVisible()
  await expect(failed).toBeHidden()
  await clearBasket(page)
})
