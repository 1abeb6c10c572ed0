import type { Page } from '@playwright/test'
import { BASKET_MESSAGES } from '../../src/contract/basket'
import { formatCount, formatMoney, PRODUCT_FORMS } from '../../src/views/ui/format'
import { COMPANIES } from '../../server/db/seed-customers-data'
import { signIn } from './support/cabinet-shell'
import { CartPage, CheckoutForm, fillBasket, ordersData, serverBasket, stockedProducts } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { draftsData, removeDraftThroughApi, SaveDraftDialog } from './support/drafts-page'
import { expect, test } from './support/fixtures'
import { cancelOrderThroughApi } from './support/orders-page'

test.describe.configure({ timeout: 90_000 })

// ООО «ТеплоДом»'s dealer: no other spec touches this basket
const dealer = DEMO.otherDealer.email

/** Signs the dealer in with one line in the basket, 2 units of a product with 6 to 40 free, and opens the basket. */
async function openBasketOfOneLine(page: Page) {
  await signIn(page, dealer)
  const [product] = stockedProducts(1, 6, 40, 1)
  await fillBasket(page, [{ id: product!.id, qnt: 2, wms: 1 }])
  const cart = new CartPage(page)
  await cart.open()
  return { product: product!, cart, line: cart.line(product!.header) }
}

test('basket page: lines by warehouse, edits in place under the stock rules, header and page agree, clear', async ({ page, checkA11y }) => {
  const shell = await signIn(page, dealer)
  const [first, second] = stockedProducts(1, 4, 40, 2)
  const [other] = stockedProducts(2, 3, 40, 1)
  await fillBasket(page, [
    { id: first!.id, qnt: 2, wms: 1 },
    { id: second!.id, qnt: 1, wms: 1 },
    { id: other!.id, qnt: 1, wms: 2 },
  ])

  // the header's summary is a link to the basket, and both show the same figures
  await page.reload()
  await shell.basketSummary.getByRole('link').click()
  await expect(page).toHaveURL(/\/cart\/$/)
  const cart = new CartPage(page)
  await expect(cart.heading).toBeVisible()
  const expectFigures = async () => {
    const basket = await serverBasket(page)
    const lines = formatCount(basket.stats.count.products, PRODUCT_FORMS)
    await expect(shell.basketSummary).toHaveText(`Корзина: ${lines} на сумму ${formatMoney(basket.sum)}`)
    await expect(cart.totals).toHaveText(`Итого: ${lines}, ${basket.qnt} шт. на сумму ${formatMoney(basket.sum)}`)
    return basket
  }
  await expectFigures()
  await expect(page.getByRole('region', { name: /^Склад: / })).toHaveCount(2)
  await checkA11y(page)

  // leading zeros go; the sum follows; the server has it
  const line = cart.line(first!.header)
  await cart.setQuantity(first!.header, '003')
  await expect(line.quantity).toHaveValue('3')
  await cart.settled()
  let basket = await expectFigures()
  expect(Object.values(basket.products).find((each) => each.product.id === first!.id)?.qnt).toBe(3)

  // more than the warehouse holds: the spec's message, the field resets to the stock, which is saved
  await cart.setQuantity(first!.header, String(first!.quantity + 10))
  await expect(page.getByRole('alert')).toHaveText(new RegExp(BASKET_MESSAGES.overStock))
  await expect(line.quantity).toHaveValue(String(first!.quantity))
  await cart.settled()
  basket = await expectFigures()
  expect(Object.values(basket.products).find((each) => each.product.id === first!.id)?.qnt).toBe(first!.quantity)

  // not a number counts as 1; "−" never goes below 1; "+" adds one
  await cart.setQuantity(first!.header, 'abc')
  await expect(line.quantity).toHaveValue('1')
  await cart.settled()
  await line.decrement.click()
  await expect(line.quantity).toHaveValue('1')
  await line.increment.click()
  await expect(line.quantity).toHaveValue('2')
  await cart.settled()
  await expectFigures()

  // 0 removes the line; the remove button too; the warehouse with no line left goes
  await cart.setQuantity(second!.header, '0')
  await expect(cart.line(second!.header).row).toHaveCount(0)
  await cart.line(other!.header).remove.click()
  await expect(cart.line(other!.header).row).toHaveCount(0)
  await expect(page.getByRole('region', { name: /^Склад: / })).toHaveCount(1)
  await cart.settled()
  basket = await expectFigures()
  expect(basket.stats.count.products).toBe(1)

  // clearing asks first; "Отмена" keeps everything
  await cart.clear.click()
  const dialog = page.getByRole('alertdialog', { name: 'Очистить корзину?' })
  await dialog.getByRole('button', { name: 'Отмена' }).click()
  await expect(dialog).toBeHidden()
  await expect(line.row).toBeVisible()
  await cart.clear.click()
  await dialog.getByRole('button', { name: 'Очистить' }).click()
  await expect(cart.empty).toBeVisible()
  await expect(shell.basketSummary).toHaveText(`Корзина: 0 товаров на сумму ${formatMoney(0)}`)
  expect((await serverBasket(page)).stats.count.products).toBe(0)
})

