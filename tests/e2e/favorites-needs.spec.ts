import type { Page } from '@playwright/test'
import { formatCount, formatMoney, PRODUCT_FORMS } from '../../src/views/ui/format'
import { signIn, type CabinetShell } from './support/cabinet-shell'
import { clearBasket, serverBasket, stockedProducts } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { clearMarks, markedGoodsData, MarkedGoodsPage, setNeed, setWish } from './support/favorites-page'
import { expect, test } from './support/fixtures'
import { Pagination } from './support/pagination'

test.describe.configure({ timeout: 90_000 })

// ООО «СтройМаркет»'s manager: its basket is emptied before and after, its marks are this spec's own
const user = DEMO.manager.email

/** The header's summary says what the server's basket holds. */
async function expectHeaderAgrees(page: Page, shell: CabinetShell): Promise<void> {
  const basket = await serverBasket(page)
  await expect(shell.basketSummary).toHaveText(`Корзина: ${formatCount(basket.stats.count.products, PRODUCT_FORMS)} на сумму ${formatMoney(basket.sum)}`)
}

let shell: CabinetShell

test.beforeEach(async ({ page }) => {
  shell = await signIn(page, user)
  await clearBasket(page)
  await clearMarks(page)
})

test.afterEach(async ({ page }) => {
  await clearBasket(page)
  await clearMarks(page)
})

test('favourites: two wished products, one added to the basket, its card opened, both taken off', async ({ page, checkA11y }) => {
  const [first, second] = stockedProducts(1, 5, 500, 2)
  await setWish(page, first!.id)
  await setWish(page, second!.id)
  const favorites = new MarkedGoodsPage(page, 'favorites')
  await favorites.open()
  await expect(favorites.rows).toHaveCount(2)
  await expect(favorites.total).toHaveText(`Найдено: ${formatCount(2, PRODUCT_FORMS)}`)
  // the price and the stock the server gives under the selected contract at the chosen warehouse
  const listed = (await markedGoodsData(page, 'favorites')).goods.find((product) => product.id === first!.id)!
  await expect(favorites.row(first!.header)).toContainText(formatMoney(listed.price))
  await expect(
    favorites
      .row(first!.header)
      .getByRole('list', { name: `Остатки: ${first!.header}` })
      .getByRole('listitem')
      .first(),
  ).toContainText(String(listed.quantity))
  await checkA11y(page)

  // «В корзину»: the header summary follows without a reload
  const adder = favorites.addToBasket(first!.header)
  await adder.addQuantity('2')
  await expect(adder.popup).toBeVisible()
  await expect.poll(async () => (await serverBasket(page)).stats.count.products).toBe(1)
  await expectHeaderAgrees(page, shell)

  // the name opens the product card
  await favorites.productLink(second!.header).click()
  const card = page.getByRole('dialog', { name: 'Карточка товара' })
  await expect(card.getByRole('heading', { name: second!.header })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(card).toBeHidden()

  await favorites.remove(second!.header).click()
  await expect(favorites.rows).toHaveCount(1)
  await expect(favorites.row(second!.header)).toHaveCount(0)
  expect((await markedGoodsData(page, 'favorites')).goods.map((product) => product.id)).toEqual([first!.id])
  await favorites.remove(first!.header).click()
  await expect(favorites.empty).toBeVisible()
  await checkA11y(page)
})

test('needs: a bad quantity keeps the saved one, a good one is saved and survives a reload; taken off, the list is empty', async ({ page, checkA11y }) => {
  const [needed] = stockedProducts(1, 5, 500, 1)
  await setNeed(page, needed!.id, 3)
  const needs = new MarkedGoodsPage(page, 'needs')
  await needs.open()
  await expect(needs.rows).toHaveCount(1)
  const need = needs.need(needed!.header)
  await expect(need.field).toHaveValue('3')

  for (const bad of ['0', '-2', '1,5', 'много', '1000001']) {
    await need.field.fill(bad)
    await need.field.press('Enter')
    await expect(need.invalid).toBeVisible()
    await expect(need.field).toHaveValue('3')
    await expect(need.field).toHaveAttribute('aria-invalid', 'true')
  }
  await checkA11y(page)
  expect((await markedGoodsData(page, 'needs')).goods.map((product) => product.need)).toEqual([3])

  await need.field.fill('12')
  await need.save.click()
  await expect(need.saved).toBeVisible()
  await expect(need.invalid).toHaveCount(0)
  await expect.poll(async () => (await markedGoodsData(page, 'needs')).goods.map((product) => product.need)).toEqual([12])
  await page.reload()
  await expect(needs.need(needed!.header).field).toHaveValue('12')

  // «В корзину» from the needs page too
  const adder = needs.addToBasket(needed!.header)
  await adder.add.click()
  await expect(adder.popup).toBeVisible()
  await expect.poll(async () => (await serverBasket(page)).stats.count.products).toBe(1)
  await expectHeaderAgrees(page, shell)

  await needs.remove(needed!.header).click()
  await expect(needs.empty).toBeVisible()
  expect((await markedGoodsData(page, 'needs')).count).toBe(0)
  await checkA11y(page)
})

test('20 per page: taking off the only product of page 2 goes back to page 1, and the address follows', async ({ page }) => {
  for (const product of stockedProducts(1, 1, 100_000, 21)) await setWish(page, product.id)
  const favorites = new MarkedGoodsPage(page, 'favorites')
  await favorites.open()
  await expect(favorites.rows).toHaveCount(20)
  const pagination = new Pagination(page)
  await pagination.cell(2).click()
  await expect(page).toHaveURL(/\/cabinet\/favorites\/\?page=2$/)
  await expect(favorites.rows).toHaveCount(1)
  await expect(pagination.current).toHaveText('2')
  // the list is by name: the 21st is page 2's only product
  const last = (await markedGoodsData(page, 'favorites')).goods[20]
  await favorites.remove(last!.header).click()
  await expect(page).toHaveURL(/\/cabinet\/favorites\/\?page=1$/)
  await expect(favorites.rows).toHaveCount(20)
  await expect(pagination.nav).toHaveCount(0)
})

test('a list that fails to load says so, and «Повторить» loads it', async ({ page }) => {
  const [wished] = stockedProducts(1, 5, 500, 1)
  await setWish(page, wished!.id)
  let failures = 1
  await page.route('**/api/favorites/**', async (route) => {
    if (failures-- > 0) await route.fulfill({ status: 503, json: { message: 'Сервис временно недоступен' } })
    else await route.continue()
  })
  const favorites = new MarkedGoodsPage(page, 'favorites')
  await favorites.open()
  const failed = page.getByRole('main').getByRole('alert')
  await expect(failed).toContainText('Не удалось загрузить избранное')
  await expect(failed).toContainText('Сервис временно недоступен')
  await failed.getByRole('button', { name: 'Повторить' }).click()
  await expect(favorites.row(wished!.header)).toBeVisible()
})
