import { expect, type Locator, type Page } from '@playwright/test'
import { runAdmin } from './admin-cli'
import { CabinetShell } from './cabinet-shell'
import { queryE2eDb } from './e2e-db'
import { LoginPage } from './login-page'
import { newCustomer, registerThroughApi, type NewCustomer } from './registration-page'

/** /cabinet/profile/ as the dealer sees it: the card, «Личные данные» and «Смена пароля». */
export class ProfilePage {
  readonly facts: Locator
  readonly details: Locator
  readonly name: Locator
  readonly phone: Locator
  readonly save: Locator
  readonly saved: Locator
  readonly password: Locator
  readonly currentPassword: Locator
  readonly newPassword: Locator
  readonly repeatPassword: Locator
  readonly change: Locator
  readonly passwordStatus: Locator
  readonly passwordAlert: Locator

  constructor(readonly page: Page) {
    const main = page.getByRole('main')
    this.facts = main.locator('dl')
    this.details = main.getByRole('region', { name: 'Личные данные' })
    this.name = this.details.getByLabel('Имя')
    this.phone = this.details.getByLabel('Телефон')
    this.save = this.details.getByRole('button', { name: 'Сохранить' })
    this.saved = this.details.getByRole('status')
    this.password = main.getByRole('region', { name: 'Смена пароля' })
    this.currentPassword = this.password.getByLabel('Текущий пароль')
    this.newPassword = this.password.getByLabel('Новый пароль', { exact: true })
    this.repeatPassword = this.password.getByLabel('Повторите новый пароль')
    this.change = this.password.getByRole('button', { name: 'Сменить пароль' })
    this.passwordStatus = this.password.getByRole('status')
    this.passwordAlert = this.password.getByRole('alert')
  }

  async goto(): Promise<void> {
    await this.page.goto('/cabinet/profile/')
    await expect(this.name).toBeVisible()
  }

  fact(term: string): Locator {
    return this.facts.locator(`dt:text-is("${term}") + dd`)
  }

  /** Clears the masked phone as a person would (select all, delete) and types the digits. */
  async typePhone(digits: string): Promise<void> {
    await this.phone.click()
    await this.phone.press('ControlOrMeta+a')
    await this.phone.press('Backspace')
    await expect(this.phone).toHaveValue('')
    await this.phone.pressSequentially(digits)
  }

  async changePassword(current: string, next: string, repeat = next): Promise<void> {
    await this.currentPassword.fill(current)
    await this.newPassword.fill(next)
    await this.repeatPassword.fill(repeat)
    await this.change.click()
  }
}

/**
 * A customer of its own, registered and approved for this test: changing its name, phone or
 * password (which ends its other sessions) touches no login the other specs use.
 */
export async function approvedCustomer(page: Page): Promise<NewCustomer> {
  const customer = newCustomer()
  await registerThroughApi(page, customer)
  await runAdmin('approve', customer.email)
  await page.context().clearCookies()
  return customer
}

/** Logs in through the form with this password and waits for the frame. */
export async function logInWith(page: Page, email: string, password: string): Promise<CabinetShell> {
  const login = new LoginPage(page)
  await login.goto()
  await login.logIn(email, password)
  const shell = new CabinetShell(page)
  await shell.shown()
  return shell
}

/** The temporary password of the latest reminder mailed to `email`, as the dealer reads it in the mail. */
export function mailedTemporaryPassword(email: string): string {
  const mail = queryE2eDb<{ body: string }>('SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1', email)
  const password = /Временный пароль: (\S+)/.exec(mail?.body ?? '')?.[1]
  if (!password) throw new Error(`no temporary password mailed to ${email}`)
  return password
}
