import { basketTableInitSchema } from '../../src/contract/delivery'
import { signIn } from './support/cabinet-shell'
import { ConsigneesPage, noisePng, recordProgress } from './support/consignees-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'

test.describe.configure({ timeout: 90_000 })

/** A name no earlier run has used. */
const unique = (what: string) => `${what}${Date.now().toString(36)}`

test('a consignee added with an image: the progress bar follows the upload, the saved one is selected, the basket offers it, then it is deleted', async ({
  page,
  checkA11y,
}) => {
  const progressSeen = await recordProgress(page)
  await signIn(page, DEMO.dealer.email)
  const consignees = new ConsigneesPage(page)
  await consignees.open()
  await expect(consignees.row('Иванов', 'Сергей')).toBeVisible()
  await checkA11y(page)

  const surname = unique('Орлова')
  await consignees.add.click()
  await expect(consignees.modal.getByRole('heading', { name: 'Новый грузополучатель' })).toBeVisible()
  // an empty form sends nothing
  await consignees.save.click()
  await expect(consignees.modal.getByRole('alert').first()).toHaveText('Это поле необходимо заполнить.')
  await consignees.surname.fill(surname)
  await consignees.name.fill('Мария')
  await checkA11y(page)

  // the upload goes slowly, so the bar can be seen to move
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 })
  const png = noisePng()
  expect(png.length).toBeGreaterThan(1_000_000)
  await consignees.file.setInputFiles({ name: 'doverennost.png', mimeType: 'image/png', buffer: png })
  await consignees.save.click()
  await expect(consignees.progress).toBeVisible()
  await expect(consignees.modal.getByRole('status')).toHaveText('Данные сохранены')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
  const seen = await progressSeen()
  expect(
    seen.some((value) => value > 0 && value < 100),
    `progress seen: ${seen.join(', ')}`,
  ).toBe(true)
  expect(seen).toContain(100)

  // the modal closes after 1.5 s and the new consignee is selected, with its image
  await expect(consignees.modal).toBeHidden()
  const row = consignees.row(surname, 'Мария')
  await expect(row).toHaveAttribute('aria-current', 'true')
  await expect(row.getByRole('img', { name: 'Файл: doverennost.png' })).toBeVisible()
  const image = await page.request.get((await row.getByRole('link').getAttribute('href')) ?? '')
  expect(image.headers()['content-type']).toBe('image/png')
  expect((await image.body()).equals(png)).toBe(true)

  // the basket's delivery selector offers it
  const init = basketTableInitSchema.parse(await (await page.request.get('/api/getBasketTableInit/')).json())
  expect(init.consignees.map((each) => each.surname)).toContain(surname)

  // delete: the question names them; «Отмена» keeps them, «Удалить» removes them
  await row.getByRole('button', { name: `Удалить: ${surname} Мария` }).click()
  await expect(consignees.removeDialog).toContainText(`${surname} Мария`)
  await checkA11y(page)
  await consignees.removeDialog.getByRole('button', { name: 'Отмена' }).click()
  await expect(consignees.removeDialog).toBeHidden()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: `Удалить: ${surname} Мария` }).click()
  await consignees.removeDialog.getByRole('button', { name: 'Удалить' }).click()
  await expect(consignees.removeDialog).toBeHidden()
  await expect(row).toHaveCount(0)
  const after = basketTableInitSchema.parse(await (await page.request.get('/api/getBasketTableInit/')).json())
  expect(after.consignees.map((each) => each.surname)).not.toContain(surname)
})

test('a file that is no image is refused in the browser and nothing is sent; the server refuses a disguised one with its status', async ({ page }) => {
  await signIn(page, DEMO.dealer.email)
  const consignees = new ConsigneesPage(page)
  await consignees.open()
  const uploads: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/consigneeUpload/')) uploads.push(request.url())
  })

  const surname = unique('Гусев')
  await consignees.add.click()
  await consignees.surname.fill(surname)
  await consignees.name.fill('Антон')
  await consignees.file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('не картинка') })
  await expect(consignees.modal.getByText('Please choose an image file.', { exact: true })).toBeVisible()
  await expect(consignees.file).toHaveAttribute('aria-invalid', 'true')
  await consignees.save.click()
  await expect(consignees.modal.getByRole('status')).toHaveText('Данные сохранены')
  await expect(consignees.modal).toBeHidden()
  expect(uploads).toEqual([])
  const row = consignees.row(surname, 'Антон')
  await expect(row).toContainText('нет файла')

  // a text file named and typed as a PNG passes the browser's check; the server reads its content
  await row.getByRole('button', { name: `Изменить: ${surname} Антон` }).click()
  await consignees.file.setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('это текст, а не картинка') })
  await consignees.save.click()
  await expect(consignees.modal.getByText('415: Unsupported format', { exact: true })).toBeVisible()
  expect(uploads).toHaveLength(1)
  await consignees.modal.getByRole('button', { name: 'Отмена' }).click()
  await expect(consignees.modal).toBeHidden()

  await row.getByRole('button', { name: `Удалить: ${surname} Антон` }).click()
  await consignees.removeDialog.getByRole('button', { name: 'Удалить' }).click()
  await expect(row).toHaveCount(0)
})

test('the surname and the name offer the names the company already used (the offline fallback), by keyboard or by click', async ({ page, checkA11y }) => {
  await signIn(page, DEMO.dealer.email)
  const consignees = new ConsigneesPage(page)
  await consignees.open()
  await expect(consignees.row('Иванов', 'Сергей')).toBeVisible()
  await consignees.add.click()
  await expect(consignees.surname).toBeFocused()
  const surnames = consignees.modal.getByRole('listbox', { name: 'Подсказки фамилии' })
  const names = consignees.modal.getByRole('listbox', { name: 'Подсказки имени' })

  // fewer than 3 characters suggest nothing; the third brings the company's «Иванов»
  await consignees.surname.pressSequentially('Ив')
  await page.waitForTimeout(500)
  await expect(surnames).toBeHidden()
  await consignees.surname.pressSequentially('а')
  await expect(surnames.getByRole('option', { name: 'Иванов' })).toBeVisible()
  await expect(consignees.surname).toHaveAttribute('aria-expanded', 'true')
  await checkA11y(page)

  // Escape closes the list, not the modal; typing brings it back; the arrows and Enter choose
  await consignees.surname.press('Escape')
  await expect(surnames).toBeHidden()
  await expect(consignees.modal).toBeVisible()
  await consignees.surname.pressSequentially('н')
  await expect(surnames.getByRole('option', { name: 'Иванов' })).toBeVisible()
  await consignees.surname.press('ArrowDown')
  await expect(surnames.getByRole('option', { name: 'Иванов' })).toHaveAttribute('aria-selected', 'true')
  await consignees.surname.press('Enter')
  await expect(surnames).toBeHidden()
  await expect(consignees.surname).toHaveValue('Иванов')
  await expect(consignees.modal).toBeVisible()

  // the name: its own list, chosen by a click
  await consignees.name.pressSequentially('Сер')
  await expect(names.getByRole('option', { name: 'Сергей' })).toBeVisible()
  await expect(surnames).toBeHidden()
  await names.getByRole('option', { name: 'Сергей' }).click()
  await expect(consignees.name).toHaveValue('Сергей')
  await expect(names).toBeHidden()
  await consignees.modal.getByRole('button', { name: 'Отмена' }).click()
  await expect(consignees.modal).toBeHidden()
})
