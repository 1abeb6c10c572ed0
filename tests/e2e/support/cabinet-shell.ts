import { expect, type Locator, type Page } from '@playwright/test'
import { LoginPage } from './login-page'

/** The signed-in frame: the sidebar menu, and the header with the contract, the basket and "Выйти". */
export class CabinetShell {
  readonly menu: Locator
  readonly menuLinks: Locator
  readonly sidebarToggle: Locator
  readonly header: Locator
  readonly contract: Locator
  readonly basketSummary: Locator
  readonly logOut: Locator
  readonly content: Locator

  constructor(readonly page: Page) {
    this.menu = page.getByRole('navigation', { name: 'Меню кабинета' })
    this.menuLinks = this.menu.getByRole('link')
    this.sidebarToggle = page.getByRole('button', { name: /^(Свернуть|Развернуть) меню$/ })
    this.header = page.getByRole('banner')
    this.contract = this.header.getByLabel('Договор')
    this.basketSummary = this.header.getByRole('status').filter({ hasText: /^Корзина:/ })
    this.logOut = this.header.getByRole('button', { name: 'Выйти' })
    this.content = page.getByRole('main')
  }

  /** Waits for the frame after a login or a page load. */
  async shown(): Promise<void> {
    await expect(this.menu).toBeVisible()
    await expect(this.contract).toBeEnabled()
  }

  menuEntry(title: string): Locator {
    return this.menu.getByRole('link', { name: title, exact: true })
  }

  /** The accessible names of the menu's entries, in order. */
  async menuTitles(): Promise<string[]> {
    return Promise.all((await this.menuLinks.all()).map(async (link) => (await link.getAttribute('aria-label')) ?? (await link.innerText()).trim()))
  }
}

/** Logs in through the login form and waits for the frame. */
export async function signIn(page: Page, email: string): Promise<CabinetShell> {
  const login = new LoginPage(page)
  await login.goto()
  await login.logIn(email)
  const shell = new CabinetShell(page)
  await shell.shown()
  return shell
}
