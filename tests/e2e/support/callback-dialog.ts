import { expect, type Locator, type Page } from '@playwright/test'

/** «Заказать звонок» under the menu (the sidebar, or the drawer behind «Меню» on a phone) and its dialog. */
export class CallbackDialog {
  readonly entry: Locator
  readonly dialog: Locator
  readonly name: Locator
  readonly phone: Locator
  readonly send: Locator
  readonly close: Locator
  readonly alert: Locator
  readonly sent: Locator

  constructor(readonly page: Page) {
    this.entry = page.getByRole('button', { name: 'Заказать звонок' })
    this.dialog = page.getByRole('dialog', { name: 'Заказать звонок' })
    this.name = this.dialog.getByLabel('Имя')
    this.phone = this.dialog.getByLabel('Телефон')
    this.send = this.dialog.getByRole('button', { name: 'Отправить' })
    this.close = this.dialog.getByRole('button', { name: 'Закрыть' })
    this.alert = this.dialog.locator('p[role="alert"]')
    this.sent = this.dialog.getByRole('status')
  }

  /** Opens the dialog from the sidebar, or from the menu drawer where the sidebar is hidden. */
  async open(): Promise<void> {
    const menu = this.page.getByRole('banner').getByRole('button', { name: 'Меню' })
    if (await menu.isVisible()) await menu.click()
    await this.entry.click()
    await expect(this.dialog).toBeVisible()
    await expect(this.name).toBeVisible()
  }

  /** The message under a field (the element right after it). */
  fieldError(field: Locator): Locator {
    return field.locator('xpath=following-sibling::span[1]')
  }
}