test('basket page: nothing lost — a failed save rolls back and retries, a reload mid-edit, a second tab', async ({ page, context }) => {
  const { product, cart, line } = await openBasketOfOneLine(page)

  // the connection drops once: the line shows its saved quantity again, says so, and the retry saves
  let dropped = false
  await page.route('**/api/processBasketUpdate/', (route) => {
    if (dropped) return route.continue()
    dropped = true
    return route.abort('internetdisconnected')
  })
  await cart.setQuantity(product.header, '4')
  const failure = page.getByRole('alert').filter({ hasText: 'Количество не сохранено' })
  await expect(failure).toBeVisible()
  await expect(line.quantity).toHaveValue('2')
  await failure.getByRole('button', { name: 'Повторить' }).click()
  await expect(failure).toBeHidden()
  await expect(line.quantity).toHaveValue('4')
  await cart.settled()
  expect(Object.values((await serverBasket(page)).products)[0]?.qnt).toBe(4)

  // typed, then the page reloads before the field is left: the number survives and is saved
  await line.quantity.selectText()
  await line.quantity.pressSequentially('5')
  await page.reload()
  await expect(cart.line(product.header).quantity).toHaveValue('5')
  await cart.settled()
  await expect.poll(async () => Object.values((await serverBasket(page)).products)[0]?.qnt).toBe(5)

  // a second tab shows the change made in the first
  const second = await context.newPage()
  const secondCart = new CartPage(second)
  await secondCart.open()
  await expect(secondCart.line(product.header).quantity).toHaveValue('5')
  await cart.line(product.header).decrement.click()
  await cart.settled()
  await expect(secondCart.line(product.header).quantity).toHaveValue('4')
  await second.close()
})

test('Enter in a quantity saves it, as leaving the field does', async ({ page }) => {
  const { cart, line } = await openBasketOfOneLine(page)
  const saved = page.waitForResponse('**/api/processBasketUpdate/')
  await line.quantity.selectText()
  await line.quantity.pressSequentially('05')
  await line.quantity.press('Enter')
  expect((await saved).status()).toBe(200)
  await cart.settled()
  // the page did not reload or move, the field keeps the focus and shows the saved quantity
  await expect(line.quantity).toBeFocused()
  await expect(line.quantity).toHaveValue('5')
  expect(Object.values((await serverBasket(page)).products)[0]?.qnt).toBe(5)
  await expect(cart.totals).toContainText('5 шт.')
})

