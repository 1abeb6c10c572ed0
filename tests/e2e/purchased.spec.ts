import { COMPANIES } from '../../server/db/seed-customers-data'
import { PURCHASED_MESSAGES, PURCHASED_REPORTS, type PurchasedReport } from '../../src/contract/purchased-goods'
import { signIn } from './support/cabinet-shell'
import { expect, test } from './support/fixtures'
import { PurchasedPage, purchasedData } from './support/purchased-page'

test.describe.configure({ timeout: 90_000 })

// ООО «ТеплоДом»'s manager: reports only read the orders, so no cleanup is needed
const user = COMPANIES[1]!.manager.email

const DAY_MS = 86_400_000
/** dd.mm.yyyy of the Moscow day `daysAgo` days before today */
const moscowDay = (daysAgo: number) => {
  const [year, month, day] = new Date(Date.now() + 3 * 3_600_000 - daysAgo * DAY_MS).toISOString().slice(0, 10).split('-')
  return `${day}.${month}.${year}`
}
/** half a year: the seeded history, enough rows for two pages */
const WIDE = { startDate: moscowDay(179), endDate: moscowDay(0) }

test('each of the four reports shows the rows the server answers, with the chart of spend by month', async ({ page, checkA11y }) => {
  await signIn(page, user)
  const purchased = new PurchasedPage(page)
  await purchased.open(`?startDate=${WIDE.startDate}&endDate=${WIDE.endDate}`)
  await expect(purchased.startDate).toHaveValue(WIDE.startDate)
  await expect(purchased.tab('goods')).toHaveAttribute('aria-pressed', 'true')

  for (const report of PURCHASED_REPORTS) {
    await purchased.tab(report).click()
    await expect(purchased.tab(report)).toHaveAttribute('aria-pressed', 'true')
    if (report !== 'goods') await expect(page).toHaveURL(new RegExp(`report=${report}`))
    const answer = await purchasedData(page, { ...WIDE, report, page: 1, perpage: 20 })
    expect(answer.rows.length).toBeGreaterThan(0)
    await purchased.expectRows(answer)
    // the chart: a canvas drawn, and for screen readers a table of the same months
    await expect(purchased.chartCanvas.first()).toBeVisible()
    await expect(purchased.chartTable.locator('tbody tr')).toHaveCount(answer.months.length)
  }
  await checkA11y(page)
})

test('the period filter changes the rows; a start after the end is refused', async ({ page }) => {
  await signIn(page, user)
  const purchased = new PurchasedPage(page)
  await purchased.open('?report=sum')
  // the default period: the last 30 days
  const byDefault = await purchasedData(page, { report: 'sum' })
  expect(byDefault.startDate).toBe(moscowDay(29))
  await expect(purchased.startDate).toHaveValue(byDefault.startDate)
  await expect(purchased.endDate).toHaveValue(byDefault.endDate)
  if (byDefault.rows.length > 0) await purchased.expectRows(byDefault)

  await purchased.typeDate(purchased.startDate, WIDE.startDate)
  await purchased.apply.click()
  await expect(page).toHaveURL(new RegExp(`startDate=${WIDE.startDate.replaceAll('.', '\\.')}`))
  const wide = await purchasedData(page, { report: 'sum', startDate: WIDE.startDate, endDate: byDefault.endDate })
  expect(wide.total.orders).toBeGreaterThanOrEqual(byDefault.total.orders)
  await purchased.expectRows(wide)
  await expect(purchased.caption).toContainText(`${WIDE.startDate} — ${byDefault.endDate}`)
  await expect(purchased.chartTable.locator('tbody tr')).toHaveCount(wide.months.length)

  // the start after the end: the error under the dates, nothing reloads
  await purchased.typeDate(purchased.startDate, moscowDay(0))
  await purchased.typeDate(purchased.endDate, moscowDay(1))
  await purchased.apply.click()
  await expect(purchased.periodError).toHaveText(PURCHASED_MESSAGES.badPeriod)
  await expect(page).toHaveURL(new RegExp(`startDate=${WIDE.startDate.replaceAll('.', '\\.')}`))
})

test('paging: page 2 in the address shows the second 20 rows; a filter change goes back to page 1', async ({ page }) => {
  await signIn(page, user)
  const purchased = new PurchasedPage(page)
  const report: PurchasedReport = 'often'
  await purchased.open(`?report=${report}&startDate=${WIDE.startDate}&endDate=${WIDE.endDate}`)
  const first = await purchasedData(page, { ...WIDE, report, page: 1 })
  expect(first.pagination.pages).toBeGreaterThan(1)
  await purchased.expectRows(first)

  await purchased.pagination.cell(2).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(purchased.pagination.current).toHaveText('2')
  await purchased.expectRows(await purchasedData(page, { ...WIDE, report, page: 2 }))

  // browser back returns to page 1
  await page.goBack()
  await expect(purchased.pagination.current).toHaveText('1')
  await purchased.expectRows(first)

  // on page 2, another report starts from page 1
  await purchased.pagination.cell(2).click()
  await expect(purchased.pagination.current).toHaveText('2')
  await purchased.tab('last').click()
  await expect(page).not.toHaveURL(/page=/)
  await purchased.expectRows(await purchasedData(page, { ...WIDE, report: 'last', page: 1 }))
})
