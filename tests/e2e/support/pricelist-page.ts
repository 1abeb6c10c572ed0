import { expect, type Locator, type Page } from '@playwright/test'
import { queryE2eDb } from './e2e-db'

/** /cabinet/pricelist/: the warehouse, the file form, the text form, and the selection modal. */
export class PricelistPage {
  readonly heading: Locator
  readonly warehouse: Locator
  readonly file: Locator
  readonly upload: Locator
  readonly text: Locator
  readonly recognize: Locator
  readonly dialog: Locator
  readonly checkAll: Locator
  readonly totals: Locator
  readonly addToCart: Locator
  readonly cancel: Locator
  readonly unmatched: Locator

  constructor(readonly page: Page) {
    const main = page.getByRole('main')
    this.heading = page.getByRole('heading', { level: 1, name: 'Загрузка прайс-листа' })
    this.warehouse = main.getByLabel('Склад', { exact: true })
    this.file = main.getByLabel('Файл заказа (XLSX, CSV, TXT)')
    this.upload = main.getByRole('button', { name: 'Загрузить' })
    this.text = main.getByLabel('Вставьте текст заказа')
    this.recognize = main.getByRole('button', { name: 'Распознать' })
    this.dialog = page.getByRole('dialog', { name: 'Товары из списка' })
    this.checkAll = this.dialog.getByRole('checkbox', { name: 'Выбрать все' })
    this.totals = this.dialog.getByText(/^Выбрано:/)
    this.addToCart = this.dialog.getByRole('button', { name: 'Добавить в корзину' })
    this.cancel = this.dialog.getByRole('button', { name: 'Отмена' })
    this.unmatched = this.dialog.getByRole('region', { name: /^Не распознаны:/ })
  }

  async open(): Promise<void> {
    await this.page.goto('/cabinet/pricelist/')
    await expect(this.heading).toBeVisible()
  }

  /** The file form's or the text form's message. */
  message(text: string | RegExp): Locator {
    return this.page.getByRole('main').getByRole('alert').filter({ hasText: text })
  }

  /** One recognised product in the modal: its tick and its quantity stepper. */
  line(header: string) {
    const stepper = this.dialog.getByRole('group', { name: `Количество: ${header}` })
    return {
      row: this.dialog.getByRole('row').filter({ has: this.page.getByRole('checkbox', { name: `Выбрать: ${header}` }) }),
      checkbox: this.dialog.getByRole('checkbox', { name: `Выбрать: ${header}` }),
      quantity: stepper.getByRole('textbox', { name: 'Количество' }),
      increment: stepper.getByRole('button', { name: 'Увеличить количество' }),
    }
  }

  /** An unmatched row by its number: the row's text and the reason. */
  unmatchedRow(row: number): Locator {
    return this.unmatched.locator(`tr[data-row="${row}"]`)
  }

  async paste(text: string): Promise<void> {
    await this.text.fill(text)
    await this.recognize.click()
  }

  async uploadFile(name: string, buffer: Buffer, mimeType = 'application/octet-stream'): Promise<void> {
    await this.file.setInputFiles({ name, mimeType, buffer })
    await this.upload.click()
  }

  /** Types over a quantity and leaves the field, as a dealer does. */
  async setQuantity(header: string, text: string): Promise<void> {
    const { quantity } = this.line(header)
    await quantity.selectText()
    await quantity.pressSequentially(text)
    await quantity.press('Tab')
  }
}

export interface CatalogueProduct {
  id: number
  header: string
  articul: string
  quantity: number
}

/** Products with free stock between min and max at a warehouse, with their articul, from the e2e database. */
export function productsWithArticul(warehouse: number, min: number, max: number, count: number): CatalogueProduct[] {
  const found: CatalogueProduct[] = []
  for (let offset = 0; found.length < count; offset++) {
    const row = queryE2eDb<CatalogueProduct>(
      `SELECT p.id, p.header, p.articul, s.quantity FROM stocks s JOIN products p ON p.id = s.product_id
       WHERE s.warehouse_id = ? AND s.quantity BETWEEN ? AND ? ORDER BY p.id DESC LIMIT 1 OFFSET ?`,
      warehouse,
      min,
      max,
      offset,
    )
    if (!row) throw new Error(`fewer than ${count} products with ${min}–${max} units at warehouse ${warehouse}`)
    // an articul another product shares would be "ambiguous": take only the ones that are unique
    const twins = queryE2eDb<{ n: number }>('SELECT COUNT(*) AS n FROM products WHERE lower(articul) = lower(?)', row.articul)
    if (twins?.n === 1) found.push(row)
  }
  return found
}