test('a quantity typed, then «Очистить корзину» at once: the click is kept, the question comes once the quantity is saved', async ({ page }) => {
  const { cart, line } = await openBasketOfOneLine(page)
  let release: () => void = () => {}
  await page.route('**/api/processBasketUpdate/', async (route) => {
    await new Promise<void>((resolve) => (release = resolve))
    await route.continue()
  })
  await line.quantity.selectText()
  await line.quantity.pressSequentially('4')
  await cart.clear.click()
  await expect(cart.status).toHaveText('Сохранение…')
  const question = cart.clearDialog
  await expect(question).toBeHidden()
  release()
  await expect(question).toBeVisible()
  // kept: the quantity typed before the click is the one saved
  await question.getByRole('button', { name: 'Отмена' }).click()
  await cart.settled()
  expect(Object.values((await serverBasket(page)).products)[0]?.qnt).toBe(4)
  await expect(line.quantity).toHaveValue('4')
})

test('a quantity typed, then «Сохранить как черновик» or «Оформить заказ» at once: the click opens its dialog, which waits for the save', async ({
  page,
}) => {
  const { cart, line } = await openBasketOfOneLine(page)
  // every quantity save waits until the test lets it go, as on a slow line
  const held: (() => void)[] = []
  await page.route('**/api/processBasketUpdate/', async (route) => {
    await new Promise<void>((resolve) => held.push(resolve))
    await route.continue()
  })
  const release = async () => {
    await expect.poll(() => held.length).toBe(1)
    held.shift()!()
  }

  // the draft: the click leaves the field (the save starts) and opens the dialog
  const save = new SaveDraftDialog(page)
  await line.quantity.selectText()
  await line.quantity.pressSequentially('4')
  await save.open.click()
  await expect(save.dialog).toBeVisible()
  await expect(cart.status).toHaveText('Сохранение…')
  const draftName = `Черновик с 4 шт. ${Date.now().toString(36)}`
  await save.name.fill(draftName)
  await save.save.click()
  // «Сохранить» waits for the quantity: nothing goes before it
  await expect(save.dialog.getByRole('button', { name: 'Сохранение…' })).toBeDisabled()
  await release()
  await expect(save.saved).toContainText(draftName)
  const draft = (await draftsData(page)).drafts.find((each) => each.header === draftName)
  expect(draft?.qnt).toBe(4)
  // spec §9: the "saved" message hides after 1.5 s
  await expect(save.saved).toBeHidden({ timeout: 5_000 })
  await removeDraftThroughApi(page, draft!.id)

  // the order: the same with «Оформить заказ»; the question shows the sum of the saved quantity
  const checkout = new CheckoutForm(page)
  await checkout.method.selectOption('1')
  await line.quantity.selectText()
  await line.quantity.pressSequentially('3')
  await checkout.place.click()
  await expect(cart.status).toHaveText('Сохранение…')
  await expect(checkout.confirm).toBeHidden()
  await release()
  await expect(checkout.confirm).toContainText(`3 шт. на сумму`)
  const basket = await serverBasket(page)
  expect(Object.values(basket.products)[0]?.qnt).toBe(3)
  await expect(checkout.confirm).toContainText(formatMoney(basket.sum))
  await checkout.confirm.getByRole('button', { name: 'Оформить' }).click()

  // the success first, with a link to the new order; the empty basket below it
  await expect(checkout.placed).toContainText(/Заказ №\d+ оформлен/)
  const number = Number(/№(\d+)/.exec((await checkout.placed.textContent()) ?? '')?.[1])
  await expect(cart.empty).toBeVisible()
  const [placedBox, emptyBox] = [await checkout.placed.boundingBox(), await cart.empty.boundingBox()]
  expect(placedBox!.y + placedBox!.height).toBeLessThanOrEqual(emptyBox!.y)
  const [order] = await ordersData(page)
  expect(order).toMatchObject({ id: number, sum: basket.sum })
  await checkout.placed.getByRole('link', { name: `Перейти к заказу №${number}` }).click()
  await expect(page).toHaveURL(new RegExp(`/cabinet/orders/\\?search_doc=${number}$`))
  await expect(
    page
      .getByRole('main')
      .getByRole('row')
      .filter({ hasText: String(number) })
      .first(),
  ).toBeVisible()
  await cancelOrderThroughApi(page, number)
})

