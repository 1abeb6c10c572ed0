import { expect, type Locator, type Page } from '@playwright/test'
import { draftsResponseSchema, type DraftListItem } from '../../../src/contract/drafts'
import { Pagination } from './pagination'

/** /cabinet/drafts/: the saved baskets, their «Повторить» and «Удалить», the dialogs and the pages. */
export class DraftsPage {
  readonly heading: Locator
  readonly rows: Locator
  readonly empty: Locator
  readonly pagination: Pagination
  readonly removeDialog: Locator
  readonly addedDialog: Locator
  readonly noStockDialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Черновики' })
    this.rows = page
      .getByRole('main')
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Удалить:/ }) })
    this.empty = page.getByRole('main').getByText('Черновиков пока нет', { exact: true })
    this.pagination = new Pagination(page)
    this.removeDialog = page.getByRole('alertdialog', { name: 'Удалить черновик?' })
    this.addedDialog = page.getByRole('alertdialog', { name: 'Черновик добавлен в корзину' })
    this.noStockDialog = page.getByRole('alertdialog', { name: 'Нет в наличии' })
  }

  async open(pageNumber?: number): Promise<void> {
    await this.page.goto(pageNumber ? `/cabinet/drafts/?page=${pageNumber}` : '/cabinet/drafts/')
    await expect(this.heading).toBeVisible()
  }

  /** A draft's row (or card on a phone), by its name. */
  row(header: string): Locator {
    return this.page.getByRole('main').getByRole('row', { name: header, exact: true })
  }

  /** The name in the first row: the newest draft. */
  firstName(): Locator {
    return this.rows.first().getByRole('rowheader')
  }

  async repeat(header: string): Promise<void> {
    await this.row(header)
      .getByRole('button', { name: `Повторить: ${header}` })
      .click()
  }

  /** «Повторить» or «Удалить» of the first row on the page. */
  firstRowButton(action: 'Повторить' | 'Удалить'): Locator {
    return this.rows.first().getByRole('button', { name: new RegExp(`^${action}:`) })
  }

  /** A draft's box, by its name. */
  checkbox(header: string): Locator {
    return this.page.getByRole('main').getByRole('checkbox', { name: `Выбрать: ${header}`, exact: true })
  }

  /** The bar that stands in place of the column titles while drafts are checked. */
  get selectionBar(): Locator {
    return this.page.getByRole('main').getByRole('group', { name: 'Действия с выбранными' })
  }

  /** The failure dialog of a repeat or a removal ("Черновик не повторён", "Черновик не удалён"). */
  failedDialog(title: string): Locator {
    return this.page.getByRole('alertdialog', { name: title })
  }

  async askToRemove(header: string): Promise<void> {
    await this.row(header)
      .getByRole('button', { name: `Удалить: ${header}` })
      .click()
    await expect(this.removeDialog).toBeVisible()
  }
}

/** The name dialog of «Сохранить как черновик» on the basket page. */
export class SaveDraftDialog {
  readonly open: Locator
  readonly dialog: Locator
  readonly name: Locator
  readonly save: Locator
  readonly cancel: Locator
  readonly saved: Locator

  constructor(readonly page: Page) {
    this.open = page.getByRole('button', { name: 'Сохранить как черновик' })
    this.dialog = page.getByRole('dialog', { name: 'Сохранить как черновик' })
    this.name = this.dialog.getByRole('textbox', { name: 'Название черновика' })
    this.save = this.dialog.getByRole('button', { name: 'Сохранить', exact: true })
    this.cancel = this.dialog.getByRole('button', { name: 'Отмена' })
    this.saved = page.getByRole('status', { name: 'Черновик сохранён' })
  }
}

/** All the signed-in user's drafts, newest first, as GET /api/drafts/ lists them. */
export async function draftsData(page: Page): Promise<{ drafts: DraftListItem[]; count: number }> {
  const response = await page.request.get('/api/drafts/?page=1&perpage=100')
  expect(response.status()).toBe(200)
  return draftsResponseSchema.parse(await response.json())
}

/** Saves the user's basket (of the selected contract) as a draft through the API. */
export async function saveDraftThroughApi(page: Page, header: string): Promise<number> {
  const response = await page.request.post('/api/addToDraft/', { data: { header, contract: '0' } })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { draft: { id: number } }).draft.id
}

export async function removeDraftThroughApi(page: Page, id: number): Promise<void> {
  const response = await page.request.post('/api/drafts/', { data: { id, action: 'remove' } })
  expect(response.status()).toBe(200)
}
