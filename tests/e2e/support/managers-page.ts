import { expect, type Locator, type Page } from '@playwright/test'
import { queryE2eDb } from './e2e-db'

/** /cabinet/managers/: the list, its switches and the «Менеджер» form. */
export class ManagersPage {
  readonly heading: Locator
  readonly add: Locator
  readonly form: ManagerFormDialog
  readonly saved: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Менеджеры', level: 1 })
    this.add = page.getByRole('button', { name: 'Добавить менеджера' })
    this.form = new ManagerFormDialog(page)
    this.saved = page.getByRole('main').getByRole('status').filter({ hasText: 'Данные сохранены' })
  }

  async goto(): Promise<void> {
    await this.page.goto('/cabinet/managers/')
    await expect(this.heading).toBeVisible()
  }

  row(email: string): Locator {
    return this.page.getByRole('row', { name: email })
  }

  switchOf(email: string): Locator {
    return this.page.getByRole('switch', { name: `Доступ: ${email}` })
  }
}

/** The «Новый менеджер» / «Менеджер» dialog (/tpl/manager_form.html). */
export class ManagerFormDialog {
  readonly dialog: Locator
  readonly email: Locator
  readonly contracts: Locator
  readonly sections: Locator
  readonly save: Locator
  readonly retry: Locator
  readonly cancel: Locator
  readonly alert: Locator
  readonly saved: Locator

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog')
    this.email = this.dialog.getByLabel('E-mail (логин)')
    this.contracts = this.dialog.getByRole('group', { name: 'Договоры' })
    this.sections = this.dialog.getByRole('group', { name: 'Доступ к разделам' })
    this.save = this.dialog.getByRole('button', { name: 'Сохранить' })
    this.retry = this.dialog.getByRole('button', { name: 'Повторить' })
    this.cancel = this.dialog.getByRole('button', { name: 'Отмена' })
    this.alert = this.dialog.getByRole('alert')
    this.saved = this.dialog.getByRole('status')
  }

  contract(header: string): Locator {
    return this.contracts.getByRole('checkbox', { name: header, exact: true })
  }

  section(title: string): Locator {
    return this.sections.getByRole('checkbox', { name: title, exact: true })
  }
}

/** The link of the newest invitation mailed to the address, read from the e2e server's outbox as the manager reads its mail. */
export function invitationLinkFor(email: string): string {
  const mail = queryE2eDb<{ body: string }>('SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1', email)
  const link = mail ? /https?:\/\/\S+\/invitation\/\?token=[0-9a-f]{64}/.exec(mail.body)?.[0] : undefined
  if (!link) throw new Error(`no invitation mailed to ${email}`)
  return link
}

/** The «Ценовая политика» modal (/tpl/price_politics.html) of one manager. */
export class PricePolicyDialog {
  readonly dialog: Locator
  readonly markup: Locator
  readonly save: Locator
  readonly retry: Locator
  readonly cancel: Locator
  readonly alert: Locator
  readonly saved: Locator

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Ценовая политика' })
    this.markup = this.dialog.getByLabel('Наценка, %')
    this.save = this.dialog.getByRole('button', { name: 'Сохранить' })
    this.retry = this.dialog.getByRole('button', { name: 'Повторить' })
    this.cancel = this.dialog.getByRole('button', { name: 'Отмена' })
    this.alert = this.dialog.getByRole('alert')
    this.saved = this.dialog.getByRole('status')
  }

  /** Opens the modal from the manager's row. */
  static async open(page: Page, email: string): Promise<PricePolicyDialog> {
    await page.getByRole('button', { name: `Ценовая политика: ${email}` }).click()
    const dialog = new PricePolicyDialog(page)
    await expect(dialog.kind('Цена по договору')).toBeVisible()
    return dialog
  }

  kind(label: string): Locator {
    return this.dialog.getByRole('radio', { name: label, exact: true })
  }
}
