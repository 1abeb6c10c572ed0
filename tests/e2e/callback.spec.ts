import { CALLBACK_MESSAGES } from '../../src/contract/callback'
import { REQUIRED_MESSAGE } from '../../src/contract/common'
import { runAdmin } from './support/admin-cli'
import { CallbackDialog } from './support/callback-dialog'
import { signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'

test.describe.configure({ timeout: 90_000 })

test('a callback: an empty phone is refused with the spec’s text, then the request is sent and listed for the supplier', async ({ page, checkA11y }) => {
  await signIn(page, DEMO.otherDealer.email)
  const callback = new CallbackDialog(page)
  const calls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/callback/')) calls.push(request.method())
  })

  await callback.open()
  await checkA11y(page)
  await callback.name.fill('Ольга Смирнова')
  await callback.send.click()
  await expect(callback.fieldError(callback.phone)).toHaveText(REQUIRED_MESSAGE)
  await expect(callback.phone).toHaveAttribute('aria-invalid', 'true')
  expect(calls).toEqual([])

  // the mask: ten digits become +7 (xxx) xxx-xx-xx
  await callback.phone.pressSequentially('9123456789')
  await expect(callback.phone).toHaveValue('+7 (912) 345-67-89')
  await expect(callback.fieldError(callback.phone)).toHaveCount(0)
  await callback.send.click()
  await expect(callback.sent).toHaveText(CALLBACK_MESSAGES.sent)
  expect(calls).toEqual(['POST'])

  const listed = await runAdmin('callbacks')
  expect(listed).toContain('Ольга Смирнова')
  expect(listed).toContain('+7 (912) 345-67-89')
  expect(listed).toContain(DEMO.otherDealer.email)

  await callback.close.click()
  await expect(callback.dialog).toBeHidden()
  // each opening starts afresh
  await callback.open()
  await expect(callback.name).toHaveValue('')
})

test('a refused callback shows the server’s message for 2 s, and the form stays filled in', async ({ page }) => {
  await signIn(page, DEMO.otherDealer.email)
  await page.route('**/api/callback/', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ status: 'error', message: CALLBACK_MESSAGES.tooMany }) }),
  )
  const callback = new CallbackDialog(page)
  await callback.open()
  await callback.name.fill('Ольга')
  await callback.phone.pressSequentially('9123456789')
  await callback.send.click()
  await expect(callback.alert).toHaveText(CALLBACK_MESSAGES.tooMany)
  const shownAt = Date.now()
  await expect(callback.alert).toBeHidden({ timeout: 5_000 })
  expect(Date.now() - shownAt).toBeGreaterThan(1_000)
  await expect(callback.name).toHaveValue('Ольга')
  await expect(callback.phone).toHaveValue('+7 (912) 345-67-89')
})
