import type { Page } from '@playwright/test'
import type { Account, BasketSummary, InitData } from '../../src/contract/account'
import { MENU } from '../../src/contract/menu'
import { formatCount, formatMoney, PRODUCT_FORMS } from '../../src/views/ui/format'
import { CabinetShell, signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { LoginPage } from './support/login-page'
import { Pagination } from './support/pagination'

// six agents share two cores here: axe on a full catalogue page can take many seconds
test.describe.configure({ timeout: 90_000 })

/** What the server says now, read with the page's own session cookie. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path)
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

const basketText = ({ count, sum }: BasketSummary) => `Корзина: ${formatCount(count, PRODUCT_FORMS)} на сумму ${formatMoney(sum)}`

/** Spec §2: exactly the entry whose link equals the address is highlighted. */
async function expectHighlightFollowsAddress(shell: CabinetShell): Promise<void> {
  const pathname = new URL(shell.page.url()).pathname
  const links = await shell.menuLinks.all()
  expect(links.length).toBeGreaterThan(0)
  for (const link of links) {
    const isThisAddress = (await link.getAttribute('href')) === pathname
    if (isThisAddress) await expect(link).toHaveAttribute('aria-current', 'page')
    else await expect(link).not.toHaveAttribute('aria-current')
  }
  await expect(shell.menu.locator('[aria-current="page"]')).toHaveCount(1)
}

test.describe('sidebar', () => {
  test('the highlighted entry is the one whose link equals the address', async ({ page, checkA11y }) => {
    const shell = await signIn(page, DEMO.dealer.email)
    await expect(shell.menuEntry('Каталог')).toHaveAttribute('aria-current', 'page')
    await expectHighlightFollowsAddress(shell)
    await checkA11y(page)

    await shell.menuEntry('Профиль').click()
    await expect(page).toHaveURL('/cabinet/profile/')
    await expect(shell.menuEntry('Профиль')).toHaveAttribute('aria-current', 'page')
    await expectHighlightFollowsAddress(shell)

    // the query does not count; an address without the trailing slash is the same page
    await page.goto('/cabinet/?page=2')
    await expect(shell.menuEntry('Каталог')).toHaveAttribute('aria-current', 'page')
    await expectHighlightFollowsAddress(shell)
    await page.goto('/cabinet/profile')
    await expect(shell.menuEntry('Профиль')).toHaveAttribute('aria-current', 'page')

    // an address no entry has: nothing is highlighted
    await page.goto('/cabinet/no-such-page/')
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible()
    await expect(shell.menu.locator('[aria-current]')).toHaveCount(0)
    await checkA11y(page)
  })

  test('narrow or wide is remembered across a reload', async ({ page, checkA11y }) => {
    const shell = await signIn(page, DEMO.dealer.email)
    const wideTitles = await shell.menuTitles()
    await expect(shell.sidebarToggle).toHaveAccessibleName('Свернуть меню')
    await expect(shell.sidebarToggle).toHaveAttribute('aria-expanded', 'true')

    await shell.sidebarToggle.click()
    await expect(shell.sidebarToggle).toHaveAccessibleName('Развернуть меню')
    await expect(shell.sidebarToggle).toHaveAttribute('aria-expanded', 'false')
    // narrow shows initials, yet every entry keeps its full name for assistive technology
    expect(await shell.menuTitles()).toEqual(wideTitles)
    await expect(shell.menuEntry('Каталог')).toHaveAttribute('aria-current', 'page')
    // and a keyboard user sees the title of the entry in focus
    await shell.sidebarToggle.press('Tab')
    await expect(shell.menuEntry('Каталог')).toBeFocused()
    await expect(shell.menuEntry('Каталог').getByText('Каталог', { exact: true })).toBeVisible()
    await checkA11y(page)

    await page.reload()
    await shell.shown()
    await expect(shell.sidebarToggle).toHaveAccessibleName('Развернуть меню')

    await shell.sidebarToggle.click()
    await expect(shell.sidebarToggle).toHaveAccessibleName('Свернуть меню')
    await page.reload()
    await shell.shown()
    await expect(shell.sidebarToggle).toHaveAccessibleName('Свернуть меню')
    await expect(shell.menuEntry('Каталог')).toHaveText('Каталог')
  })

  test('a manager does not see the menus the main account hid', async ({ browser, checkA11y }) => {
    const titlesOf = async (email: string) => {
      const context = await browser.newContext()
      const page = await context.newPage()
      const shell = await signIn(page, email)
      const titles = await shell.menuTitles()
      const { account } = await apiGet<InitData>(page, '/api/initdata/')
      await checkA11y(page)
      await context.close()
      return { titles, disabledMenus: account.disabledMenus }
    }
    const main = await titlesOf(DEMO.dealer.email)
    const manager = await titlesOf(DEMO.manager.email)

    // the seed hides some menus from this manager (server/db/seed-customers-data.ts)
    expect(manager.disabledMenus).toEqual([...DEMO.manager.disabledMenus])
    expect(main.disabledMenus).toEqual([])
    const hiddenTitles = MENU.filter((entry) => manager.disabledMenus.includes(entry.key)).map((entry) => entry.title)
    expect(hiddenTitles.length).toBeGreaterThan(0)
    expect(manager.titles).toEqual(main.titles.filter((title) => !hiddenTitles.includes(title)))
    for (const title of hiddenTitles) expect(manager.titles).not.toContain(title)
  })
})

test.describe('header', () => {
  test('the contract selector switches the contract, and the header follows', async ({ page, checkA11y }) => {
    const shell = await signIn(page, DEMO.dealer.email)
    const initData = await apiGet<InitData>(page, '/api/initdata/')
    expect(initData.contracts.length).toBeGreaterThan(1)
    const first = initData.contracts.find((contract) => contract.id === initData.selectedContract)
    const other = initData.contracts.find((contract) => contract.id !== initData.selectedContract)
    if (!first || !other) throw new Error('the demo dealer has several contracts')

    await expect(shell.contract).toHaveValue(first.id)
    await expect(shell.contract.locator('option')).toHaveText(initData.contracts.map((c) => `${c.header} — ${c.contragent}`))
    // the seed gives the first contract a basket
    expect(initData.basket.count).toBeGreaterThan(0)
    await expect(shell.basketSummary).toHaveText(basketText(initData.basket))
    await checkA11y(page)

    const setContract = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/setContract/')
    await shell.contract.selectOption(other.id)
    expect((await setContract).status()).toBe(200)
    await expect(shell.contract).toBeEnabled()
    await expect(shell.contract).toHaveValue(other.id)
    const switched = await apiGet<InitData>(page, '/api/initdata/')
    expect(switched.selectedContract).toBe(other.id)
    await expect(shell.basketSummary).toHaveText(basketText(switched.basket))

    // the server keeps the choice
    await page.reload()
    await shell.shown()
    await expect(shell.contract).toHaveValue(other.id)
    await expect(shell.basketSummary).toHaveText(basketText(switched.basket))

    await shell.contract.selectOption(first.id)
    await expect(shell.contract).toBeEnabled()
    await expect(shell.contract).toHaveValue(first.id)
    await expect(shell.basketSummary).toHaveText(basketText(initData.basket))
  })

  test('a refused switch is shown until closed, and the old contract stays', async ({ page, checkA11y }) => {
    const shell = await signIn(page, DEMO.dealer.email)
    const before = await shell.contract.inputValue()
    const other = await shell.contract.locator(`option:not([value="${before}"])`).first().getAttribute('value')
    await page.route('**/api/setContract/', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'Нет доступа' }) }),
    )

    await shell.contract.selectOption(other ?? '')
    const refusal = shell.header.getByRole('alert')
    await expect(refusal).toContainText('Нет доступа')
    await expect(shell.contract).toHaveValue(before)
    await checkA11y(page)

    await refusal.getByRole('button', { name: 'Закрыть' }).click()
    await expect(refusal).toBeHidden()
    await expect(shell.contract).toBeEnabled()
    await expect(shell.contract).toHaveValue(before)
  })

  test('the basket summary reads as Russian', async ({ page }) => {
    const shell = await signIn(page, DEMO.dealer.email)
    await expect(shell.basketSummary).toHaveText(/^Корзина: \d+ товар(а|ов)? на сумму \d[\d\u00a0]*,\d{2}\u00a0₽$/)
  })
})

