import type { Locator, Page } from '@playwright/test'
import { REGISTRATION_SNAPSHOT_KEY } from '../../src/services/storage'
import { runAdmin } from './support/admin-cli'
import { CabinetShell } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { LoginPage } from './support/login-page'
import { maskedPhone, newCustomer, RegistrationDialog } from './support/registration-page'
import { TEXTS } from './support/texts'

// six agents share two cores here: axe on a full catalogue page can take many seconds
test.describe.configure({ timeout: 90_000 })

const CONGRATULATION = 'Поздравляем! Регистрация прошла успешно. Доступ в кабинет откроется после проверки администратором.'
/** spec §4, §9: the registration error shows for 3 s */
const ERROR_SHOWN_MS = 3_000

async function openRegistration(page: Page): Promise<RegistrationDialog> {
  await new LoginPage(page).goto()
  const registration = new RegistrationDialog(page)
  await registration.open()
  await expect(page).toHaveURL('/registration/form/')
  return registration
}

/** Red as the spec means it: the red channel well above green and blue. */
async function expectRed(locator: Locator): Promise<void> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color)
  const [red = 0, green = 0, blue = 0] = (color.match(/\d+/g) ?? []).map(Number)
  expect(red, `colour ${color}`).toBeGreaterThan(Math.max(green, blue) * 2)
}

/** Waits for the server's message to go and answers how long it was on screen since `shownAt`. */
async function shownFor(message: Locator, shownAt: number): Promise<number> {
  await expect(message).toBeHidden({ timeout: ERROR_SHOWN_MS + 3_000 })
  return Date.now() - shownAt
}

test.describe('registration form', () => {
  test('every required field says so when left empty, and typing fixes it', async ({ page, checkA11y }) => {
    const registration = await openRegistration(page)
    await checkA11y(page)
    let registrationCalls = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/registration/') registrationCalls += 1
    })

    for (const field of registration.fields) {
      await field.focus()
      await expect(field).not.toHaveAccessibleDescription(TEXTS.required)
      await field.press('Tab')
      await expect(field).toHaveAccessibleDescription(TEXTS.required)
      await expect(field).toHaveAttribute('aria-invalid', 'true')
    }
    await checkA11y(page)

    await registration.company.fill('ООО «Ромашка»')
    await expect(registration.company).not.toHaveAccessibleDescription(TEXTS.required)
    await expect(registration.company).not.toHaveAttribute('aria-invalid', 'true')

    await registration.submit.click()
    for (const field of registration.fields.filter((field) => field !== registration.company)) {
      await expect(field).toHaveAccessibleDescription(TEXTS.required)
    }
    expect(registrationCalls).toBe(0)
  })

  test('the phone takes the mask +7 (xxx) xxx-xx-xx', async ({ page }) => {
    const { phone } = await openRegistration(page)
    await expect(phone).toHaveAttribute('placeholder', '+7 (___) ___-__-__')

    await phone.pressSequentially('916abc1234567')
    await expect(phone).toHaveValue('+7 (916) 123-45-67')
    // the mask is full: more digits are not taken
    await phone.press('9')
    await expect(phone).toHaveValue('+7 (916) 123-45-67')

    // with the trunk prefix, as numbers are often written and autofilled: 8 916 …, +7 916 …
    for (const written of ['89161234567', '8 (916) 123-45-67', '+7 916 123 45 67']) {
      await phone.fill('')
      await phone.pressSequentially(written)
      await expect(phone).toHaveValue('+7 (916) 123-45-67')
      await phone.fill(written)
      await expect(phone).toHaveValue('+7 (916) 123-45-67')
    }

    // a code that starts with 8 is a code, not a prefix
    await phone.fill('')
    await phone.pressSequentially('812407')
    await expect(phone).toHaveValue('+7 (812) 407')
    await phone.press('Tab')
    await expect(phone).toHaveAccessibleDescription('Телефон в формате +7 (xxx) xxx-xx-xx')
    await phone.click()
    await phone.press('End')
    await phone.pressSequentially('1962')
    await expect(phone).toHaveValue(maskedPhone('8124071962'))
    await expect(phone).not.toHaveAccessibleDescription(/./)
  })

  test('"Обновить картинку" shows a new code and empties the code field', async ({ page, readCaptchaAnswer }) => {
    const registration = await openRegistration(page)
    const firstSrc = await registration.captchaImage.getAttribute('src')
    const firstCode = await readCaptchaAnswer(page)
    await registration.captcha.fill('abc')

    const picture = page.waitForResponse((response) => new URL(response.url()).pathname === '/registration/captcha')
    await registration.dialog.getByRole('button', { name: 'Обновить картинку' }).click()
    expect((await picture).status()).toBe(200)
    await expect(registration.captchaImage).not.toHaveAttribute('src', firstSrc ?? '')
    await expect(registration.captcha).toHaveValue('')
    expect(await readCaptchaAnswer(page)).toMatch(/^[a-z0-9]{5}$/)
    expect(await readCaptchaAnswer(page)).not.toBe(firstCode)
  })

  test('"Закрыть" and Escape go back to the login page', async ({ page }) => {
    const registration = await openRegistration(page)
    await registration.dialog.getByRole('link', { name: 'Закрыть' }).click()
    await expect(page).toHaveURL('/login/')
    await expect(registration.dialog).toBeHidden()

    await registration.open()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL('/login/')
    await expect(registration.dialog).toBeHidden()
  })
})

