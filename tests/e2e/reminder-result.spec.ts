import { expect, test } from './support/fixtures'
import { LoginPage } from './support/login-page'

const SENT = 'Письмо с вашими данными было отправлено на вашу почту'
const UNKNOWN = 'В нашей базе не содержится такого E-mail'

/**
 * Spec §8: the reminder's texts follow `result` alone. The supplier's backend may answer only
 * {result}, so the answer is replaced here with one that carries no message at all.
 */
const ANSWERS: Array<{ result: number | string; role: 'status' | 'alert'; text: string }> = [
  { result: 1, role: 'status', text: SENT },
  { result: '1', role: 'status', text: SENT },
  { result: 0, role: 'alert', text: UNKNOWN },
  { result: 2, role: 'alert', text: UNKNOWN },
]

for (const { result, role, text } of ANSWERS) {
  test(`an answer of only {result: ${JSON.stringify(result)}} shows "${text}"`, async ({ page, checkA11y }) => {
    await page.route('**/reminder/', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ result }) }))
    const login = new LoginPage(page)
    await login.goto()
    const reminder = await login.openReminder()
    await reminder.ask('dealer@example.com')
    await expect(reminder.dialog.getByRole(role)).toHaveText(text)
    await checkA11y(page)
  })
}
