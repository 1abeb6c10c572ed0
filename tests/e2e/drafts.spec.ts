import { sectionClosedMessage } from '../../src/contract/menu'
import { formatCount, formatMoney, PRODUCT_FORMS } from '../../src/views/ui/format'
import { signIn, type CabinetShell } from './support/cabinet-shell'
import { CartPage, clearBasket, fillBasket, serverBasket, stockedProducts } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { draftsData, DraftsPage, removeDraftThroughApi, saveDraftThroughApi, SaveDraftDialog } from './support/drafts-page'
import { setDisabledMenus } from './support/e2e-db'
import { expect, test } from './support/fixtures'
import type { Page } from '@playwright/test'

test.describe.configure({ timeout: 90_000 })

// ООО «СтройМаркет»'s manager: no other spec touches this user's basket or drafts
const user = DEMO.manager.email

/** A name no earlier run has used. */
const uniqueName = (what: string) => `${what} ${Date.now().toString(36)}`

/** The header's summary says what the server's basket holds. */
async function expectHeaderAgrees(page: Page, shell: CabinetShell): Promise<void> {
  const basket = await serverBasket(page)
  await expect(shell.basketSummary).toHaveText(`Корзина: ${formatCount(basket.stats.count.products, PRODUCT_FORMS)} на сумму ${formatMoney(basket.sum)}`)
}

test('save the basket as a draft, find it first in the drafts, repeat it into the emptied basket', async ({ page, checkA11y }) => {
  const shell = await signIn(page, user)
  const [first, second] = stockedProducts(1, 8, 60, 2)
  await fillBasket(page, [
    { id: first!.id, qnt: 2, wms: 1 },
    { id: second!.id, qnt: 3, wms: 1 },
  ])
  const cart = new CartPage(page)
  await cart.open()
  const save = new SaveDraftDialog(page)

  // the dialog offers "Корзина от dd.mm.yyyy hh:mm"; an empty name is refused with the spec's message
  await save.open.click()
  await expect(save.dialog).toBeVisible()
  await expect(save.name).toBeFocused()
  await expect(save.name).toHaveValue(/^Корзина от \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)
  await save.name.fill('')
  await save.save.click()
  await expect(save.dialog.getByRole('alert')).toHaveText('Это поле необходимо заполнить.')
  await expect(save.name).toHaveAttribute('aria-invalid', 'true')
  await checkA11y(page)
  // «Отмена» saves nothing
  const before = (await draftsData(page)).count
  await save.cancel.click()
  await expect(save.dialog).toBeHidden()
  expect((await draftsData(page)).count).toBe(before)

  const name = uniqueName('Объект на Садовой')
  await save.open.click()
  await save.name.fill(name)
  await save.name.press('Enter')
  await expect(save.saved).toHaveText(new RegExp(`Черновик «${name}» сохранён`))
  // the basket stays as it was
  await expect(cart.line(first!.header).quantity).toHaveValue('2')
  expect((await serverBasket(page)).stats.count.products).toBe(2)

  // the message links to the drafts, where the new one is first
  await save.saved.getByRole('link', { name: 'Перейти к черновикам' }).click()
  await expect(page).toHaveURL(/\/cabinet\/drafts\/$/)
  const drafts = new DraftsPage(page)
  await expect(drafts.firstName()).toHaveText(name)
  const row = drafts.row(name)
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible()
  await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible()
  await expect(row.getByRole('cell', { name: /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/ })).toBeVisible()
  await checkA11y(page)

  // the basket is emptied elsewhere; repeating the draft puts both lines back
  await fillBasket(page, [])
  await page.reload()
  await expect(shell.basketSummary).toHaveText(`Корзина: 0 товаров на сумму ${formatMoney(0)}`)
  await drafts.repeat(name)
  await expect(drafts.addedDialog).toBeVisible()
  await expect(drafts.addedDialog).toContainText('Добавлено товаров - 2 шт.')
  await checkA11y(page)
  // the header summary follows without a reload
  await expectHeaderAgrees(page, shell)
  await drafts.addedDialog.getByRole('link', { name: 'В корзину' }).click()
  await expect(page).toHaveURL(/\/cart\/$/)
  await expect(cart.line(first!.header).quantity).toHaveValue('2')
  await expect(cart.line(second!.header).quantity).toHaveValue('3')
  await expectHeaderAgrees(page, shell)
})

