import { expect, type Locator, type Page } from '@playwright/test'
import type { SortField } from '../../../src/contract/catalogue'
import { signInThroughApi } from './cabinet-shell'
import { DEMO } from './demo-logins'
import { Pagination } from './pagination'

const COLUMN_TITLES: Record<SortField, string> = { articul: 'Артикул', header: 'Наименование', price: 'Цена', price_rrc: 'РРЦ' }
/** cells of a product row, in order */
const CELL = { articul: 1, header: 2, price: 3, priceRrc: 4, brand: 5, stock: 6 } as const

/** "1 234,50 ₽" → 1234.5 */
export const moneyValue = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'))

/** /cabinet/ as a dealer sees it: the filter panel, the product table and the pagination. */
export class CataloguePage {
  readonly panel: Locator
  readonly table: Locator
  readonly rows: Locator
  readonly count: Locator
  readonly pagination: Pagination
  readonly tree: Locator
  readonly warehouse: Locator
  readonly onlyAvailable: Locator
  readonly brands: Locator
  readonly empty: Locator
  /** what an address past the last page shows instead of rows */
  readonly pastLastPage: Locator

  constructor(readonly page: Page) {
    this.panel = page.getByRole('complementary', { name: 'Фильтры каталога' })
    this.table = page.getByRole('table', { name: 'Товары каталога' })
    this.rows = this.table.locator('tbody tr')
    this.count = page.getByTestId('catalogue-results').locator(':scope > [role="status"]')
    this.pagination = new Pagination(page)
    this.tree = page.getByRole('navigation', { name: 'Разделы каталога' })
    this.warehouse = this.panel.getByLabel('Склад')
    this.onlyAvailable = this.panel.getByLabel('Только в наличии')
    this.brands = this.panel.getByRole('group', { name: 'Бренды' })
    this.empty = page.getByText('По вашему запросу ничего не найдено')
    this.pastLastPage = page.getByRole('status').filter({ hasText: /^Страницы \d+ нет/ })
  }

  /** Signs in as the demo dealer and opens `address` (default /cabinet/). */
  async open(address = '/cabinet/'): Promise<void> {
    await signInThroughApi(this.page, DEMO.dealer.email)
    await this.page.goto(address)
    // the first filter call after a start builds the server's catalogue snapshot: slow on 50,000 products
    await this.settled(120_000)
  }

  /** Waits until nothing loads: the rows (or the empty or past-the-end message) are the current query's. */
  async settled(timeout = 15_000): Promise<void> {
    await expect(this.page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout })
    await expect(this.table.or(this.empty).or(this.pastLastPage)).toBeVisible({ timeout })
  }

  /** Does something that changes the address, then waits for the new list. */
  async changing(action: () => Promise<unknown>): Promise<void> {
    const before = this.page.url()
    await action()
    await this.page.waitForURL((url) => url.href !== before)
    await this.settled()
  }

  search(): URLSearchParams {
    return new URL(this.page.url()).searchParams
  }

  column(cell: keyof typeof CELL): Promise<string[]> {
    return this.rows.locator(`td:nth-child(${CELL[cell] + 1})`).allInnerTexts()
  }

  async prices(): Promise<number[]> {
    return (await this.column('price')).map(moneyValue)
  }

  sortHeader(field: SortField): Locator {
    return this.table.getByRole('columnheader', { name: COLUMN_TITLES[field] })
  }

  async sortBy(field: SortField): Promise<void> {
    await this.changing(() => this.sortHeader(field).getByRole('button').click())
  }

  async selectCategory(name: string): Promise<void> {
    await this.changing(() => this.tree.getByRole('button', { name }).first().click())
  }

  brand(name: string): Locator {
    return this.brands.getByRole('checkbox', { name: new RegExp(`^${name} \\d`) })
  }

  async setPrice(bound: 'от' | 'до', value: number): Promise<void> {
    await this.changing(async () => {
      await this.panel.getByLabel(`Цена, ₽: ${bound}`).fill(String(value))
      await this.panel.getByLabel(`Цена, ₽: ${bound}`).press('Enter')
    })
  }

  mark(kind: 'Избранное' | 'Потребность', header: string): Locator {
    return this.table.getByRole('button', { name: `${kind}: ${header}`, exact: true })
  }
}
