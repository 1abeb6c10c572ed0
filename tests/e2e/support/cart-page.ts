import { expect, type Locator, type Page } from '@playwright/test'
import { basketDataSchema, type BasketData } from '../../../src/contract/basket'
import { queryE2eDb } from './e2e-db'

/** /cart/: the lines by warehouse, their quantity fields, the totals and "Очистить корзину". */
export class CartPage {
  readonly heading: Locator
  readonly totals: Locator
  readonly clear: Locator
  readonly empty: Locator
  readonly status: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Корзина' })
    this.totals = page.getByRole('main').getByText(/^Итого:/)
    this.clear = page.getByRole('button', { name: 'Очистить корзину' })
    this.empty = page.getByRole('main').getByText('Корзина пуста', { exact: true })
    this.status = page.getByRole('main').getByRole('status', { name: 'Состояние корзины' })
  }

  async open(): Promise<void> {
    await this.page.goto('/cart/')
    await expect(this.heading).toBeVisible()
  }

  warehouse(header: string): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^Склад: ${header}`) })
  }

  line(header: string) {
    const row = this.page.getByRole('row').filter({ has: this.page.getByRole('group', { name: `Количество: ${header}` }) })
    const stepper = row.getByRole('group', { name: `Количество: ${header}` })
    return {
      row,
      quantity: stepper.getByRole('textbox', { name: 'Количество' }),
      increment: stepper.getByRole('button', { name: 'Увеличить количество' }),
      decrement: stepper.getByRole('button', { name: 'Уменьшить количество' }),
      remove: row.getByRole('button', { name: `Удалить: ${header}` }),
      sum: row.locator('td[data-label="Сумма"]'),
    }
  }

  /** Types over a quantity and leaves the field, as a dealer does. */
  async setQuantity(header: string, text: string): Promise<void> {
    const { quantity } = this.line(header)
    await quantity.selectText()
    await quantity.pressSequentially(text)
    await quantity.press('Tab')
  }

  // one method per basket machine event a dealer causes (tests/e2e/basket-paths.spec.ts)

  /** line.input: the field's text changes and the focus stays where it was (no blur, so no commit). */
  async inputQuantity(header: string, text: string): Promise<void> {
    await this.line(header).quantity.evaluate((field: HTMLInputElement, value) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value)
      field.dispatchEvent(new Event('input', { bubbles: true }))
    }, text)
  }

  /** line.commit: the dealer leaves the field. */
  async commitQuantity(header: string): Promise<void> {
    const { quantity } = this.line(header)
    await quantity.focus()
    await quantity.blur()
  }

  /** line.step: «+» or «−». */
  async stepQuantity(header: string, delta: 1 | -1): Promise<void> {
    const { increment, decrement } = this.line(header)
    await (delta === 1 ? increment : decrement).click()
  }

  /** line.remove: the line's «Удалить». */
  async removeLine(header: string): Promise<void> {
    await this.line(header).remove.click()
  }

  /** The clear question, shown while it is asked and while the basket is being cleared. */
  get clearDialog(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Очистить корзину?' })
  }

  /** basket.clear, then clear.confirm or clear.cancel. */
  async askToClear(): Promise<void> {
    await this.clear.click()
  }

  async answerClear(confirm: boolean): Promise<void> {
    await this.clearDialog.getByRole('button', { name: confirm ? 'Очистить' : 'Отмена' }).click()
  }

  /** The stock notice beside a line, and its «Закрыть» (notice.dismiss). */
  get notice(): Locator {
    return this.page.getByRole('main').getByRole('alert').filter({ hasText: 'Не достаточно свободных остатков на складе' })
  }

  async dismissNotice(): Promise<void> {
    await this.notice.getByRole('button', { name: 'Закрыть' }).click()
  }

  /** The error block with this title ("Не удалось загрузить корзину", "Количество не сохранено", "Корзина не очищена"). */
  failure(title: string): Locator {
    return this.page.getByRole('main').getByRole('alert').filter({ hasText: title })
  }

  /** basket.retry: «Повторить» in the error block shown. */
  async retry(title: string): Promise<void> {
    await this.failure(title).getByRole('button', { name: 'Повторить' }).click()
  }

  /** Waits until nothing is being saved. */
  async settled(): Promise<void> {
    await expect(this.status).toHaveText('')
  }
}

/** The server's basket of the signed-in dealer (under the selected contract). */
export async function serverBasket(page: Page): Promise<BasketData> {
  const response = await page.request.get('/api/getBasketData/')
  expect(response.status()).toBe(200)
  return basketDataSchema.parse(await response.json())
}

export interface StockedProduct {
  id: number
  header: string
  quantity: number
}

/** Products with free stock between min and max at a warehouse, straight from the e2e database. */
export function stockedProducts(warehouse: number, min: number, max: number, count: number): StockedProduct[] {
  const found: StockedProduct[] = []
  for (let offset = 0; found.length < count; offset++) {
    const row = queryE2eDb<StockedProduct>(
      `SELECT p.id, p.header, s.quantity FROM stocks s JOIN products p ON p.id = s.product_id
       WHERE s.warehouse_id = ? AND s.quantity BETWEEN ? AND ? ORDER BY p.id LIMIT 1 OFFSET ?`,
      warehouse,
      min,
      max,
      offset,
    )
    if (!row) throw new Error(`fewer than ${count} products with ${min}–${max} units at warehouse ${warehouse}`)
    found.push(row)
  }
  return found
}

/** Empties the dealer's basket and puts these lines in it through the API. */
export async function fillBasket(page: Page, lines: { id: number; qnt: number; wms: number }[]): Promise<void> {
  expect((await page.request.post('/api/clearBasket/', { data: { contract: '0' } })).status()).toBe(200)
  for (const line of lines) {
    const response = await page.request.post('/api/processBasket/', { data: { ...line, type: 'add', contract: '0' } })
    expect(response.status()).toBe(200)
  }
}

/** Empties the dealer's basket (the selected contract) through the API. */
export async function clearBasket(page: Page): Promise<void> {
  expect((await page.request.post('/api/clearBasket/', { data: { contract: '0' } })).status()).toBe(200)
}

/** The delivery selector and «Оформить заказ» below the lines. */
export class CheckoutForm {
  readonly section: Locator
  readonly method: Locator
  readonly company: Locator
  readonly address: Locator
  readonly place: Locator
  readonly confirm: Locator
  readonly placed: Locator
  readonly alert: Locator
  readonly shortage: Locator

  constructor(readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Доставка и оформление' })
    this.method = this.section.getByLabel('Способ доставки')
    this.company = this.section.getByLabel('Транспортная компания')
    this.address = this.section.getByLabel('Адрес доставки')
    this.place = this.section.getByRole('button', { name: 'Оформить заказ' })
    this.confirm = page.getByRole('alertdialog', { name: 'Оформить заказ?' })
    this.placed = page.getByRole('status', { name: 'Заказ оформлен' })
    this.alert = this.section.getByRole('alert')
    this.shortage = page.getByRole('alert', { name: 'Заказ не оформлен' })
  }

  /** «Оформить заказ», then «Оформить» in the confirmation. */
  async placeOrder(): Promise<void> {
    await this.place.click()
    await this.confirm.getByRole('button', { name: 'Оформить' }).click()
  }
}

/** The dealer's orders of every period, as GET /api/order/ lists them. */
export async function ordersData(page: Page): Promise<{ id: number; sum: number; status: string }[]> {
  const response = await page.request.get('/api/order/?dateselect=all&perpage=100')
  expect(response.status()).toBe(200)
  return ((await response.json()) as { orders: { id: number; sum: number; status: string }[] }).orders
}
