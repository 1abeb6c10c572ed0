import type { Page } from '@playwright/test'
import { EXPORTER_MESSAGES } from '../../src/contract/exporter'
import { TIMINGS } from '../../src/machines/timings'
import { signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { ExporterPage, queryRows, readExportSheet, runSql } from './support/exporter-page'
import { expect, test } from './support/fixtures'

test.describe.configure({ timeout: 120_000 })

// ООО «ТеплоДом»'s main account: no other spec exports
const user = DEMO.otherDealer.email

/**
 * Moves the page's clock on one poll period at a time until `shown` holds: the server builds and
 * takes jobs over in real time, the page's 3 s waits between polls are skipped.
 */
async function pollUntil(page: Page, shown: () => Promise<void>, timeout: number): Promise<void> {
  await expect(async () => {
    await page.clock.runFor(TIMINGS.exporterPollMs)
    await shown()
  }).toPass({ timeout })
}

interface JobRow {
  id: number
  customer_id: number
  user_id: number
  contract_id: number
  brand_ids: string
}

test('brands picked by letter and saved; an export started, its progress seen across leaving the page, a second one refused, the XLSX downloaded and read back', async ({
  page,
  checkA11y,
}) => {
  await page.clock.install()
  await signIn(page, user)
  const exporter = new ExporterPage(page)
  await exporter.goto()
  await expect(exporter.letter('B')).toBeVisible()
  await checkA11y(page)

  // «Все на букву B», then the search narrows the list to one brand, ticked by hand
  await exporter.allOfLetter('B').check()
  await expect(exporter.letter('B').getByRole('checkbox', { name: 'Bosch', exact: true })).toBeChecked()
  await exporter.search.fill('интерс')
  await expect(exporter.letter('B')).toBeHidden()
  await exporter.brand('Интерскол').check()
  await exporter.saveSelection.click()
  await expect(exporter.selectionStatus).toHaveText('Выбор брендов сохранён')
  await exporter.search.fill('')
  await exporter.rawView.click()
  await expect(exporter.brandList).toBeVisible()

  // the selection is the account's: a reload shows it
  await page.reload()
  await expect(exporter.heading).toBeVisible()
  await exporter.rawView.click()
  const ticked = await exporter.brandList
    .getByRole('checkbox', { checked: true })
    .evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent ?? ''))
  expect(ticked).toContain('Интерскол')
  expect(ticked.filter((name) => name.startsWith('B')).length).toBeGreaterThan(0)

  // «Сформировать»: the worker builds the file; the poll finds it ready and offers it with its date
  await exporter.start.click()
  await pollUntil(page, () => expect(exporter.download).toBeVisible({ timeout: 1_000 }), 20_000)
  const [download] = await Promise.all([page.waitForEvent('download'), exporter.download.click()])
  expect(download.suggestedFilename()).toMatch(/^Прайс-лист \d\d\.\d\d\.\d{4} \d\d-\d\d\.xlsx$/)
  const rows = await readExportSheet(await download.path())
  const [title, ...products] = rows
  expect(title?.slice(0, 5)).toEqual(['Бренд', 'Артикул', 'Наименование', 'Цена, ₽', 'РРЦ, ₽'])
  const job = queryRows<JobRow>(
    'SELECT id, customer_id, user_id, contract_id, brand_ids FROM export_jobs WHERE customer_id = (SELECT customer_id FROM users WHERE email = ?) ORDER BY id DESC',
    user,
  )[0]!
  const brandIds = JSON.parse(job.brand_ids) as number[]
  const expected = queryRows<{ articul: string; price: number; brand: string; factor: number }>(
    `SELECT p.articul, p.price, b.header AS brand, c.price_factor AS factor FROM products p JOIN brands b ON b.id = p.brand_id
     JOIN contracts c ON c.id = ? WHERE p.brand_id IN (${brandIds.map(() => '?').join(',')})`,
    job.contract_id,
    ...brandIds,
  )
  expect(products).toHaveLength(expected.length)
  expect(new Set(products.map((row) => row[0]))).toEqual(new Set(expected.map((row) => row.brand)))
  expect(new Set(products.map((row) => row[0]))).toContain('Интерскол')
  const byArticul = new Map(expected.map((row) => [row.articul, row]))
  for (const row of products) {
    const product = byArticul.get(String(row[1]))
    expect(product, String(row[1])).toBeDefined()
    expect(row[3]).toBe(Math.round(product!.price * product!.factor * 100) / 100)
  }

  // a job another API process is building (its claim is live): the page shows its stored progress
  runSql(
    `INSERT INTO export_jobs (customer_id, user_id, contract_id, brand_ids, state, progress, attempts, claimed_by, lease_until, created_at)
     VALUES (?, ?, ?, ?, 'working', 0.4, 1, 'another-process', ?, ?)`,
    job.customer_id,
    job.user_id,
    job.contract_id,
    job.brand_ids,
    new Date(Date.now() + 10 * 60_000).toISOString(),
    new Date().toISOString(),
  )
  await pollUntil(page, () => expect(exporter.progress).toHaveAttribute('aria-valuenow', '40', { timeout: 1_000 }), 10_000)
  await expect(page.getByRole('main').getByText('Формируется… 40 %')).toBeVisible()

  // a second export is refused while one runs
  await exporter.start.click()
  await expect(exporter.refusal).toContainText(EXPORTER_MESSAGES.alreadyRunning)
  await page.getByRole('main').getByRole('button', { name: 'Закрыть' }).click()

  // leaving the page and coming back finds the running job
  await page.goto('/cabinet/orders/')
  await exporter.goto()
  await expect(exporter.progress).toBeVisible()
  await checkA11y(page)

  // that process stopped: its lease lapses, this server's worker takes the job over and builds it
  runSql(`UPDATE export_jobs SET lease_until = ? WHERE claimed_by = 'another-process'`, new Date(Date.now() - 60_000).toISOString())
  await pollUntil(page, () => expect(exporter.progress).toBeHidden({ timeout: 1_000 }), 20_000)
  await expect(exporter.download).toBeVisible()
  const rebuilt = queryRows<{ state: string; attempts: number }>(`SELECT state, attempts FROM export_jobs ORDER BY id DESC LIMIT 1`)[0]
  expect(rebuilt).toEqual({ state: 'ready', attempts: 2 })
})
