import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'

test('the cabinet opens in Russian', async ({ page, checkA11y }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page).toHaveTitle(/Кабинет дилера/)
  await checkA11y(page)
})

const ATTACKER = 'http://attacker.example/'

/** Another site's page that shows the cabinet's login page in a frame; the frame's address once the page has loaded. */
async function frameTheCabinet(page: Page, cabinetUrl: string): Promise<string> {
  await page.route(ATTACKER, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Выигрыш</title><iframe src="${cabinetUrl}"></iframe>` }),
  )
  // the load event waits for the frame, shown or refused
  await page.goto(ATTACKER)
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame())
  return frame?.url() ?? ''
}

test('another site cannot show the cabinet in a frame (no clickjacking)', async ({ page, baseURL }) => {
  // Chromium replaces a refused frame with its error page
  expect(await frameTheCabinet(page, `${baseURL}/login/`)).toBe('chrome-error://chromewebdata/')
  await expect(page.frameLocator('iframe').getByRole('button', { name: 'Войти' })).toHaveCount(0)
})

test('without the cabinet’s frame headers the same page would show it (the check above is no accident)', async ({ page, baseURL }) => {
  await page.route(`${baseURL}/login/`, async (route) => {
    const response = await route.fetch()
    const { 'content-security-policy': _policy, 'x-frame-options': _frameOptions, ...headers } = response.headers()
    await route.fulfill({ response, headers })
  })
  expect(await frameTheCabinet(page, `${baseURL}/login/`)).toBe(`${baseURL}/login/`)
  await expect(page.frameLocator('iframe').getByRole('button', { name: 'Войти' })).toBeVisible()
})
