import ExcelJS from 'exceljs'
import { BASKET_MESSAGES } from '../../src/contract/basket'
import { PRICELIST_MESSAGES } from '../../src/contract/pricelist'
import { formatMoney } from '../../src/views/ui/format'
import { encodeCp1251 } from '../fixtures/pricelist/cp1251'
import { signIn } from './support/cabinet-shell'
import { CartPage, clearBasket, fillBasket, serverBasket } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { PricelistPage, productsWithArticul } from './support/pricelist-page'

test.describe.configure({ timeout: 90_000 })

// ООО «СтройМаркет»'s main account, under the contract it has selected; each test starts and ends with its basket empty
const dealer = DEMO.dealer.email

test.beforeEach(async ({ page }) => {
  await signIn(page, dealer)
  await clearBasket(page)
})

test.afterEach(async ({ page }) => {
  await clearBasket(page)
})

/** The basket's lines as product id → quantity. */
async function basketLines(page: import('@playwright/test').Page): Promise<Record<number, number>> {
  const basket = await serverBasket(page)
  return Object.fromEntries(Object.values(basket.products).map((line) => [line.product.id, line.qnt]))
}

test('pasted text: the modal lists the products and the unknown row by its number; the chosen lines go to /cart/', async ({ page, checkA11y }) => {
  const [first, second, third] = productsWithArticul(1, 50, 200, 3)
  const pricelist = new PricelistPage(page)
  await pricelist.open()
  await expect(pricelist.warehouse).toHaveValue('1')
  await checkA11y(page)

  // nothing typed: nothing is sent
  await pricelist.recognize.click()
  await expect(pricelist.message(PRICELIST_MESSAGES.noText)).toBeVisible()

  // a header, tab-separated rows, and one articul the catalogue does not have (row 4, the header counted)
  await pricelist.paste(['Артикул\tКоличество', `${first!.articul}\t3`, `${second!.articul}\t5`, 'НЕТ-ТАКОГО-АРТИКУЛА\t2', `${third!.articul}\t4`].join('\n'))
  await expect(pricelist.dialog).toBeVisible()
  for (const product of [first!, second!, third!]) {
    await expect(pricelist.line(product.header).checkbox).toBeChecked()
    await expect(pricelist.line(product.header).row).toContainText(product.articul)
  }
  await expect(pricelist.line(first!.header).quantity).toHaveValue('3')
  await expect(pricelist.unmatched).toContainText('Не распознаны: 1 строка')
  await expect(pricelist.unmatchedRow(4)).toContainText('НЕТ-ТАКОГО-АРТИКУЛА')
  await expect(pricelist.unmatchedRow(4)).toContainText(PRICELIST_MESSAGES.notFound)
  await checkA11y(page)

  // more than the warehouse has: the spec's message beside the line, the quantity is the stock
  await pricelist.setQuantity(third!.header, String(third!.quantity + 100))
  await expect(pricelist.line(third!.header).quantity).toHaveValue(String(third!.quantity))
  await expect(pricelist.dialog.getByRole('alert')).toHaveText(new RegExp(BASKET_MESSAGES.overStock))

  // untick one line, change a quantity
  await pricelist.line(second!.header).checkbox.uncheck()
  await pricelist.setQuantity(third!.header, '007')
  await expect(pricelist.line(third!.header).quantity).toHaveValue('7')
  await pricelist.line(first!.header).increment.click()
  await expect(pricelist.line(first!.header).quantity).toHaveValue('4')
  await expect(pricelist.totals).toContainText('Выбрано: 2 товара, 11 шт.')

  // the check-all box: every line, then none, then every line again
  await expect(pricelist.checkAll).not.toBeChecked()
  await pricelist.checkAll.check()
  await expect(pricelist.line(second!.header).checkbox).toBeChecked()
  await pricelist.checkAll.uncheck()
  await expect(pricelist.line(first!.header).checkbox).not.toBeChecked()
  await expect(pricelist.addToCart).toBeDisabled()
  await pricelist.checkAll.check()
  await pricelist.line(second!.header).checkbox.uncheck()
  await expect(pricelist.totals).toContainText('Выбрано: 2 товара, 11 шт.')

  await pricelist.addToCart.click()
  await expect(page).toHaveURL(/\/cart\/$/)
  const cart = new CartPage(page)
  await expect(cart.line(first!.header).quantity).toHaveValue('4')
  await expect(cart.line(third!.header).quantity).toHaveValue('7')
  await expect(cart.line(second!.header).row).toHaveCount(0)
  expect(await basketLines(page)).toEqual({ [first!.id]: 4, [third!.id]: 7 })
  // the header's summary followed
  const basket = await serverBasket(page)
  await expect(
    page
      .getByRole('banner')
      .getByRole('status')
      .filter({ hasText: /^Корзина:/ }),
  ).toHaveText(`Корзина: 2 товара на сумму ${formatMoney(basket.sum)}`)
})

