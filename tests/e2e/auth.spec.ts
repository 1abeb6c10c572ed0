import { MENU } from '../../src/contract/menu'
import { CabinetShell } from './support/cabinet-shell'
import { DEMO, DEMO_PASSWORD } from './support/demo-logins'
import { queryE2eDb } from './support/e2e-db'
import { expect, test } from './support/fixtures'
import { LoginPage } from './support/login-page'
import { Pagination } from './support/pagination'
import { newCustomer, registerThroughApi } from './support/registration-page'
import { HeaderSearch } from './support/search-pages'
import { TEXTS } from './support/texts'

// six agents share two cores here: axe on a full catalogue page can take many seconds
test.describe.configure({ timeout: 90_000 })

/** Every cabinet address of the menu, and one the cabinet does not have. */
const CABINET_PAGES = [...MENU.map((entry) => entry.path).filter((path) => path.startsWith('/cabinet/')), '/cabinet/no-such-page/']

/** /login/?redirect=<path>: where the gate sends a visitor without a session. */
const loginAddressFor = (path: string) => (url: URL) => url.pathname === '/login/' && url.searchParams.get('redirect') === path

test.describe('logging in and out', () => {
  test('a dealer logs in, sees the cabinet, logs out and the session is gone', async ({ page, checkA11y }) => {
    const login = new LoginPage(page)
    await login.goto()
    await checkA11y(page)

    await login.logIn(DEMO.dealer.email)
    const shell = new CabinetShell(page)
    await expect(page).toHaveURL('/cabinet/')
    await shell.shown()
    await expect(shell.header).toContainText(DEMO.dealer.company)
    await expect(shell.header).toContainText(DEMO.dealer.name)
    await checkA11y(page)

    await shell.logOut.click()
    await expect(login.form).toBeVisible()
    // "Выйти" forgets the page: the next person to sign in here starts at the catalogue
    await expect(page).toHaveURL((url) => url.pathname === '/login/' && !url.searchParams.has('redirect'))
    expect(await (await page.request.get('/api/session/')).json()).toEqual({ account: null })

    // the old page is not reachable any more, by address or by the back button
    await page.goto('/cabinet/profile/')
    await expect(page).toHaveURL(loginAddressFor('/cabinet/profile/'))
    await expect(login.form).toBeVisible()
  })

  test('the e-mail is not case-sensitive and the login page leaves when already signed in', async ({ page }) => {
    const login = new LoginPage(page)
    await login.goto()
    await login.logIn(`  ${DEMO.otherDealer.email.toUpperCase()} `)
    await new CabinetShell(page).shown()
    await expect(page.getByRole('banner')).toContainText(DEMO.otherDealer.company)

    await page.goto('/login/')
    await expect(page).toHaveURL('/cabinet/')
  })

  test('empty fields are named and no call is made', async ({ page, checkA11y }) => {
    const login = new LoginPage(page)
    await login.goto()
    let loginCalls = 0
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/login/') loginCalls += 1
    })

    await login.submit.click()
    await expect(login.email).toHaveAccessibleDescription(TEXTS.required)
    await expect(login.password).toHaveAccessibleDescription(TEXTS.required)
    await expect(login.email).toHaveAttribute('aria-invalid', 'true')
    await checkA11y(page)

    await login.email.fill(DEMO.dealer.email)
    await expect(login.email).not.toHaveAccessibleDescription(TEXTS.required)
    await login.submit.click()
    await expect(login.password).toHaveAccessibleDescription(TEXTS.required)
    expect(loginCalls).toBe(0)
  })

  test('a wrong password is refused in Russian, and typing again clears the message', async ({ page, checkA11y }) => {
    const login = new LoginPage(page)
    await login.goto()
    await login.logIn(DEMO.dealer.email, 'not-the-password')
    await expect(login.alert).toHaveText('Неверный e-mail или пароль')
    await expect(page).toHaveURL('/login/')
    await checkA11y(page)

    await login.password.fill(DEMO_PASSWORD)
    await expect(login.alert).toBeHidden()
    await login.submit.click()
    await new CabinetShell(page).shown()
  })

  test('a registered account that is not approved yet is told so in Russian', async ({ page, checkA11y }) => {
    const customer = newCustomer()
    await registerThroughApi(page, customer)

    const login = new LoginPage(page)
    await login.goto()
    await login.logIn(customer.email, customer.password)
    await expect(login.alert).toHaveText(TEXTS.notApproved)
    await expect(page).toHaveURL('/login/')
    expect(await (await page.request.get('/api/session/')).json()).toEqual({ account: null })
    await checkA11y(page)
  })
})

