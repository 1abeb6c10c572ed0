import { expect, type Locator, type Page } from '@playwright/test'
import { orderListSchema, type OrderList } from '../../../src/contract/orders'
import { orderCancelledResponseSchema } from '../../../src/contract/order-actions'

/** /cabinet/orders/: the filter, the countdown, the table with its selection, and the cancel and repeat dialogs. */
export class OrdersPage {
  readonly table: Locator
  readonly countdown: Locator
  readonly filter: Locator
  readonly checkAll: Locator
  readonly selectionBar: Locator
  readonly cancelDialog: Locator
  readonly cancelFailedDialog: Locator
  readonly addedDialog: Locator
  readonly noStockDialog: Locator
  readonly repeatFailedDialog: Locator

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Заказы' })
    this.countdown = page.getByTestId('orders-countdown')
    this.filter = page.getByRole('form', { name: 'Фильтр заказов' })
    this.checkAll = page.getByLabel('Выбрать все заказы страницы')
    this.selectionBar = this.table.getByRole('status').filter({ hasText: /^Выбрано:/ })
    this.cancelDialog = page.getByRole('alertdialog', { name: /^Отменить заказ № \d+\?$/ })
    this.cancelFailedDialog = page.getByRole('alertdialog', { name: 'Заказ не отменён' })
    this.addedDialog = page.getByRole('alertdialog', { name: 'Заказ добавлен в корзину' })
    this.noStockDialog = page.getByRole('alertdialog', { name: 'Нет в наличии' })
    this.repeatFailedDialog = page.getByRole('alertdialog', { name: 'Заказ не повторён' })
  }

  async open(search = ''): Promise<void> {
    await this.page.goto(`/cabinet/orders/${search}`)
    await expect(this.table).toBeVisible()
  }

  row(id: number): Locator {
    return this.table.getByRole('row', { name: `Заказ № ${id}`, exact: true })
  }

  stateBadge(id: number): Locator {
    return this.row(id).locator('[data-state]')
  }

  checkbox(id: number): Locator {
    return this.page.getByLabel(`Выбрать заказ № ${id}`, { exact: true })
  }

  columnTitle(name: string): Locator {
    return this.table.getByRole('columnheader', { name, exact: true })
  }

  async toggleDetail(id: number): Promise<Locator> {
    await this.page.getByRole('button', { name: `Состав заказа № ${id}`, exact: true }).click()
    return this.page.getByRole('table', { name: `Состав заказа № ${id}`, exact: true })
  }

  /** order.cancel */
  async cancel(id: number): Promise<void> {
    await this.page.getByRole('button', { name: `Отменить заказ № ${id}`, exact: true }).click()
    await expect(this.cancelDialog).toBeVisible()
  }

  /** cancel.confirm */
  async confirmCancel(comment: string): Promise<void> {
    await this.cancelDialog.getByLabel('Причина отмены (необязательно)').fill(comment)
    await this.cancelDialog.getByRole('button', { name: 'Отменить заказ', exact: true }).click()
  }

  /** dialog.close on whichever dialog is open */
  async closeDialog(): Promise<void> {
    const dialog = this.page.getByRole('alertdialog')
    const keep = dialog.getByRole('button', { name: 'Не отменять' })
    await ((await keep.count()) > 0 ? keep : dialog.getByRole('button', { name: 'Закрыть' })).click()
    await expect(dialog).toHaveCount(0)
  }

  /** order.repeat */
  async repeat(id: number): Promise<void> {
    await this.page.getByRole('button', { name: `Повторить заказ № ${id}`, exact: true }).click()
  }

  /** Applies the filter form with these fields changed. */
  async applyFilter(fields: { article?: string; period?: string; state?: string; searchDoc?: string }): Promise<void> {
    if (fields.article !== undefined) await this.filter.getByLabel('Артикул').fill(fields.article)
    if (fields.period !== undefined) await this.filter.getByLabel('Период').selectOption({ label: fields.period })
    if (fields.state !== undefined) await this.filter.getByLabel('Состояние').selectOption({ label: fields.state })
    if (fields.searchDoc !== undefined) await this.filter.getByLabel('Номер заказа или счёта').fill(fields.searchDoc)
    await this.filter.getByRole('button', { name: 'Найти' }).click()
  }
}

const PICKUP = { contract: '0', delivery: { method: '1', company: null, type: 'terminal', region: '1' }, address_id: null, consignee_id: null, comment: '' }

/** Places the selected contract's basket, filled with these lines, as an order (pickup); answers its number. */
export async function placeOrderThroughApi(page: Page, lines: { id: number; qnt: number; wms: number }[]): Promise<number> {
  expect((await page.request.post('/api/clearBasket/', { data: { contract: '0' } })).status()).toBe(200)
  for (const line of lines) {
    expect((await page.request.post('/api/processBasket/', { data: { ...line, type: 'add', contract: '0' } })).status()).toBe(200)
  }
  const response = await page.request.post('/api/placeOrder/', { data: PICKUP })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { order: { id: number } }).order.id
}

/** Cancels an order if its state still allows it, so its stock goes back (the end of a spec). */
export async function cancelOrderThroughApi(page: Page, id: number): Promise<void> {
  const response = await page.request.post('/api/order/', { data: { id, action: 'cancel' } })
  if (response.status() === 200) orderCancelledResponseSchema.parse(await response.json())
  else expect(response.status()).toBe(409)
}

/** GET /api/order/ as the page asks it. */
export async function ordersThroughApi(page: Page, query = ''): Promise<OrderList> {
  const response = await page.request.get(`/api/order/${query}`)
  expect(response.status()).toBe(200)
  return orderListSchema.parse(await response.json())
}