test('repeating a draft whose goods are short: the refused goods are listed; none at all: "Нет в наличии"', async ({ page, checkA11y }) => {
  const shell = await signIn(page, user)
  const [plenty, scarce] = stockedProducts(1, 10, 60, 2)
  // the whole free stock of one product is in the basket, and stays there
  await fillBasket(page, [
    { id: plenty!.id, qnt: 1, wms: 1 },
    { id: scarce!.id, qnt: scarce!.quantity, wms: 1 },
  ])
  const mixed = uniqueName('Частично в наличии')
  await saveDraftThroughApi(page, mixed)
  await fillBasket(page, [{ id: scarce!.id, qnt: scarce!.quantity, wms: 1 }])
  const onlyScarce = uniqueName('Нет на складе')
  await saveDraftThroughApi(page, onlyScarce)

  const drafts = new DraftsPage(page)
  await drafts.open()
  await drafts.repeat(mixed)
  await expect(drafts.addedDialog).toContainText('Добавлено товаров - 1 шт.')
  const refused = drafts.addedDialog.getByRole('list', { name: 'Не добавлены' }).getByRole('listitem')
  await expect(refused).toHaveCount(1)
  await expect(refused).toContainText(scarce!.header)
  await expect(refused).toContainText(`нужно ${scarce!.quantity} шт., свободно 0 шт.`)
  await checkA11y(page)
  await expectHeaderAgrees(page, shell)
  await drafts.addedDialog.getByRole('button', { name: 'Закрыть' }).click()
  await expect(drafts.addedDialog).toBeHidden()

  await drafts.repeat(onlyScarce)
  await expect(drafts.noStockDialog).toBeVisible()
  await expect(drafts.noStockDialog).toContainText('Невозможно повторить черновик. Товаров нет в наличии!')
  await expect(drafts.noStockDialog.getByRole('link', { name: 'В корзину' })).toHaveCount(0)
  await checkA11y(page)
  await page.keyboard.press('Escape')
  await expect(drafts.noStockDialog).toBeHidden()
})

test('removing a draft asks first, then it is gone', async ({ page, checkA11y }) => {
  await signIn(page, user)
  const [product] = stockedProducts(1, 5, 60, 1)
  await fillBasket(page, [{ id: product!.id, qnt: 1, wms: 1 }])
  const name = uniqueName('Лишний черновик')
  await saveDraftThroughApi(page, name)
  const drafts = new DraftsPage(page)
  await drafts.open()

  await drafts.askToRemove(name)
  await expect(drafts.removeDialog).toContainText(`«${name}»`)
  await checkA11y(page)
  await drafts.removeDialog.getByRole('button', { name: 'Отмена' }).click()
  await expect(drafts.removeDialog).toBeHidden()
  await expect(drafts.row(name)).toBeVisible()

  await drafts.askToRemove(name)
  await drafts.removeDialog.getByRole('button', { name: 'Удалить' }).click()
  await expect(drafts.removeDialog).toBeHidden()
  await expect(drafts.row(name)).toHaveCount(0)
  expect((await draftsData(page)).drafts.some((draft) => draft.header === name)).toBe(false)
})

test('more than 10 drafts: pages in the address; removing the last one of a page goes one page back', async ({ page }) => {
  await signIn(page, user)
  const [product] = stockedProducts(1, 5, 60, 1)
  await fillBasket(page, [{ id: product!.id, qnt: 1, wms: 1 }])
  // exactly 11 drafts: the page 2 holds one
  let { drafts: existing } = await draftsData(page)
  for (const extra of existing.slice(11)) await removeDraftThroughApi(page, extra.id)
  for (let index = existing.length; index < 11; index++) await saveDraftThroughApi(page, uniqueName(`Черновик ${index + 1}`))
  existing = (await draftsData(page)).drafts
  expect(existing).toHaveLength(11)
  const oldest = existing[10]!

  const drafts = new DraftsPage(page)
  await drafts.open()
  await expect(drafts.rows).toHaveCount(10)
  await expect(drafts.pagination.current).toHaveText('1')
  await drafts.pagination.cell(2).click()
  await expect(page).toHaveURL(/\/cabinet\/drafts\/\?page=2$/)
  await expect(drafts.rows).toHaveCount(1)
  await expect(drafts.firstName()).toHaveText(oldest.header)

  await drafts.askToRemove(oldest.header)
  await drafts.removeDialog.getByRole('button', { name: 'Удалить' }).click()
  await expect(page).toHaveURL(/\/cabinet\/drafts\/\?page=1$/)
  await expect(drafts.rows).toHaveCount(10)
  await expect(drafts.pagination.nav).toHaveCount(0)
})

test.describe('a manager whose basket is closed (issue 21, item 12)', () => {
  test.afterEach(() => setDisabledMenus(user, DEMO.manager.disabledMenus))

  test('gets no «Повторить» on the drafts, still «Удалить»; the server refuses the repeat', async ({ page, checkA11y }) => {
    await signIn(page, user)
    const [product] = stockedProducts(1, 5, 60, 1)
    await fillBasket(page, [{ id: product!.id, qnt: 1, wms: 1 }])
    const name = uniqueName('Черновик без корзины')
    const id = await saveDraftThroughApi(page, name)
    await clearBasket(page)

    setDisabledMenus(user, [...DEMO.manager.disabledMenus, 'cart'])
    const drafts = new DraftsPage(page)
    await drafts.open()
    const row = drafts.row(name)
    await expect(row.getByRole('button', { name: `Удалить: ${name}` })).toBeVisible()
    await expect(row.getByRole('button', { name: /^Повторить/ })).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('button', { name: /^Повторить/ })).toHaveCount(0)
    await checkA11y(page)

    const response = await page.request.post('/api/drafts/', { data: { id, action: 'repeat' } })
    expect(response.status()).toBe(403)
    expect(await response.json()).toEqual({ message: sectionClosedMessage('cart') })

    // opened again, the section gives «Повторить» back
    setDisabledMenus(user, DEMO.manager.disabledMenus)
    await drafts.open()
    await expect(drafts.row(name).getByRole('button', { name: `Повторить: ${name}` })).toBeVisible()
    await removeDraftThroughApi(page, id)
  })
})
