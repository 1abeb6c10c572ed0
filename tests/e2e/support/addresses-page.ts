import { expect, type Locator, type Page } from '@playwright/test'
import { addressesResponseSchema, type Address } from '../../../src/contract/addresses'

/** /cabinet/addresses/: the delivery addresses, «Добавить адрес», each row's «Изменить» and «Удалить», and the dialogs. */
export class AddressesPage {
  readonly heading: Locator
  readonly add: Locator
  readonly empty: Locator
  readonly removeDialog: Locator
  readonly form: AddressFormDialog

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Адреса доставки' })
    this.add = page.getByRole('main').getByRole('button', { name: 'Добавить адрес' })
    this.empty = page.getByRole('main').getByText('Адресов пока нет', { exact: true })
    this.removeDialog = page.getByRole('alertdialog', { name: 'Удалить адрес?' })
    this.form = new AddressFormDialog(page)
  }

  async open(): Promise<void> {
    await this.page.goto('/cabinet/addresses/')
    await expect(this.heading).toBeVisible()
  }

  /** An address's row (or card on a phone), by its full address. */
  row(fullAddress: string): Locator {
    return this.page.getByRole('main').getByRole('row', { name: fullAddress, exact: true })
  }
}

/** The modal «Адрес доставки»: the address combobox with its suggestions, the postal index and the buttons. */
export class AddressFormDialog {
  readonly dialog: Locator
  readonly address: Locator
  readonly suggestions: Locator
  readonly postindex: Locator
  readonly save: Locator
  readonly cancel: Locator
  readonly saved: Locator

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Адрес доставки' })
    this.address = this.dialog.getByRole('combobox', { name: 'Адрес' })
    this.suggestions = this.dialog.getByRole('listbox', { name: 'Подсказки адреса' })
    this.postindex = this.dialog.getByLabel('Почтовый индекс')
    this.save = this.dialog.getByRole('button', { name: 'Сохранить' })
    this.cancel = this.dialog.getByRole('button', { name: 'Отмена' })
    this.saved = this.dialog.getByRole('status')
  }

  option(name: string): Locator {
    return this.suggestions.getByRole('option', { name })
  }
}

/** The company's addresses as GET /api/address/ lists them (the first 100). */
export async function addressesData(page: Page): Promise<Address[]> {
  const response = await page.request.get('/api/address/?perpage=100')
  expect(response.status()).toBe(200)
  return addressesResponseSchema.parse(await response.json()).addresses
}

/** Deletes, through the API, the company's addresses an earlier run of a spec left behind. */
export async function removeAddressesThroughApi(page: Page, matching: RegExp): Promise<void> {
  for (const address of await addressesData(page)) {
    if (!matching.test(address.full_address)) continue
    expect((await page.request.delete(`/api/address/${address.id}/`)).status()).toBe(200)
  }
}
