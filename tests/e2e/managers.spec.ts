import { sectionClosedMessage } from '../../src/contract/menu'
import { signIn, CabinetShell } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { LoginPage } from './support/login-page'
import { invitationLinkFor, ManagersPage } from './support/managers-page'
import { ordersThroughApi } from './support/orders-page'

test.describe.configure({ mode: 'serial', timeout: 120_000 })

const EMAIL = `invited-${Date.now()}@stroymarket.example`
const PASSWORD = 'пароль-менеджера-1'

test('a manager from the invitation to its first sign-in: one contract, two closed sections; the switch ends its session', async ({
  page,
  browser,
  checkA11y,
}) => {
  await signIn(page, DEMO.dealer.email)
  const managers = new ManagersPage(page)
  await managers.goto()
  await checkA11y(page)

  // the form: no contract chosen saves nothing
  await managers.add.click()
  const form = managers.form
  await expect(form.email).toBeVisible()
  await form.email.fill(EMAIL)
  await form.save.click()
  await expect(form.alert).toHaveText('Выберите договор')
  await expect(form.alert).toHaveCSS('color', 'rgb(180, 35, 24)')

  // one contract; the acts and favourites closed (closing «Заказы» would close its children)
  const firstContract = form.contracts.getByRole('checkbox').first()
  const header = ((await firstContract.locator('xpath=..').innerText()) || '').trim()
  await firstContract.check()
  await form.section('Заказы').uncheck()
  await expect(form.section('Акты сверки')).toBeDisabled()
  await expect(form.section('Акты сверки')).not.toBeChecked()
  await form.section('Заказы').check()
  await form.section('Акты сверки').uncheck()
  await form.section('Избранное').uncheck()
  await checkA11y(page)
  await form.save.click()
  await expect(form.saved).toHaveText('Данные сохранены')
  await expect(form.dialog).toBeHidden({ timeout: 6_000 })
  await expect(managers.row(EMAIL)).toContainText(header)
  await expect(managers.switchOf(EMAIL)).toHaveAttribute('aria-checked', 'true')

  // the manager opens the mailed link in its own browser and sets its password
  const managerContext = await browser.newContext({ locale: 'ru-RU', timezoneId: 'Europe/Moscow' })
  const managerPage = await managerContext.newPage()
  await managerPage.goto(invitationLinkFor(EMAIL))
  await managerPage.getByLabel('Пароль', { exact: true }).fill(PASSWORD)
  await managerPage.getByLabel('Повторите пароль').fill(PASSWORD)
  await managerPage.getByRole('button', { name: 'Сохранить пароль' }).click()
  await expect(managerPage.getByRole('status')).toContainText('Пароль сохранён')
  await checkA11y(managerPage)
  // a second use of the link is refused
  await managerPage.goto(invitationLinkFor(EMAIL))
  await managerPage.getByLabel('Пароль', { exact: true }).fill(PASSWORD)
  await managerPage.getByLabel('Повторите пароль').fill(PASSWORD)
  await managerPage.getByRole('button', { name: 'Сохранить пароль' }).click()
  await expect(managerPage.getByRole('alert')).toContainText('уже использовано')

  const login = new LoginPage(managerPage)
  await login.goto()
  await login.logIn(EMAIL, PASSWORD)
  const shell = new CabinetShell(managerPage)
  await shell.shown()
  await expect(shell.menuEntry('Акты сверки')).toHaveCount(0)
  await expect(shell.menuEntry('Избранное')).toHaveCount(0)
  await expect(shell.menuEntry('Менеджеры')).toHaveCount(0)

  // only that contract's orders
  const orders = await ordersThroughApi(managerPage)
  expect(orders.contracts.map((contract) => contract.header)).toEqual([header])
  await managerPage.goto('/cabinet/orders/')
  await expect(managerPage.getByRole('heading', { name: 'Заказы', level: 1 })).toBeVisible()

  for (const [path, key] of [
    ['/cabinet/acts/', 'acts'],
    ['/cabinet/favorites/', 'favorites'],
    ['/cabinet/managers/', 'managers'],
  ] as const) {
    await managerPage.goto(path)
    await expect(shell.content.getByRole('heading', { name: 'Нет доступа', level: 1 })).toBeVisible()
    await expect(shell.content.getByRole('alert')).toHaveText(`${sectionClosedMessage(key)}.`)
  }

  // the main account switches the manager off: its very next request ends the session
  await managers.switchOf(EMAIL).click()
  await expect(managers.saved).toBeVisible()
  await expect(managers.switchOf(EMAIL)).toHaveAttribute('aria-checked', 'false')
  // an address, not the menu's link: a background poll may have met the ended session first and
  // already taken the page to the login form
  await managerPage.goto('/cabinet/orders/')
  await expect(managerPage).toHaveURL(/\/login\//)
  await managerContext.close()
})

test('a taken e-mail is refused in the form; delete asks first', async ({ page }) => {
  await signIn(page, DEMO.dealer.email)
  const managers = new ManagersPage(page)
  await managers.goto()
  await managers.add.click()
  const form = managers.form
  await form.email.fill(DEMO.manager.email)
  await form.contracts.getByRole('checkbox').first().check()
  await form.save.click()
  await expect(form.alert).toHaveText('Этот Email уже занят')
  await form.cancel.click()
  await expect(form.dialog).toBeHidden()

  await page.getByRole('button', { name: `Удалить: ${EMAIL}` }).click()
  const question = page.getByRole('alertdialog').or(page.getByRole('dialog'))
  await expect(question).toContainText('Удалить менеджера?')
  await expect(question).toContainText(EMAIL)
  await question.getByRole('button', { name: 'Удалить' }).click()
  await expect(managers.row(EMAIL)).toHaveCount(0)
})
