import { COMPLAINT_MESSAGES, complaintResponseSchema } from '../../src/contract/complaints'
import { COMPLAINT_UI } from '../../src/machines/complaint.selectors'
import { runAdmin } from './support/admin-cli'
import { signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'

test.describe.configure({ timeout: 120_000 })

// past the suggestions' 300 ms pause: a call for one character would have been sent by then
const PAST_THE_PAUSE_MS = 800

test('a complaint: suggestions from the 2nd character, «01» refused in red, the entry kept across a reload, then sent and listed with its state', async ({
  page,
  checkA11y,
}) => {
  const shell = await signIn(page, DEMO.dealer.email)
  const searches: string[] = []
  const posts: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path === '/search/') searches.push(request.url())
    if (path === '/api/complaints/' && request.method() === 'POST') posts.push(request.url())
  })
  await shell.menu.getByRole('link', { name: /^Рекламации/ }).click()
  await expect(page).toHaveURL(/\/cabinet\/complaints\/$/)
  await expect(page.getByRole('heading', { name: COMPLAINT_UI.title })).toBeVisible()

  const product = page.getByRole('combobox', { name: /^Товар/ })
  const suggestions = page.getByRole('listbox', { name: COMPLAINT_UI.suggestions })
  await product.pressSequentially('П')
  await page.waitForTimeout(PAST_THE_PAUSE_MS)
  expect(searches, 'no call for one character').toEqual([])
  await expect(suggestions).toBeHidden()
  await product.pressSequentially('е')
  await expect(suggestions.getByRole('option').first()).toBeVisible()
  expect(searches.length).toBeGreaterThan(0)
  const option = suggestions.getByRole('option').first()
  const header = (await option.locator('span').first().textContent())!.trim()
  await option.click()

  const quantity = page.getByRole('textbox', { name: `${COMPLAINT_UI.quantity}: ${header}` })
  await expect(quantity).toHaveValue('1')
  await quantity.fill('01')
  await expect(quantity).toHaveAttribute('aria-invalid', 'true')
  const error = page.getByText(COMPLAINT_MESSAGES.badQuantity)
  await expect(error).toBeVisible()
  const red = await error.evaluate((element) => getComputedStyle(element).color)
  const [r, g, b] = red.match(/\d+/g)!.map(Number)
  expect(r, `the message is red (${red})`).toBeGreaterThan(150)
  expect(Math.max(g!, b!)).toBeLessThan(100)
  await page.getByRole('button', { name: COMPLAINT_UI.send }).click()
  await expect(page.getByRole('status').filter({ hasText: COMPLAINT_UI.wrongQuantity })).toBeVisible()
  expect(posts, 'nothing sent with a wrong quantity').toEqual([])
  await checkA11y(page)

  await quantity.fill('2')
  await expect(quantity).not.toHaveAttribute('aria-invalid')
  // the entry is in the cookie: a reload brings it back
  await page.reload()
  await expect(page.getByRole('textbox', { name: `${COMPLAINT_UI.quantity}: ${header}` })).toHaveValue('2')

  await page.getByLabel(/^Комментарий/).fill('Два корпуса треснули при распаковке')
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/complaints/' && response.request().method() === 'POST')
  await page.getByRole('button', { name: COMPLAINT_UI.send }).click()
  await expect(page.getByRole('status').filter({ hasText: COMPLAINT_UI.sent })).toBeVisible()
  expect(posts).toHaveLength(1)
  const { complaint } = complaintResponseSchema.parse(await (await answered).json())
  expect(complaint.comment).toBe('Два корпуса треснули при распаковке')
  expect(complaint.entries.map((entry) => entry.quantity)).toEqual([2])
  const sentText = await page.getByRole('status').filter({ hasText: COMPLAINT_UI.sent }).textContent()
  const id = sentText!.match(/№\s*(\d+)/)![1]!

  await page.getByRole('link', { name: COMPLAINT_UI.toList }).first().click()
  await expect(page).toHaveURL(/\/cabinet\/complaints\/list\/$/)
  const listed = page.locator(`[data-complaint="${id}"]`)
  await expect(listed).toContainText(header)
  await expect(listed).toContainText('Два корпуса треснули при распаковке')
  await expect(listed).toContainText('— 2 шт.')
  await expect(listed).toContainText('Новая')
  await checkA11y(page)

  // the supplier answers: the state shows on the next visit
  expect(await runAdmin('complaint-state', id, 'accepted')).toContain('Принята')
  await page.reload()
  await expect(page.locator(`[data-complaint="${id}"]`)).toContainText('Принята')

  // the cookie went with the sending: a new complaint starts empty
  await page.getByRole('link', { name: COMPLAINT_UI.toTable }).click()
  await expect(page.getByText(COMPLAINT_UI.noRowsYet)).toBeVisible()
})
