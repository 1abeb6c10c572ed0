import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { JournalExport } from '../../src/services/journal'
import { runAdmin } from './support/admin-cli'
import { ATLAS, offline } from './support/atlas-site'
import { signInThroughApi, signInThroughForm } from './support/cabinet-shell'
import { DEMO, DEMO_PASSWORD } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { ProblemReportSection, replayJournalFile } from './support/problem-report'

// the sign-in's scrypt, axe and the replay share two cores with other agents
test.describe.configure({ timeout: 120_000 })

const COMMENT = 'Не могу добавить товар в корзину\nПосле входа каталог открылся, корзина пустая'
const TOO_MANY = 'Слишком много отчётов за час. Попробуйте позже.'

test('a dealer sends «Сообщить о проблеме» from the profile; the admin command writes its journal out with no password, and the replay reads it', async ({
  page,
  context,
  checkA11y,
}) => {
  // the password is typed in the sign-in form, which the journal records
  const shell = await signInThroughForm(page, DEMO.dealer.email)
  const menu = page.getByRole('navigation', { name: 'Меню кабинета' })
  await expect(page.getByRole('table', { name: 'Товары каталога' }).getByRole('row').nth(1)).toBeVisible()
  await menu.getByRole('link', { name: 'Заказы' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Заказы/)
  await menu.getByRole('link', { name: 'Профиль' }).click()
  await expect(shell.page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible()

  const report = new ProblemReportSection(page)
  await report.send.click()
  await expect(report.alert).toHaveText('Опишите проблему')
  await report.comment.fill(COMMENT)
  await expect(report.alert).toHaveCount(0)
  await expect(report.counter(`${COMMENT.length} / 2000`)).toBeVisible()

  // the first send is held, then refused as the server refuses a sixth report in an hour
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/problem-reports/', async (route) => {
    await held
    await route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message: TOO_MANY }) })
  })
  await report.send.click()
  await expect(report.send).toHaveText('Отправляем…')
  await expect(report.send).toBeDisabled()
  await expect(report.comment).toHaveAttribute('readonly', '')
  release()
  await expect(report.alert).toHaveText(TOO_MANY)
  await expect(report.send).toHaveText('Повторить')
  await expect(report.comment).toHaveValue(COMMENT)
  await page.unroute('**/api/problem-reports/')

  await report.send.click()
  await expect(report.status).toHaveText(/^Спасибо, отчёт отправлен\. Номер: \d+$/)
  const id = /Номер: (\d+)/.exec((await report.status.textContent()) ?? '')![1]!
  await expect(report.comment).toHaveValue('')
  await expect(report.send).toHaveText('Отправить')
  await checkA11y(page)

  // the supplier lists it and writes its journal out
  const listed = await runAdmin('reports')
  const row = listed.split('\n').find((line) => line.trimStart().startsWith(`${id} `))
  expect(row, listed).toContain(DEMO.dealer.email)
  expect(row).toContain('Не могу добавить товар в корзину')
  expect(row).not.toContain('После входа')

  const file = join(await mkdtemp(join(tmpdir(), 'problem-report-')), 'journal.json')
  expect(await runAdmin('report', id, file)).toContain(file)
  const text = await readFile(file, 'utf8')
  expect(text).not.toContain(DEMO_PASSWORD)
  const journal = JSON.parse(text) as JournalExport
  expect(journal).toMatchObject({ format: 'cabinet-journal', version: 2 })
  const login = journal.entries.find((entry) => entry.event.type === 'session.login')
  expect(login?.event).toMatchObject({ email: DEMO.dealer.email, password: '•'.repeat(DEMO_PASSWORD.length) })
  expect(journal.entries.map((entry) => entry.machine)).toEqual(expect.arrayContaining(['session', 'shell', 'orders', 'profile', 'problemReport']))

  const replayed = await replayJournalFile(file)
  expect(replayed.code, replayed.stdout).toBe(0)
  expect(replayed.stdout).toMatch(/\d+ actors: \d+ equal, 0 departed/)

  // the atlas's journal viewer opens the written file from the file system, nothing off it
  const refused = await offline(context)
  await page.goto(pathToFileURL(`${ATLAS}journal.html`).href)
  await page.getByLabel('Choose a journal file').setInputFiles(file)
  await expect(page.getByRole('status').filter({ hasText: `journal.json: ${journal.entries.length} entries` })).toBeVisible()
  const reportRow = page.getByRole('region', { name: 'Actors' }).getByRole('row').filter({ hasText: 'problemReport' })
  await expect(reportRow.getByRole('cell', { name: 'the same as the machine computes' })).toBeVisible()
  expect(refused).toEqual([])
})

test.describe('on a phone, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the section fits the width: the field and «Отправить» in it, no sideways scrolling; the message shows under the field', async ({ page }) => {
    await signInThroughApi(page, DEMO.dealer.email)
    await page.goto('/cabinet/profile/')
    const report = new ProblemReportSection(page)
    await report.send.click()
    await expect(report.alert).toHaveText('Опишите проблему')
    for (const part of [report.comment, report.send, report.alert]) {
      const box = (await part.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
