import { WAREHOUSES } from '../../server/db/seed-catalogue'
import { CartPage, CheckoutForm, fillBasket, stockedProducts } from './support/cart-page'
import { signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { groupMapOpener, pickupMapOpener, WarehouseMapDialog } from './support/warehouse-map-dialog'

test.describe.configure({ timeout: 90_000 })

// ООО «ТеплоДом»'s dealer, whose basket cart.spec.ts also uses: the test starts from its own basket
const dealer = DEMO.otherDealer.email

test('warehouse map: from a group heading and from the pickup delivery, address, schedule, picture, Esc', async ({ page, checkA11y }) => {
  await signIn(page, dealer)
  const [moscow, petersburg] = [WAREHOUSES[0]!, WAREHOUSES[1]!]
  const [first] = stockedProducts(moscow.id, 2, 40, 1)
  const [second] = stockedProducts(petersburg.id, 2, 40, 1)
  await fillBasket(page, [
    { id: first!.id, qnt: 1, wms: moscow.id },
    { id: second!.id, qnt: 1, wms: petersburg.id },
  ])
  const cart = new CartPage(page)
  await cart.open()

  // from the heading of a warehouse's lines
  const fromGroup = groupMapOpener(page, petersburg.header)
  await fromGroup.click()
  const petersburgMap = new WarehouseMapDialog(page, petersburg.header)
  await petersburgMap.expectShown(petersburg)
  await expect(petersburgMap.close).toBeFocused()
  await checkA11y(page)
  await page.keyboard.press('Escape')
  await expect(petersburgMap.dialog).toBeHidden()
  await expect(fromGroup).toBeFocused()

  // from the delivery selector: one map per warehouse the basket holds lines from, when picking up
  const checkout = new CheckoutForm(page)
  await expect(pickupMapOpener(page, moscow.header)).toHaveCount(0)
  await checkout.method.selectOption('1')
  await expect(pickupMapOpener(page, petersburg.header)).toBeVisible()
  const fromPickup = pickupMapOpener(page, moscow.header)
  await fromPickup.click()
  const moscowMap = new WarehouseMapDialog(page, moscow.header)
  await moscowMap.expectShown(moscow)
  await page.keyboard.press('Escape')
  await expect(moscowMap.dialog).toBeHidden()
  await expect(fromPickup).toBeFocused()

  // «Закрыть» closes it too
  await fromPickup.click()
  await moscowMap.expectShown(moscow)
  await moscowMap.close.click()
  await expect(moscowMap.dialog).toBeHidden()
})
