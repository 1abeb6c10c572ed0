import { expect, type Locator, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from './demo-logins'

/** /login/ as a dealer sees it: the sign-in form, "Забыли пароль?" and the registration link. */
export class LoginPage {
  readonly form: Locator
  readonly email: Locator
  readonly password: Locator
  readonly submit: Locator
  /** the server's refusal or the expiry notice under the fields */
  readonly alert: Locator

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Вход в кабинет дилера' })
    this.email = this.form.getByLabel('E-mail')
    this.password = this.form.getByLabel('Пароль')
    this.submit = this.form.getByRole('button', { name: 'Войти' })
    this.alert = this.form.locator('p[role="alert"]')
  }

  async goto(): Promise<void> {
    await this.page.goto('/login/')
    await expect(this.form).toBeVisible()
  }

  /** Types the credentials and presses "Войти"; where the browser goes next is the caller's to check. */
  async logIn(email: string, password: string = DEMO_PASSWORD): Promise<void> {
    await this.email.fill(email)
    await this.password.fill(password)
    await this.submit.click()
  }

  async openReminder(): Promise<ReminderDialog> {
    await this.page.getByRole('button', { name: 'Забыли пароль?' }).click()
    const dialog = new ReminderDialog(this.page)
    await expect(dialog.dialog).toBeVisible()
    return dialog
  }
}

/** The "Восстановление пароля" dialog over the login page. */
export class ReminderDialog {
  readonly dialog: Locator
  readonly email: Locator
  readonly send: Locator
  readonly close: Locator

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Восстановление пароля' })
    this.email = this.dialog.getByLabel('E-mail')
    this.send = this.dialog.getByRole('button', { name: 'Отправить' })
    this.close = this.dialog.getByRole('button', { name: 'Закрыть' })
  }

  async ask(email: string): Promise<void> {
    await this.email.fill(email)
    await this.send.click()
  }
}
