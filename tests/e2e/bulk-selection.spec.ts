import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { formatCount, formatMoney, PRODUCT_FORMS } from '../../src/views/ui/format'
import { signIn, type CabinetShell } from './support/cabinet-shell'
import { clearBasket, fillBasket, serverBasket, stockedProducts } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { DraftsPage, draftsData, removeDraftThroughApi, saveDraftThroughApi } from './support/drafts-page'
import { clearMarks, MarkedGoodsPage, setNeed, setWish } from './support/favorites-page'
import { expect, test } from './support/fixtures'
import { cancelOrderThroughApi, OrdersPage, placeOrderThroughApi } from './support/orders-page'

test.describe.configure({ timeout: 120_000 })

/** The header's summary says what the server's basket holds. */
async function expectHeaderAgrees(page: Page, shell: CabinetShell): Promise<void> {
  const basket = await serverBasket(page)
  await expect(shell.basketSummary).toHaveText(`Корзина: ${formatCount(basket.stats.count.products, PRODUCT_FORMS)} на сумму ${formatMoney(basket.sum)}`)
}

const bar = (page: Page) => page.getByRole('group', { name: 'Действия с выбранными' })
const basketIds = async (page: Page) => Object.values((await serverBasket(page)).products).map((line) => line.product.id)

