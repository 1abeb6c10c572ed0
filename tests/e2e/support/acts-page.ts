import { expect, type Locator, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { actsResponseSchema, type ActsResponse } from '../../../src/contract/acts'

/** /cabinet/acts/: the list, its filter, and the request modal with its date pickers. */
export class ActsPage {
  readonly heading: Locator
  readonly requestButton: Locator
  readonly notice: Locator
  readonly dialog: ActRequestDialog

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Акты сверки' })
    this.requestButton = page.getByRole('button', { name: 'Запросить акт сверки' })
    this.notice = page.getByRole('status').filter({ hasText: /Акт сверки № \d+ запрошен/ })
    this.dialog = new ActRequestDialog(page)
  }

  async open(): Promise<void> {
    await this.page.goto('/cabinet/acts/')
    await expect(this.heading).toBeVisible()
    await expect(this.requestButton).toBeEnabled()
  }

  /** Opens the page with no request form: one kept from before the reload (it comes back open) is cancelled. */
  async openAfresh(): Promise<void> {
    await this.page.goto('/cabinet/acts/')
    await expect(this.heading).toBeVisible()
    // the request button is disabled while a form is open: either the kept form shows, or the button is enabled
    await expect(this.dialog.root.or(this.requestButton.and(this.page.locator('button:enabled')))).toBeVisible()
    if (await this.dialog.root.isVisible()) await this.dialog.cancel.click()
    await expect(this.dialog.root).toBeHidden()
    await expect(this.requestButton).toBeEnabled()
  }

  /** The list's next answer holding an act newer than `newest` shows it «Формируется»; the answers after it pass as they are. */
  async showFirstNewActQueued(newest: number): Promise<void> {
    let shown = false
    await this.page.route(
      (url) => url.pathname === '/api/getActs/',
      async (route) => {
        const response = await route.fetch()
        // an unchanged list (304) has no body to look into
        if (shown || response.status() !== 200) return route.fulfill({ response })
        const body = actsResponseSchema.parse(await response.json())
        const fresh = body.acts.filter((act) => act.id > newest)
        if (fresh.length === 0) return route.fulfill({ response })
        shown = true
        // the altered answer goes without the real one's ETag, so the next poll gets the real list whole, not a 304
        const { etag: _etag, ...headers } = response.headers()
        return route.fulfill({
          response,
          headers,
          json: { ...body, acts: body.acts.map((act) => (act.id > newest ? { ...act, state: 'queued' } : act)) },
        })
      },
    )
  }

  /** An act's row, by its number. */
  row(id: number): Locator {
    return this.page.getByRole('main').getByRole('row', { name: `Акт № ${id}`, exact: true })
  }

  download(id: number): Locator {
    return this.row(id).getByRole('link', { name: `Скачать акт № ${id} (XLSX)` })
  }
}

/** The request modal (the spec's /tpl/act_form.html). */
export class ActRequestDialog {
  readonly root: Locator
  readonly contragent: Locator
  readonly contract: Locator
  readonly start: Locator
  readonly end: Locator
  readonly submit: Locator
  readonly cancel: Locator
  readonly alert: Locator

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Запрос акта сверки' })
    this.contragent = this.root.getByRole('combobox', { name: 'Контрагент' })
    this.contract = this.root.getByRole('combobox', { name: 'Договор' })
    this.start = this.root.getByRole('textbox', { name: 'Начало периода' })
    this.end = this.root.getByRole('textbox', { name: 'Конец периода' })
    this.submit = this.root.getByRole('button', { name: 'Запросить', exact: true })
    this.cancel = this.root.getByRole('button', { name: 'Отмена' })
    this.alert = this.root.getByRole('alert')
  }

  /** Types a date as a dealer does: select all, type the digits (the mask adds the dots). */
  async typeDate(field: Locator, text: string): Promise<void> {
    await field.click()
    await field.press('ControlOrMeta+a')
    await field.pressSequentially(text.replaceAll('.', ''))
    await expect(field).toHaveValue(text)
  }

  /** Picks a day with the keyboard in the calendar of the field's button. */
  async pickWithKeyboard(label: string, keys: string[]): Promise<void> {
    const button = this.root.getByRole('button', { name: `Выбрать дату: ${label}` })
    await button.click()
    const calendar = this.page.getByRole('dialog', { name: `Календарь: ${label}` })
    await expect(calendar.getByRole('grid')).toBeVisible()
    for (const key of keys) await this.page.keyboard.press(key)
    await this.page.keyboard.press('Enter')
    await expect(calendar).toBeHidden()
    await expect(button).toBeFocused()
  }
}

/** GET /api/getActs/ as the signed-in user. */
export async function actsData(page: Page, query = ''): Promise<ActsResponse> {
  const response = await page.request.get(`/api/getActs/${query}`)
  expect(response.status()).toBe(200)
  return actsResponseSchema.parse(await response.json())
}

/** The rows of the act's first sheet, each as its cell values (1-based columns dropped to 0-based). */
export async function readActSheet(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('the act has no sheet')
  return sheet
    .getSheetValues()
    .filter(Boolean)
    .map((row) => (row as unknown[]).slice(1))
}