test('basket page on a phone: lines as cards, the content never scrolls sideways', async ({ page }) => {
  await signIn(page, dealer)
  // on a phone the sidebar is a drawer, so sign in at the default width first
  await page.setViewportSize({ width: 390, height: 844 })
  const [product] = stockedProducts(1, 3, 40, 1)
  await fillBasket(page, [{ id: product!.id, qnt: 1, wms: 1 }])
  const cart = new CartPage(page)
  await cart.open()
  await expect(cart.line(product!.header).quantity).toBeVisible()
  // the lines are cards inside the content: nothing in it is wider than the content itself
  const overflow = await page.getByRole('main').evaluate((main) => main.scrollWidth - main.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})

test('placing the order: delivery defaults, what is missing, the order in the orders data, the basket empty', async ({ page, checkA11y }) => {
  await signIn(page, dealer)
  const [product] = stockedProducts(1, 5, 40, 1)
  await fillBasket(page, [{ id: product!.id, qnt: 2, wms: 1 }])
  const cart = new CartPage(page)
  await cart.open()
  const checkout = new CheckoutForm(page)
  // spec §9: delivery 3 (a transport company), to its terminal, region 1
  await expect(checkout.method).toHaveValue('3')
  await expect(checkout.section.getByLabel('Куда доставить')).toHaveValue('terminal')
  await expect(checkout.section.getByLabel('Регион')).toHaveValue('1')
  await checkout.place.click()
  await expect(checkout.alert).toHaveText('Выберите транспортную компанию')
  await checkout.company.selectOption({ label: 'ПЭК' })
  await checkout.place.click()
  await expect(checkout.alert).toHaveText('Выберите адрес доставки')
  await checkout.address.selectOption({ index: 1 })
  await checkA11y(page)
  // the dealer changes their mind: pickup needs no company and no address
  await checkout.method.selectOption('1')
  await expect(checkout.company).toHaveCount(0)
  await expect(checkout.address).toHaveCount(0)
  const basket = await serverBasket(page)
  await checkout.place.click()
  await expect(checkout.confirm).toContainText(formatMoney(basket.sum))
  await checkout.confirm.getByRole('button', { name: 'Отмена' }).click()
  await checkout.placeOrder()
  await expect(checkout.placed).toContainText(/Заказ №\d+ оформлен/)
  const number = Number(/№(\d+)/.exec((await checkout.placed.textContent()) ?? '')?.[1])
  await expect(cart.empty).toBeVisible()
  await expect(new CartPage(page).totals).toHaveCount(0)
  const orders = await ordersData(page)
  expect(orders[0]).toMatchObject({ id: number, sum: basket.sum })
})

test('two dealers order the last units: one gets them, the other is told and keeps a corrected basket', async ({ page, browser }) => {
  const [product] = stockedProducts(1, 2, 4, 1)
  await signIn(page, dealer)
  await fillBasket(page, [{ id: product!.id, qnt: product!.quantity, wms: 1 }])
  const rivalContext = await browser.newContext({ locale: 'ru-RU', timezoneId: 'Europe/Moscow' })
  const rival = await rivalContext.newPage()
  await signIn(rival, COMPANIES[1]!.manager.email)
  await fillBasket(rival, [{ id: product!.id, qnt: product!.quantity, wms: 1 }])

  for (const tab of [page, rival]) {
    await new CartPage(tab).open()
    await new CheckoutForm(tab).method.selectOption('1')
  }
  await new CheckoutForm(rival).placeOrder()
  await expect(new CheckoutForm(rival).placed).toBeVisible()

  const checkout = new CheckoutForm(page)
  await checkout.placeOrder()
  await expect(checkout.shortage).toContainText(BASKET_MESSAGES.overStock)
  await expect(checkout.shortage).toContainText(`заказано ${product!.quantity}, свободно 0 — строка удалена`)
  await expect(new CartPage(page).empty).toBeVisible()
  await rivalContext.close()
})