test('files: a Windows-1251 CSV with ";" and an XLSX are read into the modal; Esc closes it and adds nothing', async ({ page, checkA11y }) => {
  const [first, second] = productsWithArticul(1, 50, 200, 2)
  const pricelist = new PricelistPage(page)
  await pricelist.open()

  const csv = encodeCp1251(`Артикул;Наименование;Кол-во\r\n${first!.articul};Заказ «первый»;2\r\n${second!.articul};Ещё один;6\r\n`)
  await pricelist.uploadFile('заказ.csv', csv, 'text/csv')
  await expect(pricelist.dialog).toBeVisible()
  await expect(pricelist.line(first!.header).quantity).toHaveValue('2')
  await expect(pricelist.line(second!.header).quantity).toHaveValue('6')
  await expect(pricelist.unmatched).toHaveCount(0)
  await checkA11y(page)
  await page.keyboard.press('Escape')
  await expect(pricelist.dialog).toBeHidden()

  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Заказ')
  sheet.addRow(['Артикул', 'Количество'])
  sheet.addRow([second!.articul, 3])
  sheet.addRow(['', 1])
  const xlsx = Buffer.from(await book.xlsx.writeBuffer())
  await pricelist.uploadFile('order.xlsx', xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  await expect(pricelist.dialog).toBeVisible()
  await expect(pricelist.line(second!.header).quantity).toHaveValue('3')
  await expect(pricelist.line(first!.header).row).toHaveCount(0)
  await expect(pricelist.unmatchedRow(3)).toContainText(PRICELIST_MESSAGES.noArticul)
  await pricelist.cancel.click()
  await expect(pricelist.dialog).toBeHidden()
  expect(await basketLines(page)).toEqual({})
})

test('an empty file and an old binary XLS give the Russian message and leave the basket as it was', async ({ page, checkA11y }) => {
  const [kept] = productsWithArticul(1, 50, 200, 1)
  await fillBasket(page, [{ id: kept!.id, qnt: 2, wms: 1 }])
  const before = await basketLines(page)
  const pricelist = new PricelistPage(page)
  await pricelist.open()

  // nothing chosen, then an empty file: checked before anything is sent
  await pricelist.upload.click()
  await expect(pricelist.message(PRICELIST_MESSAGES.noFile)).toBeVisible()
  await pricelist.uploadFile('empty.csv', Buffer.alloc(0), 'text/csv')
  await expect(pricelist.message(PRICELIST_MESSAGES.emptyFile)).toBeVisible()

  // issue 21, item 18: the file field offers only what is read, not the old XLS
  await expect(pricelist.file).toHaveAttribute('accept', '.xlsx,.csv,.txt')
  // an Excel 97–2003 file: the server says how to save it instead
  const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)])
  await pricelist.uploadFile('old.xls', ole, 'application/vnd.ms-excel')
  await expect(pricelist.message(PRICELIST_MESSAGES.binaryXls)).toBeVisible()
  await expect(pricelist.message('Список не распознан')).toBeVisible()
  await expect(pricelist.dialog).toBeHidden()
  await checkA11y(page)
  expect(await basketLines(page)).toEqual(before)
})
