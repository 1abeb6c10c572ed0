import { expect, type Locator, type Page, type Response } from '@playwright/test'
import Database from 'better-sqlite3'
import { readCaptchaAnswer } from './e2e-db'
import { E2E_DB_FILE } from './e2e-env'

/** What a new customer types into the registration form (the phone as its 10 national digits). */
export interface NewCustomer {
  company: string
  inn: string
  name: string
  email: string
  phoneDigits: string
  password: string
}

let customerSerial = 0

/** A customer no one has registered yet in this run: its e-mail is unique. */
export function newCustomer(): NewCustomer {
  customerSerial += 1
  const tag = `${Date.now().toString(36)}${customerSerial}`
  return {
    company: `ООО «Новый дилер ${customerSerial}»`,
    inn: '7707083893',
    name: 'Орлова Вера Николаевна',
    email: `new-dealer-${tag}@example.com`,
    phoneDigits: '9161234567',
    password: 'secret-pass-1',
  }
}

/** The mask's form of 10 national digits: '9161234567' → '+7 (916) 123-45-67'. */
export const maskedPhone = (digits: string) => `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8, 10)}`

const isCaptchaImage = (response: Response) => new URL(response.url()).pathname === '/registration/captcha'

/** The "Регистрация нового клиента" dialog at /registration/form/. */
export class RegistrationDialog {
  readonly dialog: Locator
  readonly company: Locator
  readonly inn: Locator
  readonly name: Locator
  readonly email: Locator
  readonly phone: Locator
  readonly password: Locator
  readonly captchaImage: Locator
  readonly captcha: Locator
  readonly submit: Locator
  /** the server's refusal, in red */
  readonly alert: Locator
  /** the congratulation */
  readonly success: Locator

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Регистрация нового клиента' })
    this.company = this.dialog.getByLabel('Компания')
    this.inn = this.dialog.getByLabel('ИНН')
    this.name = this.dialog.getByLabel('Контактное лицо')
    this.email = this.dialog.getByLabel('E-mail')
    this.phone = this.dialog.getByLabel('Телефон')
    this.password = this.dialog.getByLabel('Пароль')
    this.captchaImage = this.dialog.getByRole('img', { name: 'Код с картинки' })
    this.captcha = this.dialog.getByRole('textbox', { name: 'Код с картинки' })
    this.submit = this.dialog.getByRole('button', { name: 'Зарегистрироваться' })
    this.alert = this.dialog.locator('p[role="alert"]')
    this.success = this.dialog.getByRole('status')
  }

  /** The fields in the form's order. */
  get fields(): Locator[] {
    return [this.company, this.inn, this.name, this.email, this.phone, this.password, this.captcha]
  }

  /** Opens the form as a visitor does, from the login page's link, and waits for the captcha picture. */
  async open(): Promise<void> {
    const picture = this.page.waitForResponse(isCaptchaImage)
    await this.page.getByRole('link', { name: 'Регистрация нового клиента' }).click()
    await expect(this.dialog).toBeVisible()
    await picture
  }

  /** Reloads the page and waits for the form with its new captcha picture. */
  async reload(): Promise<void> {
    const picture = this.page.waitForResponse(isCaptchaImage)
    await this.page.reload()
    await expect(this.dialog).toBeVisible()
    await picture
  }

  async fillCustomer(customer: NewCustomer): Promise<void> {
    await this.company.fill(customer.company)
    await this.inn.fill(customer.inn)
    await this.name.fill(customer.name)
    await this.email.fill(customer.email)
    await this.phone.pressSequentially(customer.phoneDigits)
    await this.password.fill(customer.password)
  }

  /**
   * Types the code and presses "Зарегистрироваться". A refusal brings a new picture: this waits
   * until it has loaded, so the next readCaptchaAnswer reads the new code.
   */
  async submitWithCaptcha(code: string, { expectNewPicture }: { expectNewPicture: boolean }): Promise<void> {
    await this.captcha.fill(code)
    const picture = expectNewPicture ? this.page.waitForResponse(isCaptchaImage) : null
    await this.submit.click()
    await picture
  }

  /** The code on the picture the form shows now, as the person reading it would type it. */
  readCaptcha(): Promise<string> {
    return readCaptchaAnswer(this.page)
  }

  /** Makes the picture shown now older than its 5 minutes, as if the visitor had gone for a coffee. */
  async ageCaptcha(): Promise<void> {
    const captchaId = (await this.page.context().cookies()).find((cookie) => cookie.name === 'cabinet_captcha')?.value
    const db = new Database(E2E_DB_FILE, { fileMustExist: true })
    try {
      const { changes } = db.prepare('UPDATE captchas SET expires_at = ? WHERE id = ?').run(Date.now() - 1_000, captchaId)
      expect(changes, 'the captcha shown is in the database').toBe(1)
    } finally {
      db.close()
    }
  }
}

/**
 * Registers a customer with POST /registration/ (the form's own call), leaving an account that
 * waits for approval. For specs about what happens after registering, not about the form.
 */
export async function registerThroughApi(page: Page, customer: NewCustomer): Promise<void> {
  expect((await page.request.get(`/registration/captcha?t=${Date.now()}`)).ok()).toBe(true)
  const { phoneDigits, ...fields } = customer
  const response = await page.request.post('/registration/', {
    data: { ...fields, phone: maskedPhone(phoneDigits), captcha: await readCaptchaAnswer(page) },
  })
  expect(await response.json()).toMatchObject({ state: 'success' })
}
