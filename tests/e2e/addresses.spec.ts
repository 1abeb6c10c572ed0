import { AddressesPage, addressesData, removeAddressesThroughApi } from './support/addresses-page'
import { signIn } from './support/cabinet-shell'
import { CartPage, CheckoutForm, clearBasket, fillBasket, stockedProducts } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'

test.describe.configure({ timeout: 90_000 })

// ООО «СтройМаркет»'s manager: its section «Адреса доставки» is open
const user = DEMO.manager.email
const STREET = ', ул. Баумана, д. 7'
const FULL_ADDRESS = `г. Казань${STREET}`

test('an address typed, a suggestion chosen, saved, selected, offered in the basket, then deleted', async ({ page, checkA11y }) => {
  await signIn(page, user)
  await removeAddressesThroughApi(page, /Казань/)
  const addresses = new AddressesPage(page)
  await addresses.open()
  await checkA11y(page)

  // «Добавить адрес»: the modal «Адрес доставки» with the address field focused
  await addresses.add.click()
  const form = addresses.form
  await expect(form.dialog).toBeVisible()
  await expect(form.address).toBeFocused()
  await expect(form.address).toHaveAttribute('aria-expanded', 'false')

  // fewer than 3 characters suggest nothing; then the offline fallback's city with its postal index
  await form.address.pressSequentially('Ка')
  await page.waitForTimeout(500)
  await expect(form.suggestions).toBeHidden()
  await form.address.pressSequentially('зан')
  await expect(form.option('г. Казань 420000')).toBeVisible()
  await expect(form.address).toHaveAttribute('aria-expanded', 'true')
  await checkA11y(page)

  // Escape closes the list, not the modal; typing brings it back
  await form.address.press('Escape')
  await expect(form.suggestions).toBeHidden()
  await expect(form.dialog).toBeVisible()
  await form.address.press('Backspace')
  await form.address.pressSequentially('н')
  await expect(form.option('г. Казань 420000')).toBeVisible()

  // the arrows highlight, Enter chooses: the address and its postal index are filled
  await form.address.press('ArrowDown')
  await expect(form.option('г. Казань 420000')).toHaveAttribute('aria-selected', 'true')
  const highlighted = await form.address.getAttribute('aria-activedescendant')
  expect(highlighted).toBe(await form.option('г. Казань 420000').getAttribute('id'))
  await form.address.press('Enter')
  await expect(form.suggestions).toBeHidden()
  await expect(form.address).toHaveValue('г. Казань')
  await expect(form.postindex).toHaveValue('420000')
  await expect(form.dialog).toBeVisible()

  // the street typed after it; «Сохранить» shows «Данные сохранены» for 1.5 s, then the modal closes
  await form.address.press('End')
  await form.address.pressSequentially(STREET)
  await form.save.click()
  await expect(form.saved).toHaveText('Данные сохранены')
  await expect(form.dialog).toBeHidden({ timeout: 5_000 })

  // the new address is selected (highlighted) in the list
  const row = addresses.row(FULL_ADDRESS)
  await expect(row).toBeVisible()
  await expect(row).toHaveAttribute('aria-current', 'true')
  await expect(row.getByRole('cell', { name: '420000' })).toBeVisible()
  const saved = (await addressesData(page)).find((address) => address.full_address === FULL_ADDRESS)
  expect(saved).toMatchObject({ full_address: FULL_ADDRESS, postindex: '420000' })

  // the basket's delivery selector offers it
  const [product] = stockedProducts(1, 5, 40, 1)
  await fillBasket(page, [{ id: product!.id, qnt: 1, wms: 1 }])
  await new CartPage(page).open()
  const checkout = new CheckoutForm(page)
  await expect(checkout.address.getByRole('option', { name: FULL_ADDRESS, exact: false })).toHaveCount(1)
  await checkout.address.selectOption({ value: String(saved!.id) })
  await clearBasket(page)

  // «Удалить» asks «Удалить адрес?» with the full address; «Отмена» keeps it, «Удалить» removes it
  await addresses.open()
  await row.getByRole('button', { name: `Удалить: ${FULL_ADDRESS}` }).click()
  await expect(addresses.removeDialog).toBeVisible()
  await expect(addresses.removeDialog).toContainText(FULL_ADDRESS)
  await checkA11y(page)
  await addresses.removeDialog.getByRole('button', { name: 'Отмена' }).click()
  await expect(addresses.removeDialog).toBeHidden()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: `Удалить: ${FULL_ADDRESS}` }).click()
  await addresses.removeDialog.getByRole('button', { name: 'Удалить' }).click()
  await expect(addresses.removeDialog).toBeHidden()
  await expect(row).toHaveCount(0)
  expect((await addressesData(page)).some((address) => address.full_address === FULL_ADDRESS)).toBe(false)
})

test('an address is edited in the modal and an empty one is refused', async ({ page }) => {
  await signIn(page, user)
  await removeAddressesThroughApi(page, /Тверь/)
  const created = await page.request.post('/api/address/', { data: { full_address: 'г. Тверь, ул. Советская, д. 1', postindex: '' } })
  expect(created.status()).toBe(200)
  const addresses = new AddressesPage(page)
  await addresses.open()
  const row = addresses.row('г. Тверь, ул. Советская, д. 1')
  await row.getByRole('button', { name: 'Изменить: г. Тверь, ул. Советская, д. 1' }).click()
  const form = addresses.form
  await expect(form.address).toHaveValue('г. Тверь, ул. Советская, д. 1')

  // an empty address and a short index are refused with their messages, nothing is sent
  await form.address.fill('')
  await form.postindex.fill('170')
  await form.save.click()
  await expect(form.dialog.getByRole('alert')).toHaveText(['Это поле необходимо заполнить.', 'Почтовый индекс — 6 цифр'])
  await expect(form.address).toHaveAttribute('aria-invalid', 'true')

  await form.address.fill('г. Тверь, ул. Советская, д. 3')
  await form.postindex.fill('170100')
  await form.save.click()
  await expect(form.saved).toHaveText('Данные сохранены')
  await expect(form.dialog).toBeHidden({ timeout: 5_000 })
  await expect(addresses.row('г. Тверь, ул. Советская, д. 3')).toHaveAttribute('aria-current', 'true')
  await removeAddressesThroughApi(page, /Тверь/)
})

test('the open modal outlives a reload of the tab: it is back with what was typed, and its suggestions still come', async ({ page }) => {
  await signIn(page, user)
  const addresses = new AddressesPage(page)
  await addresses.open()
  await addresses.add.click()
  const form = addresses.form
  await form.address.pressSequentially('г. Самара, ул. Ленина')
  await form.postindex.fill('443')
  await page.reload()
  await expect(form.dialog).toBeVisible()
  await expect(form.address).toHaveValue('г. Самара, ул. Ленина')
  await expect(form.postindex).toHaveValue('443')
  // the suggestion stream runs again in the resumed modal
  await form.address.fill('')
  await form.address.pressSequentially('Казан')
  await expect(form.option('г. Казань 420000')).toBeVisible()
  // «Отмена» closes it for good: a reload shows the list alone
  await form.cancel.click()
  await expect(form.dialog).toBeHidden()
  await page.reload()
  await expect(addresses.heading).toBeVisible()
  await expect(form.dialog).toBeHidden()
})
