import { expect, type Locator, type Page } from '@playwright/test'

/** The header's search field and its suggestion list. */
export class HeaderSearch {
  readonly field: Locator
  readonly list: Locator
  readonly options: Locator
  /** the list's message while it has no suggestions (too short, searching, nothing found) */
  readonly message: Locator
  readonly submit: Locator

  constructor(readonly page: Page) {
    const form = page.locator('header form[role="search"]')
    this.field = form.getByRole('combobox', { name: 'Поиск товаров' })
    this.submit = form.getByRole('button', { name: 'Найти' })
    this.list = page.getByRole('listbox', { name: 'Поиск товаров' })
    this.options = this.list.getByRole('option')
    this.message = form.getByRole('status')
  }

  /** Types character by character, as a dealer does (every keystroke restarts the pause). */
  async type(text: string): Promise<void> {
    await this.field.pressSequentially(text, { delay: 30 })
  }

  /** The option the arrows have moved to (the field's aria-activedescendant). */
  async highlighted(): Promise<string> {
    const id = await this.field.getAttribute('aria-activedescendant')
    expect(id, 'an option is highlighted').toBeTruthy()
    return (await this.page.locator(`[id="${id}"]`).innerText()).trim()
  }
}

/** A page of products: the count line, the rows (list) or tiles, and the pagination. */
export class ProductsPage {
  readonly heading: Locator
  readonly count: Locator
  readonly rows: Locator
  readonly tiles: Locator
  /** «Склад»: the dealer's chosen warehouse */
  readonly warehouse: Locator

  constructor(readonly page: Page) {
    const main = page.getByRole('main')
    this.heading = main.getByRole('heading', { level: 1 })
    this.count = main.getByText(/^Найдено: /)
    this.rows = main.getByRole('table').locator('tbody tr')
    this.tiles = main.getByRole('list', { name: 'Товары' }).getByRole('listitem')
    // above the brand lists, or in the search results' filter panel (the catalogue's)
    this.warehouse = main.getByLabel('Склад', { exact: true }).or(main.getByRole('complementary', { name: 'Фильтры каталога' }).getByLabel('Склад'))
  }

  /** The list's stock column header, «Остаток (<warehouse>)». */
  stockHeader(warehouse: string): Locator {
    return this.page.getByRole('main').getByRole('columnheader', { name: `Остаток (${warehouse})`, exact: true })
  }

  /** The stock column of the rows shown (the list view, or the search results' catalogue table), as numbers. */
  async rowStocks(): Promise<number[]> {
    const titles = await this.page.getByRole('main').getByRole('table').locator('thead th').allInnerTexts()
    const column = titles.findIndex((title) => title.trim().startsWith('Остаток')) + 1
    expect(column, 'a stock column').toBeGreaterThan(0)
    return (await this.rows.locator(`td:nth-child(${column})`).allInnerTexts()).map((text) => Number(text.replace(/\D/g, '')))
  }

  /** The articuls of the rows shown, in order. */
  async rowArticuls(): Promise<string[]> {
    return (await this.rows.locator('td:first-child').allInnerTexts()).map((text) => text.trim())
  }
}