test.describe('loading failures', () => {
  test('the cabinet data failing to load offers "Повторить"', async ({ page, checkA11y }) => {
    let failing = true
    await page.route('**/api/initdata/', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Сервер недоступен' }) }) : route.fallback(),
    )
    const login = new LoginPage(page)
    await login.goto()
    await login.logIn(DEMO.dealer.email)
    const failure = page.getByRole('alert')
    await expect(failure).toContainText('Не удалось загрузить данные кабинета')
    await expect(failure).toContainText('Сервер недоступен')
    await checkA11y(page)

    failing = false
    await failure.getByRole('button', { name: 'Повторить' }).click()
    await new CabinetShell(page).shown()
  })

  test('the profile failing to load offers "Повторить"', async ({ page, checkA11y }) => {
    const shell = await signIn(page, DEMO.dealer.email)
    let failing = true
    await page.route('**/api/account/*/', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Сервер недоступен' }) }) : route.fallback(),
    )
    await shell.menuEntry('Профиль').click()
    const failure = shell.content.getByRole('alert')
    await expect(failure).toContainText('Не удалось загрузить профиль')
    await checkA11y(page)

    failing = false
    await failure.getByRole('button', { name: 'Повторить' }).click()
    await expect(shell.content.locator('dl')).toContainText(DEMO.dealer.email)
  })
})

