import { readFile } from 'node:fs/promises'
import { TIMINGS } from '../../src/machines/timings'
import { signIn } from './support/cabinet-shell'
import { ActsPage, actsData, readActSheet } from './support/acts-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'

test.describe.configure({ timeout: 90_000 })

// ООО «ТеплоДом»'s main account: no other spec requests acts
const user = DEMO.otherDealer.email
// the spec's text, to the letter (§5)
const BAD_PERIOD = 'Ошибка во временных периодах: дата начала периода больше или равна дате конца периода'

test('a bad period is refused in the form; a good one becomes an act that turns ready without a reload and downloads as XLSX', async ({
  page,
  checkA11y,
}) => {
  // the page's clock runs on by itself; the test moves it on to the list's refresh instead of waiting 10 s
  await page.clock.install()
  await signIn(page, user)
  const acts = new ActsPage(page)
  await acts.open()
  const before = await actsData(page)

  await acts.requestButton.click()
  const dialog = acts.dialog
  await expect(dialog.root).toBeVisible()
  // the default period: one month back to today
  const today = await dialog.end.inputValue()
  expect(today).toMatch(/^\d{2}\.\d{2}\.\d{4}$/)
  await expect(dialog.start).toHaveValue(/^\d{2}\.\d{2}\.\d{4}$/)
  await checkA11y(page)

  // a start equal to the end: the spec's message, nothing sent
  await dialog.typeDate(dialog.start, today)
  await dialog.submit.click()
  await expect(dialog.alert).toHaveText(BAD_PERIOD)
  // an impossible date
  await dialog.typeDate(dialog.start, '31.02.2026')
  await dialog.submit.click()
  await expect(dialog.alert).toHaveText('Некорректная дата: ожидается дд.мм.гггг')
  expect((await actsData(page)).count).toBe(before.count)

  // the calendar: Russian labels, arrows move the day, Escape closes it unchanged, focus back on its button
  const endButton = dialog.root.getByRole('button', { name: 'Выбрать дату: Конец периода' })
  await endButton.click()
  const calendar = page.getByRole('dialog', { name: 'Календарь: Конец периода' })
  await expect(calendar.getByRole('columnheader', { name: 'понедельник' })).toBeVisible()
  await expect(calendar.getByRole('gridcell', { selected: true })).toBeFocused()
  await checkA11y(page)
  await page.keyboard.press('ArrowLeft')
  await expect(calendar.getByRole('gridcell', { selected: true })).not.toBeFocused()
  await page.keyboard.press('Escape')
  await expect(calendar).toBeHidden()
  await expect(dialog.root).toBeVisible()
  await expect(endButton).toBeFocused()
  await expect(dialog.end).toHaveValue(today)

  // the period from the 1st of the month before the end, picked in the calendar with the keyboard
  await dialog.typeDate(dialog.start, `01.${today.slice(3)}`)
  await dialog.pickWithKeyboard('Начало периода', ['PageUp'])
  const start = await dialog.start.inputValue()
  expect(start.slice(0, 2)).toBe('01')
  // the server builds a small act in milliseconds: the list's first answer after the request shows
  // it «Формируется», so what turns it «Готов» is the 10 s refresh
  const newest = Math.max(0, ...before.acts.map((act) => act.id))
  await acts.showFirstNewActQueued(newest)
  await dialog.submit.click()
  await expect(dialog.root).toBeHidden()
  await expect(acts.notice).toBeVisible()
  const requested = (await actsData(page)).acts[0]!
  expect(requested).toMatchObject({ startdate: start, enddate: today })
  expect(requested.id).toBeGreaterThan(newest)

  // the list turns the act ready by itself (the 10 s refresh), with no reload
  const row = acts.row(requested.id)
  await expect(row.getByText('Формируется', { exact: true })).toBeVisible()
  // one refresh period at a time: the server builds the act meanwhile, in real time
  await expect(async () => {
    await page.clock.runFor(TIMINGS.actsPollMs)
    await expect(row.getByText('Готов', { exact: true })).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 25_000 })

  const [download] = await Promise.all([page.waitForEvent('download'), acts.download(requested.id).click()])
  expect(download.suggestedFilename()).toBe(`Акт сверки ${requested.contract.replaceAll('/', '-')} ${start}-${today}.xlsx`)
  const rows = await readActSheet(await readFile((await download.path())!))
  expect(rows[0]?.[0]).toBe('Акт сверки взаимных расчётов')
  expect(rows[1]?.[0]).toBe(`за период с ${start} по ${today}`)
  const balance = (label: string) => {
    const cells = rows.find((cells) => cells[1] === label)
    if (!cells) throw new Error(`no row «${label}»`)
    return Number(cells[2] ?? 0) - Number(cells[3] ?? 0)
  }
  const [turnoverDebit, turnoverCredit] = (rows.find((cells) => cells[1] === 'Обороты за период') ?? []).slice(2).map(Number)
  expect(balance('Сальдо на конец периода')).toBeCloseTo(balance('Сальдо на начало периода') + turnoverDebit! - turnoverCredit!, 2)
  await checkA11y(page)
})

test('a contract the server refuses (403 «Нет доступа») stops the list’s refresh until the dealer asks again', async ({ page }) => {
  await page.clock.install()
  await signIn(page, user)
  const acts = new ActsPage(page)
  await acts.open()
  // from now on the list asks for a contract this dealer may not use: the real server answers 403
  const asked: string[] = []
  const actsCall = (url: URL) => url.pathname === '/api/getActs/'
  await page.route(actsCall, (route) => {
    const url = new URL(route.request().url())
    url.searchParams.set('contract', '999999')
    asked.push(url.search)
    return route.continue({ url: url.toString() })
  })
  await page.clock.runFor(TIMINGS.actsPollMs)
  const refusal = page.getByRole('main').getByText('Нет доступа', { exact: true })
  await expect(refusal).toBeVisible()
  await expect(page.getByText('Список не обновлён')).toBeVisible()
  expect(asked).toHaveLength(1)

  // the next polls and their backoff pass: nothing more is asked
  for (let period = 0; period < 5; period++) await page.clock.runFor(TIMINGS.actsPollMs * 2 ** period)
  await page.waitForTimeout(200)
  expect(asked).toHaveLength(1)
  await expect(refusal).toBeVisible()

  // «Повторить» asks once more; the contract allowed again, the list comes back and refreshes by itself
  await page.unroute(actsCall)
  await page.getByRole('main').getByRole('button', { name: 'Повторить' }).click()
  await expect(page.getByText('Список не обновлён')).toBeHidden()
  await expect(refusal).toBeHidden()
})