test.describe('the cabinet needs a session', () => {
  test('a session ended on the server sends the dealer to log in again, and back', async ({ page, checkA11y }) => {
    const login = new LoginPage(page)
    await login.goto()
    await login.logIn(DEMO.dealer.email)
    const shell = new CabinetShell(page)
    await shell.shown()
    // the catalogue has loaded what it shows, and the frame what it loads at the first idle moment
    // (the header search, the inbox and its first poll): the page is idle when the session goes
    await expect(new HeaderSearch(page).field).toBeEnabled()
    await page.waitForLoadState('networkidle')

    // the session is deleted behind the page's back (another tab logged out, or it expired)
    expect((await page.request.post('/api/logout/', { data: {} })).status()).toBe(200)
    await shell.menuEntry('Профиль').click()
    await expect(page).toHaveURL(loginAddressFor('/cabinet/profile/'))
    await expect(login.alert).toHaveText('Сессия истекла, войдите снова')
    await checkA11y(page)

    await login.logIn(DEMO.dealer.email)
    await expect(page).toHaveURL('/cabinet/profile/')
  })

  test('every cabinet page sends a visitor without a session to the login page', async ({ page }) => {
    const login = new LoginPage(page)
    for (const path of CABINET_PAGES) {
      await test.step(path, async () => {
        await page.goto(path)
        await expect(page).toHaveURL(loginAddressFor(path))
        await expect(login.form).toBeVisible()
      })
    }
  })

  test('after logging in the dealer is on the page asked for, query included', async ({ page, checkA11y }) => {
    const login = new LoginPage(page)
    await page.goto('/cabinet/profile/')
    await expect(page).toHaveURL(loginAddressFor('/cabinet/profile/'))
    await login.logIn(DEMO.dealer.email)
    await expect(page).toHaveURL('/cabinet/profile/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Профиль')
    await checkA11y(page)

    await new CabinetShell(page).logOut.click()
    // the whole catalogue (all catalogues is -1), so that there is a page 2
    await page.goto('/cabinet/?catalog=-1&page=2')
    const isCataloguePage2 = (url: URL) => url.pathname === '/cabinet/' && url.searchParams.get('page') === '2' && url.searchParams.has('catalog')
    await expect(page).toHaveURL((url) => url.pathname === '/login/' && isCataloguePage2(new URL(url.searchParams.get('redirect') ?? '', url)))
    await login.logIn(DEMO.dealer.email)
    await expect(page).toHaveURL(isCataloguePage2)
    await expect(new Pagination(page).current).toHaveText('2')
  })

  test('a redirect to another site is ignored', async ({ page }) => {
    await page.goto('/login/?redirect=//evil.example/')
    await new LoginPage(page).logIn(DEMO.dealer.email)
    await expect(page).toHaveURL('/cabinet/')
  })
})

test.describe('password reminder', () => {
  test('an empty e-mail, an unknown one and a known one get the answers of the spec', async ({ page, checkA11y }) => {
    const login = new LoginPage(page)
    await login.goto()
    const reminder = await login.openReminder()
    await expect(reminder.email).toBeFocused()
    await checkA11y(page)

    await reminder.send.click()
    await expect(reminder.email).toHaveAccessibleDescription('Вы ничего не ввели')
    await checkA11y(page)

    await reminder.ask('nobody@example.com')
    await expect(reminder.dialog.getByRole('alert')).toHaveText('В нашей базе не содержится такого E-mail')
    await reminder.email.fill('')
    await reminder.email.pressSequentially(DEMO.manager.email)
    await expect(reminder.dialog.getByRole('alert')).toBeHidden()

    await reminder.send.click()
    await expect(reminder.dialog.getByRole('status')).toHaveText('Письмо с вашими данными было отправлено на вашу почту')
    await checkA11y(page)
    const letter = queryE2eDb<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1',
      DEMO.manager.email,
    )
    expect(letter?.body).toContain(`Логин: ${DEMO.manager.email}`)
    expect(letter?.body).toMatch(/Временный пароль: \S+/)

    await reminder.close.click()
    await expect(reminder.dialog).toBeHidden()
    // the old password keeps working until the temporary one is used
    await login.logIn(DEMO.manager.email)
    await new CabinetShell(page).shown()
  })
})