test.describe('profile', () => {
  for (const person of [DEMO.dealer, DEMO.manager]) {
    test(`${person.email} sees the account from /api/account/{id}`, async ({ page, checkA11y }) => {
      const shell = await signIn(page, person.email)
      const { account: signedIn } = await apiGet<{ account: Account }>(page, '/api/session/')
      const { account } = await apiGet<{ account: Account }>(page, `/api/account/${signedIn.id}/`)

      await shell.menuEntry('Профиль').click()
      await expect(page).toHaveURL('/cabinet/profile/')
      const facts = shell.content.locator('dl')
      const fact = (term: string) => facts.locator(`dt:text-is("${term}") + dd`)
      await expect(fact('Имя')).toHaveText(person.name)
      await expect(fact('E-mail')).toHaveText(account.email)
      await expect(fact('Телефон')).toHaveText(person.phone)
      await expect(fact('Компания')).toHaveText(person.company)
      await expect(fact('ИНН')).toHaveText(account.inn)
      await expect(fact('Роль')).toHaveText(account.type_id === '1' ? 'Основной аккаунт' : 'Менеджер')

      const contracts = shell.content.getByRole('table')
      await expect(contracts.getByRole('row')).toHaveCount(account.contracts.length + 1)
      for (const contract of account.contracts) {
        await expect(contracts.getByRole('row', { name: `${contract.header} ${contract.contragent}` })).toBeVisible()
      }
      const hidden = shell.content.getByRole('region', { name: 'Скрытые разделы' })
      if (account.type_id === '2') {
        const titles = account.disabledMenus.map((key) => MENU.find((entry) => entry.key === key)?.title ?? key)
        expect(titles.length).toBeGreaterThan(0)
        await expect(hidden.getByRole('listitem')).toHaveText(titles)
      } else {
        await expect(hidden).toHaveCount(0)
      }
      await checkA11y(page)
    })
  }
})

/** The whole catalogue (spec: all catalogues is -1) has pages enough whatever the default section holds. */
const ALL_CATALOGUES = '/cabinet/?catalog=-1'

/** /cabinet/ at this page, the other parameters (however the catalogue writes them) as they were. */
const isCataloguePage = (page: number, others: URLSearchParams) => (url: URL) => {
  const rest = new URLSearchParams(url.searchParams)
  rest.delete('page')
  return url.pathname === '/cabinet/' && url.searchParams.get('page') === String(page) && rest.toString() === others.toString()
}

test.describe('pagination by the address', () => {
  test('the page lives in ?page=: next, reload and back keep it', async ({ page, checkA11y }) => {
    await signIn(page, DEMO.dealer.email)
    const pagination = new Pagination(page)

    await page.goto(`${ALL_CATALOGUES}&page=3`)
    await expect(pagination.current).toHaveText('3')
    await expect(pagination.cell(3)).toHaveAttribute('aria-current', 'page')
    await checkA11y(page)
    const others = new URL(page.url()).searchParams
    others.delete('page')
    expect(others.has('catalog')).toBe(true)

    // the other query parameters stay
    await pagination.next.click()
    await expect(page).toHaveURL(isCataloguePage(4, others))
    await expect(pagination.current).toHaveText('4')

    await page.reload()
    await expect(page).toHaveURL(isCataloguePage(4, others))
    await expect(pagination.current).toHaveText('4')

    await page.goBack()
    await expect(page).toHaveURL(isCataloguePage(3, others))
    await expect(pagination.current).toHaveText('3')

    await pagination.previous.click()
    await expect(page).toHaveURL(isCataloguePage(2, others))
    await expect(pagination.current).toHaveText('2')
    await pagination.cell(1).click()
    await expect(pagination.current).toHaveText('1')
    await expect(pagination.previous).toHaveAttribute('aria-disabled', 'true')
  })
})