test.describe('registering a new customer', () => {
  test('a wrong captcha, then the right one; the administrator approves and the new account logs in', async ({ page, checkA11y }) => {
    const customer = newCustomer()
    const registration = await openRegistration(page)
    await registration.fillCustomer(customer)
    await expect(registration.phone).toHaveValue(maskedPhone(customer.phoneDigits))
    const firstSrc = await registration.captchaImage.getAttribute('src')

    await registration.submitWithCaptcha('wrong', { expectNewPicture: true })
    await expect(registration.alert).toHaveText('Неверный код с картинки')
    const shownAt = Date.now()
    await expectRed(registration.alert)
    await checkA11y(page)
    // a refusal brings a new picture and an empty code field; nothing else typed is lost
    await expect(registration.captchaImage).not.toHaveAttribute('src', firstSrc ?? '')
    await expect(registration.captcha).toHaveValue('')
    await expect(registration.company).toHaveValue(customer.company)
    await expect(registration.email).toHaveValue(customer.email)
    await expect(registration.phone).toHaveValue(maskedPhone(customer.phoneDigits))
    expect(await shownFor(registration.alert, shownAt)).toBeGreaterThanOrEqual(ERROR_SHOWN_MS - 500)

    // a reload keeps what was typed in this tab, but never the password or the code
    await registration.reload()
    await expect(registration.company).toHaveValue(customer.company)
    await expect(registration.inn).toHaveValue(customer.inn)
    await expect(registration.name).toHaveValue(customer.name)
    await expect(registration.email).toHaveValue(customer.email)
    await expect(registration.phone).toHaveValue(maskedPhone(customer.phoneDigits))
    await expect(registration.password).toHaveValue('')
    expect(await page.evaluate(() => Object.values(sessionStorage).join(' '))).not.toContain(customer.password)
    await registration.password.fill(customer.password)

    await registration.submitWithCaptcha(await registration.readCaptcha(), { expectNewPicture: false })
    await expect(registration.success).toHaveText(CONGRATULATION)
    // registered: the draft is gone
    expect(await page.evaluate((key) => sessionStorage.getItem(key), REGISTRATION_SNAPSHOT_KEY)).toBeNull()
    await checkA11y(page)

    // not yet approved: the login is refused, in Russian
    await registration.dialog.getByRole('link', { name: 'Перейти ко входу' }).click()
    await expect(page).toHaveURL('/login/')
    const login = new LoginPage(page)
    await login.logIn(customer.email, customer.password)
    await expect(login.alert).toHaveText(TEXTS.notApproved)

    expect(await runAdmin('pending')).toContain(customer.email)
    expect(await runAdmin('approve', customer.email)).toContain(`Заявка ${customer.email} одобрена`)

    await login.password.fill(customer.password)
    await login.submit.click()
    const shell = new CabinetShell(page)
    await shell.shown()
    await expect(page).toHaveURL('/cabinet/')
    await expect(shell.header).toContainText(customer.company)
    await expect(shell.header).toContainText(customer.name)
    await expect(shell.contract.locator('option')).toHaveCount(1)
    await checkA11y(page)
  })

  test('a picture older than 5 minutes is refused, and its successor works', async ({ page }) => {
    const customer = newCustomer()
    const registration = await openRegistration(page)
    await registration.fillCustomer(customer)
    const staleCode = await registration.readCaptcha()
    await registration.ageCaptcha()

    await registration.submitWithCaptcha(staleCode, { expectNewPicture: true })
    await expect(registration.alert).toHaveText('Код с картинки устарел, обновите картинку')
    await registration.submitWithCaptcha(await registration.readCaptcha(), { expectNewPicture: false })
    await expect(registration.success).toHaveText(CONGRATULATION)
  })

  test('each field is checked by its rule when left', async ({ page }) => {
    const registration = await openRegistration(page)
    const rules: [Locator, string, string][] = [
      [registration.inn, '12345', 'ИНН состоит из 10 или 12 цифр'],
      [registration.inn, '7707083894', 'Неверный ИНН: не сходятся контрольные цифры'],
      [registration.email, 'dealer@', 'Введите корректный e-mail'],
      [registration.password, 'short', 'Пароль не короче 8 символов'],
      [registration.company, '   ', TEXTS.required],
    ]
    for (const [field, value, message] of rules) {
      await field.fill(value)
      await field.press('Tab')
      await expect(field).toHaveAccessibleDescription(message)
    }
  })

  test('an e-mail already registered: the server message shows in red for 3 s', async ({ page, readCaptchaAnswer }) => {
    const registration = await openRegistration(page)
    await registration.fillCustomer({ ...newCustomer(), email: DEMO.dealer.email })
    await registration.submitWithCaptcha(await readCaptchaAnswer(page), { expectNewPicture: true })
    await expect(registration.alert).toHaveText('Пользователь с таким e-mail уже зарегистрирован')
    const shownAt = Date.now()
    await expectRed(registration.alert)
    const shownMs = await shownFor(registration.alert, shownAt)
    expect(shownMs).toBeGreaterThanOrEqual(ERROR_SHOWN_MS - 500)
    expect(shownMs).toBeLessThan(ERROR_SHOWN_MS + 2_000)
    await expect(registration.submit).toBeEnabled()
  })
})
