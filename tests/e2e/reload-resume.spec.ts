import { signIn } from './support/cabinet-shell'
import { ActsPage, actsData } from './support/acts-page'
import { CartPage, clearBasket, fillBasket, serverBasket, stockedProducts } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { SaveDraftDialog } from './support/drafts-page'
import { expect, test } from './support/fixtures'

test.describe.configure({ timeout: 90_000 })

// ООО «ТеплоДом»'s main account: its acts and basket; the basket is emptied again at the end
const user = DEMO.otherDealer.email

test('a reload in the middle of an act request opens the request again as it was typed; once closed, it stays closed', async ({ page }) => {
  await signIn(page, user)
  const acts = new ActsPage(page)
  await acts.open()
  const { contracts } = await actsData(page)
  const contract = contracts.at(-1)!

  await acts.requestButton.click()
  const dialog = acts.dialog
  await expect(dialog.root).toBeVisible()
  await dialog.contract.selectOption(contract.id)
  const end = await dialog.end.inputValue()
  const start = `01.${end.slice(3)}`
  await dialog.typeDate(dialog.start, start)

  await page.reload()
  await expect(acts.heading).toBeVisible()
  await expect(dialog.root).toBeVisible()
  await expect(dialog.contract).toHaveValue(contract.id)
  await expect(dialog.contragent).toHaveValue(contract.contragent_id)
  await expect(dialog.start).toHaveValue(start)
  await expect(dialog.end).toHaveValue(end)
  // it is the same form, still going: a bad period is refused as before the reload
  await dialog.typeDate(dialog.start, end)
  await dialog.submit.click()
  await expect(dialog.alert).toContainText('Ошибка во временных периодах')

  await dialog.cancel.click()
  await expect(dialog.root).toBeHidden()
  await page.reload()
  await expect(acts.heading).toBeVisible()
  await expect(acts.requestButton).toBeEnabled()
  await expect(dialog.root).toBeHidden()
})

test('a reload in the middle of a basket edit keeps the typed quantity and saves it; the draft name being typed comes back too', async ({ page }) => {
  await signIn(page, user)
  const [product] = stockedProducts(1, 6, 40, 1)
  await fillBasket(page, [{ id: product!.id, qnt: 2, wms: 1 }])
  const cart = new CartPage(page)
  await cart.open()
  const line = cart.line(product!.header)
  await expect(line.quantity).toHaveValue('2')

  // the save of the typed quantity is held: the page reloads before the server has it
  let held = 0
  await page.route('**/api/processBasketUpdate/', () => void held++)
  await cart.setQuantity(product!.header, '5')
  await expect.poll(() => held).toBe(1)
  await page.unroute('**/api/processBasketUpdate/')
  await page.reload()

  await expect(cart.heading).toBeVisible()
  await expect(line.quantity).toHaveValue('5')
  await cart.settled()
  await expect.poll(async () => Object.values((await serverBasket(page)).products).find((each) => each.product.id === product!.id)?.qnt).toBe(5)

  // the draft's name dialog: open with a name typed, reloaded, open again with that name
  const draft = new SaveDraftDialog(page)
  await draft.open.click()
  await expect(draft.dialog).toBeVisible()
  await draft.name.fill('Перед перезагрузкой')
  await page.reload()
  await expect(draft.dialog).toBeVisible()
  await expect(draft.name).toHaveValue('Перед перезагрузкой')
  await draft.cancel.click()
  await expect(draft.dialog).toBeHidden()
  await page.reload()
  await expect(cart.heading).toBeVisible()
  await expect(line.quantity).toHaveValue('5')
  await expect(draft.dialog).toBeHidden()

  await clearBasket(page)
})
