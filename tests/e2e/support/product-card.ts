import { expect, type Locator, type Page } from '@playwright/test'

/** "−", the quantity, "+", "В корзину" and their messages: in a catalogue row or in the card. */
export class AddToBasketControls {
  readonly form: Locator
  readonly quantity: Locator
  readonly increment: Locator
  readonly decrement: Locator
  readonly add: Locator
  readonly alert: Locator
  readonly popup: Locator

  /** `header` picks one product's controls where several are shown (the card lists analogues too) */
  constructor(scope: Locator, header?: string) {
    this.form = scope.getByRole('form', header === undefined ? { name: /^В корзину: / } : { name: `В корзину: ${header}`, exact: true })
    this.quantity = this.form.getByRole('textbox', { name: 'Количество' })
    this.increment = this.form.getByRole('button', { name: 'Увеличить количество' })
    this.decrement = this.form.getByRole('button', { name: 'Уменьшить количество' })
    this.add = this.form.getByRole('button', { name: 'В корзину' })
    this.alert = this.form.getByRole('alert')
    this.popup = this.form.getByRole('status').filter({ hasText: 'Товар добавлен в корзину' })
  }

  /** Types a quantity as a dealer does: select what is there, type over it. */
  async type(text: string): Promise<void> {
    await this.quantity.selectText()
    await this.quantity.pressSequentially(text)
  }

  async addQuantity(text: string): Promise<void> {
    await this.type(text)
    await this.add.click()
  }
}

/** The product popup card over the catalogue. */
export class ProductCardDialog {
  readonly dialog: Locator
  readonly title: Locator
  readonly close: Locator
  readonly tabs: Locator
  readonly panel: Locator
  readonly wish: Locator
  readonly nextPicture: Locator
  readonly currentPreview: Locator

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Карточка товара' })
    this.title = this.dialog.getByRole('heading', { level: 2 })
    this.close = this.dialog.getByRole('button', { name: 'Закрыть карточку' })
    this.tabs = this.dialog.getByRole('tablist', { name: 'Сведения о товаре' })
    this.panel = this.dialog.getByRole('tabpanel')
    this.wish = this.dialog.getByRole('button', { name: /^(В избранное|В избранном)$/ })
    this.nextPicture = this.dialog.getByRole('button', { name: 'Следующее изображение' })
    this.currentPreview = this.dialog.locator('button[aria-current="true"]')
  }

  async shown(): Promise<void> {
    await expect(this.title).toBeVisible()
  }

  /** "В корзину" of the card's product (not of its analogues) */
  basketOf(header: string): AddToBasketControls {
    return new AddToBasketControls(this.dialog, header)
  }

  /** "В корзину" of one warehouse's row in the stocks tab */
  basketAt(header: string, warehouse: string): AddToBasketControls {
    return new AddToBasketControls(this.panel, `${header} (${warehouse})`)
  }

  /** A warehouse's row in the stocks tab. */
  stockRow(warehouse: string): Locator {
    return this.panel.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: warehouse, exact: true }) })
  }

  tab(name: string): Locator {
    return this.tabs.getByRole('tab', { name })
  }

  async openTab(name: string): Promise<void> {
    await this.tab(name).click()
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true')
  }

  /** The free stock at the card's warehouse (the catalogue's, or the dealer's chosen one), as the card shows it. */
  async available(): Promise<number> {
    const text = await this.dialog
      .locator('dt', { hasText: /^Остаток/ })
      .locator('+ dd')
      .innerText()
    return Number(text.replace(/\D/g, ''))
  }
}

/** Adds one of the listed products to the basket from its row: the first the server accepts (it has stock). */
export async function addFirstWithStock(rows: Locator): Promise<void> {
  await expect(rows.first()).toBeVisible()
  for (let index = 0; index < (await rows.count()); index++) {
    const controls = new AddToBasketControls(rows.nth(index))
    await controls.add.click()
    await expect(controls.popup.or(controls.alert)).toBeVisible()
    if (await controls.popup.isVisible()) return
  }
  throw new Error('no listed product could be added to the basket')
}
