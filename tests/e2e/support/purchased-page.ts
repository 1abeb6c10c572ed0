import { expect, type Locator, type Page } from '@playwright/test'
import {
  PURCHASED_REPORT_COLUMNS,
  PURCHASED_REPORT_TITLES,
  purchasedGoodsResponseSchema,
  type PurchasedGoodsResponse,
  type PurchasedReport,
  type PurchasedRow,
} from '../../../src/contract/purchased-goods'
import { formatInteger, formatMoney } from '../../../src/views/ui/format'
import { Pagination } from './pagination'

const moscowDate = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' })

/** What a row of the report shows, cell by cell, as the server's answer says it. */
function expectedCells(report: PurchasedReport, row: PurchasedRow): string[] {
  const text = {
    qnt: formatInteger(row.qnt),
    orders: formatInteger(row.orders),
    lastDate: moscowDate.format(new Date(row.lastDate)),
    sum: formatMoney(row.sum),
  }
  return [row.header, row.articul, ...PURCHASED_REPORT_COLUMNS[report].map((column) => text[column])]
}

/** GET /api/purchasedGoods/ as the signed-in user of the page. */
export async function purchasedData(page: Page, query: Record<string, string | number>): Promise<PurchasedGoodsResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))
  const response = await page.request.get(`/api/purchasedGoods/?${search}`)
  expect(response.status()).toBe(200)
  return purchasedGoodsResponseSchema.parse(await response.json())
}

/** /cabinet/purchased/: the report tabs, the filter form, the chart and the table. */
export class PurchasedPage {
  readonly heading: Locator
  readonly tabs: Locator
  readonly contract: Locator
  readonly catalog: Locator
  readonly startDate: Locator
  readonly endDate: Locator
  readonly apply: Locator
  readonly periodError: Locator
  readonly chart: Locator
  readonly chartCanvas: Locator
  /** the visually hidden month table that stands for the chart */
  readonly chartTable: Locator
  readonly table: Locator
  readonly rows: Locator
  readonly caption: Locator
  readonly pagination: Pagination

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Купленные товары' })
    this.tabs = page.getByRole('group', { name: 'Отчёт' })
    const form = page.getByRole('form', { name: 'Фильтр отчёта' })
    this.contract = form.getByLabel('Договор')
    this.catalog = form.getByLabel('Раздел каталога')
    this.startDate = form.getByRole('textbox', { name: 'С', exact: true })
    this.endDate = form.getByRole('textbox', { name: 'По', exact: true })
    this.apply = form.getByRole('button', { name: 'Показать' })
    this.periodError = form.getByRole('alert')
    this.chart = page.getByRole('figure', { name: 'Расходы по месяцам' })
    this.chartCanvas = page.getByTestId('spend-chart').locator('canvas')
    this.chartTable = page.getByRole('table', { name: 'Расходы по месяцам' })
    this.table = page.getByRole('table', { name: /^Отчёт «/ })
    this.rows = this.table.locator('tbody tr')
    this.caption = page.locator('p[aria-live="polite"]').filter({ hasText: /\d{2}\.\d{2}\.\d{4} — / })
    this.pagination = new Pagination(page)
  }

  async open(search = ''): Promise<void> {
    await this.page.goto(`/cabinet/purchased/${search}`)
    await expect(this.heading).toBeVisible()
  }

  tab(report: PurchasedReport): Locator {
    return this.tabs.getByRole('button', { name: PURCHASED_REPORT_TITLES[report], exact: true })
  }

  /** Types a date into a masked dd.mm.yyyy field, replacing what was there. */
  async typeDate(field: Locator, text: string): Promise<void> {
    await field.click()
    await field.press('ControlOrMeta+a')
    await field.press('Backspace')
    await field.pressSequentially(text.replaceAll('.', ''))
    await expect(field).toHaveValue(text)
  }

  /** The table shows these rows of the server's answer, cell by cell, in order. */
  async expectRows(answer: PurchasedGoodsResponse): Promise<void> {
    await expect(this.table).toHaveAttribute('data-report', answer.report)
    await expect(this.rows).toHaveCount(answer.rows.length)
    for (const [index, row] of answer.rows.entries()) {
      await expect(this.rows.nth(index).locator('th, td')).toHaveText(expectedCells(answer.report, row))
    }
  }
}
