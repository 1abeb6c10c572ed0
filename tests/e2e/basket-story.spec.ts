import { BASKET_MESSAGES } from '../../src/contract/basket'
import { signIn } from './support/cabinet-shell'
import { CartPage, CheckoutForm, clearBasket, ordersData, serverBasket } from './support/cart-page'
import { COMPANIES } from '../../server/db/seed-customers-data'
import { DraftsPage, SaveDraftDialog } from './support/drafts-page'
import { expect, test } from './support/fixtures'
import { PricelistPage, productsWithArticul } from './support/pricelist-page'
import { ProductCardDialog } from './support/product-card'

test.describe.configure({ timeout: 120_000 })

// ООО «ТеплоДом»'s manager, whose basket the other specs only fill after emptying it
const user = COMPANIES[1]!.manager.email

test('one story: catalogue and a pasted price list fill the basket, the stock limit, delivery, a draft, clear, repeat the draft, place the order', async ({
  page,
}) => {
  // products with plenty of stock, apart from the ones the other specs pick
  const [fromCatalogue, fromList, another] = productsWithArticul(1, 300, 1_000_000, 3)
  const shell = await signIn(page, user)
  await clearBasket(page)

  // 1. from the catalogue: the product card's «В корзину»
  await page.goto(`/cabinet/?product=${fromCatalogue!.id}`)
  const card = new ProductCardDialog(page)
  await card.shown()
  const adder = card.basketOf(fromCatalogue!.header)
  await adder.addQuantity('2')
  await expect(adder.popup).toBeVisible()
  await expect(shell.basketSummary).toContainText('Корзина: 1 товар')

  // 2. from a pasted price list: two more products
  const pricelist = new PricelistPage(page)
  await pricelist.open()
  await pricelist.paste(`${fromList!.articul};3\n${another!.articul};1`)
  await expect(pricelist.dialog).toBeVisible()
  await pricelist.addToCart.click()
  await expect(page).toHaveURL(/\/cart\/$/)
  const cart = new CartPage(page)
  await expect(cart.line(fromList!.header).quantity).toHaveValue('3')
  await expect(cart.line(fromCatalogue!.header).quantity).toHaveValue('2')
  await expect(shell.basketSummary).toContainText('Корзина: 3 товара')

  // 3. the stock limit: more than the warehouse has is refused and reset to the stock, then lowered again
  await cart.setQuantity(another!.header, String(another!.quantity + 50))
  await expect(cart.notice).toContainText(BASKET_MESSAGES.overStock)
  await expect(cart.line(another!.header).quantity).toHaveValue(String(another!.quantity))
  await cart.settled()
  await cart.dismissNotice()
  await cart.setQuantity(another!.header, '1')
  await cart.settled()

  // 4. delivery: pickup from the warehouse instead of the default transport company
  const checkout = new CheckoutForm(page)
  await expect(checkout.method).toHaveValue('3')
  await checkout.method.selectOption('1')

  // 5. save a draft, 6. clear the basket
  const draftName = `История ${Date.now().toString(36)}`
  const save = new SaveDraftDialog(page)
  await save.open.click()
  await save.name.fill(draftName)
  await save.save.click()
  await expect(save.saved).toContainText(draftName)
  await cart.askToClear()
  await cart.answerClear(true)
  await expect(cart.empty).toBeVisible()
  await expect(shell.basketSummary).toContainText('Корзина: 0 товаров')

  // 7. repeat the draft: all three goods come back
  const drafts = new DraftsPage(page)
  await drafts.open()
  await drafts.repeat(draftName)
  await expect(drafts.addedDialog).toContainText('Добавлено товаров - 3 шт.')
  await drafts.addedDialog.getByRole('link', { name: 'В корзину' }).click()
  await expect(page).toHaveURL(/\/cart\/$/)
  await expect(cart.line(fromList!.header).quantity).toHaveValue('3')
  await expect(cart.line(another!.header).quantity).toHaveValue('1')

  // 8. place the order (pickup again: the delivery choice belongs to the page, not the draft)
  const basket = await serverBasket(page)
  expect(basket.stats.count.products).toBe(3)
  await checkout.method.selectOption('1')
  await checkout.placeOrder()
  await expect(checkout.placed).toContainText(/Заказ №\d+ оформлен/)
  const number = Number(/№(\d+)/.exec((await checkout.placed.textContent()) ?? '')?.[1])
  await expect(cart.empty).toBeVisible()

  // 9. the order is in the orders data, with the basket's sum
  const [latest] = await ordersData(page)
  expect(latest).toMatchObject({ id: number, sum: basket.sum })
})
