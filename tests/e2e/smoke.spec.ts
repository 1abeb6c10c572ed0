import { expect, test } from './support/fixtures'

test('the cabinet opens in Russian', async ({ page, checkA11y }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await expect(page).toHaveTitle(/Кабинет дилера/)
  await checkA11y(page)
})
