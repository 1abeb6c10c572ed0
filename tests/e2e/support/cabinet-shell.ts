import { expect, type Locator, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from './demo-logins'
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

async function shownShell(page: Page): Promise<CabinetShell> {
  const shell = new CabinetShell(page)
  await shell.shown()
  return shell
}

/**
 * Logs in through the login form and waits for the frame: for the specs that need the sign-in in
 * the page's journal (the form itself is tested in auth.spec.ts and section-access.spec.ts).
 */
export async function signInThroughForm(page: Page, email: string): Promise<CabinetShell> {
  const login = new LoginPage(page)
  await login.goto()
  await login.logIn(email)
  return shownShell(page)
}

/**
 * Signs in through POST /api/login/, not the form: the page's context keeps the session cookie for
 * the next page it opens.
 */
export async function signInThroughApi(page: Page, email: string): Promise<void> {
  const answer = await page.request.post('/api/login/', { data: { email, password: DEMO_PASSWORD } })
  expect(answer.status(), `POST /api/login/ as ${email}: ${await answer.text()}`).toBe(200)
}

/**
 * Signs in through the API, then opens /login/, which sends a signed-in account on to its first
 * open section as «Войти» does, and waits for the frame.
 */
export async function signIn(page: Page, email: string): Promise<CabinetShell> {
  await signInThroughApi(page, email)
  await page.goto('/login/')
  return shownShell(page)
}
