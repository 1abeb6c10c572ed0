import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { ATLAS, offline } from './support/atlas-site'

/**
 * The workflow atlas as analysts and QA open it: reports/atlas/ (npm run atlas, which test:e2e
 * runs first) from the file system, with every request off the file system refused.
 */
test.beforeAll(() => {
  expect(existsSync(`${ATLAS}index.html`), 'reports/atlas is built by npm run atlas').toBe(true)
})

test("every machine's diagram renders from the file system with no network", async ({ context, page }) => {
  // each of some 45 pages parses Mermaid's 5 MB bundle: two pages at a time, one per core
  test.setTimeout(600_000)
  const refused = await offline(context)
  await page.goto(pathToFileURL(`${ATLAS}index.html`).href)
  await expect(page.getByRole('heading', { name: 'The six named workflows' })).toBeVisible()
  const machines = await page.locator('main table a[href$=".html"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
  expect(machines.length).toBeGreaterThan(40)
  const rendersIn = async (tab: Page, href: string) => {
    await tab.goto(pathToFileURL(`${ATLAS}${href}`).href)
    await expect(tab.locator('body'), href).toHaveAttribute('data-diagram', /rendered|failed/, { timeout: 30_000 })
    await expect(tab.locator('.diagram-error'), href).toHaveCount(0)
    await expect(tab.locator('main svg').first(), href).toBeVisible()
  }
  const tabs = [page, await context.newPage()]
  await Promise.all(
    tabs.map(async (tab, slot) => {
      for (const href of machines.filter((_, index) => index % tabs.length === slot)) await rendersIn(tab, href)
    }),
  )
  expect(refused).toEqual([])
})

test("orderCancel's test cases are listed in words, each with the state it reaches", async ({ context, page }) => {
  const refused = await offline(context)
  await page.goto(pathToFileURL(`${ATLAS}orderCancel.html`).href)
  const cases = page.locator('li.case')
  await expect(cases).toHaveCount(3)
  await expect(cases.nth(1).getByRole('heading')).toHaveText('Case 2: reaches cancelled')
  await expect(cases.nth(1).locator('.steps li')).toHaveText([
    'The dealer confirms, with or without a comment.',
    'The order is cancelled: its row shows the returned state and status.',
  ])
  await expect(cases.nth(2).locator('.steps li').nth(1)).toHaveText(/^The server refused/)
  await expect(page.getByText(/replayed in the browser by tests\/e2e\/order-paths\.spec\.ts/)).toBeVisible()
  // a transition's anchor lights its states on the diagram
  await page.locator('li.case').first().getByRole('link', { name: 'confirming → closed on dialog.close' }).click()
  await expect(page.locator('svg .lit')).toHaveCount(2)
  expect(refused).toEqual([])
})

test('served at /atlas/, a diagram renders under the atlas’s Content-Security-Policy', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  const response = await page.goto('/atlas/orderCancel.html')
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  await expect(page.locator('body')).toHaveAttribute('data-diagram', /rendered|failed/, { timeout: 30_000 })
  await expect(page.locator('body')).toHaveAttribute('data-diagram', 'rendered')
  await expect(page.locator('main svg').first()).toBeVisible()
  expect(violations).toEqual([])
})
