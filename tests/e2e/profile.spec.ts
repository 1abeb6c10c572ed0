import { maskedPhone } from './support/registration-page'
import { expect, test } from './support/fixtures'
import { LoginPage } from './support/login-page'
import { approvedCustomer, logInWith, mailedTemporaryPassword, ProfilePage } from './support/profile-page'

// six agents share two cores here: the registration, the scrypt hashes and axe take their time
test.describe.configure({ timeout: 90_000 })

const TEXTS = {
  saved: 'Данные сохранены',
  wrongCurrent: 'Неверный текущий пароль',
  passwordChanged: 'Пароль изменён. Другие сеансы этого аккаунта завершены.',
  required: 'Это поле необходимо заполнить.',
  phoneFormat: 'Телефон в формате +7 (xxx) xxx-xx-xx',
  passwordsDiffer: 'Пароли не совпадают',
}

const SAVED_MS = 1_500
const NEW_PASSWORD = 'новый-пароль-2026'

test('the dealer changes the name and the phone: «Данные сохранены» for 1.5 s, kept after a reload', async ({ page, checkA11y }) => {
  const customer = await approvedCustomer(page)
  const shell = await logInWith(page, customer.email, customer.password)
  const profile = new ProfilePage(page)
  await profile.goto()
  await expect(profile.name).toHaveValue(customer.name)
  await expect(profile.phone).toHaveValue(maskedPhone(customer.phoneDigits))

  // the registration rules: a name is required, the phone complete
  await profile.name.fill('')
  await profile.typePhone('91234')
  await profile.save.click()
  await expect(profile.details.getByText(TEXTS.required)).toBeVisible()
  await expect(profile.details.getByText(TEXTS.phoneFormat)).toBeVisible()
  await checkA11y(page)

  await profile.name.fill('Белова Ольга Сергеевна')
  await profile.typePhone('9031112233')
  await expect(profile.phone).toHaveValue('+7 (903) 111-22-33')
  await profile.save.click()
  await expect(profile.saved).toHaveText(TEXTS.saved)
  const shownAt = Date.now()
  await expect(profile.saved).toHaveText('', { timeout: 5_000 })
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(SAVED_MS - 500)
  await expect(profile.fact('Имя')).toHaveText('Белова Ольга Сергеевна')
  await expect(shell.header).toContainText('Белова Ольга Сергеевна')

  await page.reload()
  await expect(profile.name).toHaveValue('Белова Ольга Сергеевна')
  await expect(profile.phone).toHaveValue('+7 (903) 111-22-33')
  await expect(profile.fact('Телефон')).toHaveText('+7 (903) 111-22-33')
})

test('a password change: a wrong current one is refused; the right one logs out the other browser, the new one signs in', async ({
  page,
  browser,
  checkA11y,
}) => {
  const customer = await approvedCustomer(page)
  const otherContext = await browser.newContext()
  const otherPage = await otherContext.newPage()
  try {
    await logInWith(otherPage, customer.email, customer.password)
    await logInWith(page, customer.email, customer.password)
    const profile = new ProfilePage(page)
    await profile.goto()

    await profile.changePassword(customer.password, NEW_PASSWORD, `${NEW_PASSWORD}-другой`)
    await expect(profile.password.getByText(TEXTS.passwordsDiffer)).toBeVisible()

    await profile.changePassword('не-тот-пароль', NEW_PASSWORD)
    await expect(profile.passwordAlert).toHaveText(TEXTS.wrongCurrent)
    await checkA11y(page)

    await profile.changePassword(customer.password, NEW_PASSWORD)
    await expect(profile.passwordStatus).toHaveText(TEXTS.passwordChanged)
    await expect(profile.currentPassword).toHaveValue('')

    // this browser stays signed in; the other one is sent to the login page on its next request
    await page.reload()
    await expect(profile.name).toBeVisible()
    await otherPage.goto('/cabinet/profile/')
    await expect(new LoginPage(otherPage).form).toBeVisible()

    const login = new LoginPage(otherPage)
    await login.logIn(customer.email, customer.password)
    await expect(login.alert).toHaveText('Неверный e-mail или пароль')
    await logInWith(otherPage, customer.email, NEW_PASSWORD)
  } finally {
    await otherContext.close()
  }
})

test('a reminder’s temporary password, used to sign in, is then changed on the profile', async ({ page }) => {
  const customer = await approvedCustomer(page)
  const login = new LoginPage(page)
  await login.goto()
  const reminder = await login.openReminder()
  await reminder.ask(customer.email)
  await expect(reminder.dialog.getByRole('status')).toHaveText('Письмо с вашими данными было отправлено на вашу почту')
  await reminder.close.click()
  const temporary = mailedTemporaryPassword(customer.email)

  const shell = await logInWith(page, customer.email, temporary)
  const profile = new ProfilePage(page)
  await profile.goto()
  await profile.changePassword(temporary, NEW_PASSWORD)
  await expect(profile.passwordStatus).toHaveText(TEXTS.passwordChanged)

  await shell.logOut.click()
  await login.goto()
  await login.logIn(customer.email, temporary)
  await expect(login.alert).toHaveText('Неверный e-mail или пароль')
  await logInWith(page, customer.email, NEW_PASSWORD)
})