test.describe('orders', () => {
  /** the orders this spec placed: cancelled at the end, so their stock goes back */
  const placed: number[] = []
  test.afterEach(async ({ page }) => {
    for (const id of placed.splice(0)) await cancelOrderThroughApi(page, id)
    await clearBasket(page)
  })

  test('the checked orders repeated into the basket (the one without stock named), then downloaded as XLSX', async ({ page, checkA11y }) => {
    const shell = await signIn(page, DEMO.dealer.email)
    const [, , plenty, scarce] = stockedProducts(1, 7, 40, 4)
    const inStock = await placeOrderThroughApi(page, [{ id: plenty!.id, qnt: 2, wms: 1 }])
    // the whole free stock goes into this order: nothing of it is left to repeat
    const soldOut = await placeOrderThroughApi(page, [{ id: scarce!.id, qnt: scarce!.quantity, wms: 1 }])
    placed.push(inStock, soldOut)
    await clearBasket(page)
    const orders = new OrdersPage(page)
    await orders.open()
    await orders.checkbox(inStock).check()
    await orders.checkbox(soldOut).check()
    await expect(orders.selectionBar).toHaveText('Выбрано: 2')
    await checkA11y(page)

    // «Повторить выбранные»: each order through the server's own repeat
    await bar(page).getByRole('button', { name: 'Повторить выбранные' }).click()
    const repeated = page.getByRole('alertdialog', { name: 'Заказы добавлены в корзину' })
    await expect(repeated).toContainText('Добавлено товаров - 1 шт.')
    await expect(repeated.getByRole('list', { name: 'Не повторены:' })).toHaveText(`Заказ № ${soldOut} — Товаров нет в наличии`)
    await expect(repeated.getByRole('link', { name: 'В корзину' })).toBeVisible()
    await checkA11y(page)
    expect(await basketIds(page)).toEqual([plenty!.id])
    await expectHeaderAgrees(page, shell)
    await repeated.getByRole('button', { name: 'Закрыть' }).click()
    await expect(repeated).toBeHidden()
    await expect(orders.selectionBar).toHaveCount(0)
    await expect(orders.columnTitle('Сумма')).toBeVisible()

    // «Выгрузить в XLSX»: the checked orders and their lines
    await orders.checkbox(soldOut).check()
    await orders.checkbox(inStock).check()
    const downloading = page.waitForEvent('download')
    await bar(page).getByRole('link', { name: 'Выгрузить в XLSX' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^Заказы \d{2}\.\d{2}\.\d{4}\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer)
    const numbers = (sheet: string) => (workbook.getWorksheet(sheet)?.getColumn(1).values ?? []).slice(2)
    expect(numbers('Заказы')).toEqual([soldOut, inStock])
    expect(numbers('Состав').sort()).toEqual([inStock, soldOut].sort())
    expect(workbook.getWorksheet('Состав')?.getColumn(3).values).toEqual(expect.arrayContaining([plenty!.header, scarce!.header]))
  })
})

test.describe('favourites and needs', () => {
  // ООО «СтройМаркет»'s manager: its basket is emptied before and after, its marks are this spec's own
  let shell: CabinetShell
  test.beforeEach(async ({ page }) => {
    shell = await signIn(page, DEMO.manager.email)
    await clearBasket(page)
    await clearMarks(page)
  })
  test.afterEach(async ({ page }) => {
    await clearBasket(page)
    await clearMarks(page)
  })

  test('favourites: the checked products into the basket at once, then off the list after a question', async ({ page, checkA11y }) => {
    const [, , first, second] = stockedProducts(1, 5, 500, 4)
    await setWish(page, first!.id)
    await setWish(page, second!.id)
    const favorites = new MarkedGoodsPage(page, 'favorites')
    await favorites.open()
    await expect(favorites.rows).toHaveCount(2)
    await page.getByLabel('Выбрать все товары страницы').check()
    await expect(bar(page).getByRole('status')).toHaveText('Выбрано: 2')
    await expect(page.getByRole('columnheader', { name: 'Цена' })).toHaveCount(0)
    await checkA11y(page)

    await bar(page).getByRole('button', { name: 'В корзину' }).click()
    const added = page.getByRole('alertdialog', { name: 'Товары добавлены в корзину' })
    await expect(added).toContainText('Добавлено товаров - 2 шт.')
    await expect(added.getByRole('list')).toHaveCount(0)
    expect((await basketIds(page)).sort()).toEqual([first!.id, second!.id].sort())
    await expectHeaderAgrees(page, shell)
    await added.getByRole('button', { name: 'Закрыть' }).click()
    await expect(bar(page)).toHaveCount(0)

    // «Убрать» asks first; «Отмена» keeps them
    await page.getByLabel(`Выбрать: ${first!.header}`).check()
    await page.getByLabel(`Выбрать: ${second!.header}`).check()
    await bar(page).getByRole('button', { name: 'Убрать' }).click()
    const question = page.getByRole('alertdialog', { name: 'Убрать из избранного выбранные товары (2)?' })
    await expect(question.getByRole('listitem')).toHaveText([first!.header, second!.header])
    await checkA11y(page)
    await question.getByRole('button', { name: 'Отмена' }).click()
    await expect(favorites.rows).toHaveCount(2)

    await page.getByLabel('Выбрать все товары страницы').check()
    await bar(page).getByRole('button', { name: 'Убрать' }).click()
    await question.getByRole('button', { name: 'Убрать' }).click()
    const removed = page.getByRole('alertdialog', { name: 'Товары убраны из избранного' })
    await expect(removed).toContainText('Убрано товаров: 2')
    await removed.getByRole('button', { name: 'Закрыть' }).click()
    await expect(favorites.empty).toBeVisible()
  })

  test('needs: the needed quantities into the basket, the one above the free stock named; then off the list', async ({ page }) => {
    const [, , , , enough, short] = stockedProducts(1, 5, 50, 6)
    await setNeed(page, enough!.id, 2)
    await setNeed(page, short!.id, short!.quantity + 5)
    const needs = new MarkedGoodsPage(page, 'needs')
    await needs.open()
    await expect(needs.rows).toHaveCount(2)
    await page.getByLabel('Выбрать все товары страницы').check()
    await bar(page).getByRole('button', { name: 'В корзину' }).click()
    const added = page.getByRole('alertdialog', { name: 'Товары добавлены в корзину' })
    await expect(added).toContainText('Добавлено товаров - 1 шт.')
    await expect(added.getByRole('list', { name: 'Не добавлены:' })).toHaveText(
      `${short!.header} — нужно ${short!.quantity + 5} шт., свободно ${short!.quantity} шт.`,
    )
    const basket = await serverBasket(page)
    expect(Object.values(basket.products).map((line) => [line.product.id, line.qnt])).toEqual([[enough!.id, 2]])
    await expectHeaderAgrees(page, shell)
    await page.keyboard.press('Escape')
    await expect(added).toBeHidden()

    await page.getByLabel(`Выбрать: ${short!.header}`).check()
    await bar(page).getByRole('button', { name: 'Убрать' }).click()
    await page.getByRole('alertdialog', { name: 'Убрать из потребностей выбранные товары (1)?' }).getByRole('button', { name: 'Убрать' }).click()
    const removed = page.getByRole('alertdialog', { name: 'Товары убраны из потребностей' })
    await expect(removed).toContainText('Убрано товаров: 1')
    await removed.getByRole('button', { name: 'Закрыть' }).click()
    await expect(needs.rows).toHaveCount(1)
    await expect(needs.row(enough!.header)).toBeVisible()
  })
})

test.describe('drafts', () => {
  /** the drafts this spec saved: removed at the end whatever happened */
  const saved: number[] = []
  test.afterEach(async ({ page }) => {
    const left = new Set((await draftsData(page)).drafts.map((draft) => draft.id))
    for (const id of saved.splice(0)) if (left.has(id)) await removeDraftThroughApi(page, id)
    await clearBasket(page)
  })

  test('the checked drafts removed after a question naming the count, the one already gone named; the list reloaded', async ({ page, checkA11y }) => {
    await signIn(page, DEMO.dealer.email)
    const [product] = stockedProducts(1, 5, 60, 1)
    await fillBasket(page, [{ id: product!.id, qnt: 1, wms: 1 }])
    const stamp = Date.now().toString(36)
    const names = ['Объект А', 'Объект Б', 'Объект В'].map((name) => `${name} ${stamp}`)
    for (const name of names) saved.push(await saveDraftThroughApi(page, name))
    const [first, second, third] = names as [string, string, string]
    const drafts = new DraftsPage(page)
    await drafts.open()
    await drafts.checkbox(first).check()
    await drafts.checkbox(second).check()
    await drafts.checkbox(third).check()
    await expect(drafts.selectionBar.getByRole('status')).toHaveText('Выбрано: 3')
    await expect(page.getByRole('columnheader', { name: 'Договор' })).toHaveCount(0)
    await checkA11y(page)

    // «Отмена» keeps them, checked
    await drafts.selectionBar.getByRole('button', { name: 'Удалить выбранные' }).click()
    const question = page.getByRole('alertdialog', { name: 'Удалить выбранные черновики (3)?' })
    await expect(question.getByRole('listitem')).toHaveText([first, second, third])
    await checkA11y(page)
    await question.getByRole('button', { name: 'Отмена' }).click()
    await expect(question).toBeHidden()
    for (const name of names) await expect(drafts.row(name)).toBeVisible()

    // the second one goes meanwhile (another tab): the server refuses it, the others are removed
    await drafts.checkbox(first).check()
    await drafts.checkbox(second).check()
    await drafts.checkbox(third).check()
    await removeDraftThroughApi(page, saved[1]!)
    await drafts.selectionBar.getByRole('button', { name: 'Удалить выбранные' }).click()
    await question.getByRole('button', { name: 'Удалить' }).click()
    const result = page.getByRole('alertdialog', { name: 'Черновики удалены' })
    await expect(result).toContainText('Удалено черновиков: 2')
    await expect(result.getByRole('list', { name: 'Не удалены:' })).toHaveText(`${second} — Черновик не найден`)
    await checkA11y(page)
    await result.getByRole('button', { name: 'Закрыть' }).click()
    await expect(result).toBeHidden()
    for (const name of names) await expect(drafts.row(name)).toHaveCount(0)
    await expect(drafts.selectionBar).toHaveCount(0)
    await expect(page.getByRole('columnheader', { name: 'Договор' })).toBeVisible()
    const left = (await draftsData(page)).drafts.map((draft) => draft.header)
    for (const name of names) expect(left).not.toContain(name)
  })
})
