import type { Locator, Page } from '@playwright/test'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { signInThroughApi } from './support/cabinet-shell'

/** /api/docs/ as a developer of an integration sees it: the operations by tag, a search box, «Выполнить» on GET calls. */
class ApiDocsPage {
  readonly search: Locator
  readonly found: Locator
  readonly operations: Locator

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Поиск' })
    this.found = page.getByRole('status')
    this.operations = page.locator('details.operation:visible')
  }

  async goto(): Promise<void> {
    await this.page.goto('/api/docs/')
    await expect(this.page.getByRole('heading', { level: 1, name: 'Кабинет дилера: справочник API' })).toBeVisible()
    await expect(this.found).toHaveText(/^Операций: \d+$/)
  }

  async shownCount(): Promise<number> {
    return Number((await this.found.textContent())?.replace(/\D/g, ''))
  }

  /** Opens the operation `METHOD path` (as the page prints it, `/api/order/{id}/`). */
  async expand(method: string, path: string) {
    const operation = this.page.locator('details.operation').filter({ has: this.page.locator('summary', { hasText: `${method} ${path} —` }) })
    await operation.locator('summary').click()
    await expect(operation).toHaveAttribute('open', '')
    return operation
  }
}

test('the reference lists the operations by tag, the search narrows them, an operation opens to its schemas', async ({ page, checkA11y }) => {
  const docs = new ApiDocsPage(page)
  await docs.goto()
  const all = await docs.shownCount()
  expect(all).toBeGreaterThan(100)
  await expect(page.getByRole('heading', { level: 2, name: 'Заказы' })).toBeVisible()
  await checkA11y(page)

  await docs.search.fill('заказ')
  const aboutOrders = await docs.shownCount()
  expect(aboutOrders).toBeGreaterThan(0)
  expect(aboutOrders).toBeLessThan(all)
  await expect(docs.operations).toHaveCount(aboutOrders)
  await expect(docs.operations.filter({ hasText: 'POST /api/placeOrder/' })).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 2, name: 'Адреса доставки' })).toBeHidden()

  await docs.search.fill('order')
  await expect(docs.operations.filter({ hasText: 'GET /api/order/{id}/' })).toHaveCount(1)
  expect(await docs.shownCount()).toBeLessThan(all)

  const detail = await docs.expand('GET', '/api/order/{id}/')
  await expect(detail.getByRole('cell', { name: 'id', exact: true })).toBeVisible()
  await expect(detail.getByRole('heading', { level: 4, name: '200: Ответ (application/json)' })).toBeVisible()
  await expect(detail.locator('pre.schema').first()).toContainText('"type": "object"')
  await expect(detail.getByRole('heading', { level: 4, name: /^401: / })).toBeVisible()
})

test('«Выполнить» on GET /api/session/ answers 200 with the signed-in account', async ({ page }) => {
  await signInThroughApi(page, DEMO.dealer.email)

  const docs = new ApiDocsPage(page)
  await docs.goto()
  await docs.search.fill('/api/session')
  const session = await docs.expand('GET', '/api/session/')
  await session.getByRole('button', { name: 'Выполнить' }).click()
  await expect(session.locator('.try-status')).toHaveText('GET /api/session/: 200')
  await expect(session.locator('.try-answer')).toContainText(DEMO.dealer.email)
})
