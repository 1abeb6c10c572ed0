import type { Page } from '@playwright/test'
import { signIn } from './support/cabinet-shell'
import { stockedProducts } from './support/cart-page'
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

test('a dialog whose code does not arrive says so over the page, and «Повторить» loads and opens it', async ({ page, checkA11y }) => {
  await signIn(page, user)
  const [product] = stockedProducts(1, 5, 200, 1)
  const id = await placeOrderThroughApi(page, [{ id: product!.id, qnt: 1, wms: 1 }])
  placed.push(id)
  const orders = new OrdersPage(page)
  await orders.open()
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
