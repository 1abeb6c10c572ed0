import type { Page } from '@playwright/test'
import { CONTRAGENT_MESSAGES } from '../../src/contract/contragents'
import { INN_MESSAGES, innWithControlDigits } from '../../src/contract/inn'
import { sectionClosedMessage } from '../../src/contract/menu'
import { COMPANIES } from '../../server/db/seed-customers-data'
import { signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'

test.describe.configure({ timeout: 90_000 })

// ООО «ТеплоДом»'s main account: no other spec adds or removes its contragents
const DEALER = DEMO.otherDealer.email
// its manager has no section closed: a manager is refused all the same
const OPEN_MANAGER = COMPANIES[1]?.manager.email ?? ''

/** A valid INN no earlier run has used (9 digits from the clock, then the control digit). */
const uniqueInn = () => innWithControlDigits(String(100_000_000 + (Date.now() % 900_000_000)))

class ContragentsPage {
  readonly heading
  readonly add
  readonly dialog
  readonly company
  readonly inn
  readonly kpp
  readonly save
  readonly notice

  constructor(readonly page: Page) {
    const main = page.getByRole('main')
    this.heading = main.getByRole('heading', { name: 'Контрагенты', level: 1 })
    this.add = main.getByRole('button', { name: 'Добавить контрагента' })
    this.dialog = page.getByRole('dialog', { name: 'Новый контрагент' })
    this.company = this.dialog.getByLabel('Название')
    this.inn = this.dialog.getByLabel('ИНН')
    this.kpp = this.dialog.getByLabel('КПП')
    this.save = this.dialog.getByRole('button', { name: 'Сохранить' })
    this.notice = main.getByRole('status').filter({ hasText: /\S/ })
  }

  async open() {
    await this.page.goto('/cabinet/contragents/')
    await expect(this.heading).toBeVisible()
  }

  row(company: string) {
    return this.page.getByRole('main').getByRole('row', { name: company })
  }

  async fill(form: { company: string; inn: string; kpp?: string }) {
    await this.company.fill(form.company)
    await this.inn.fill(form.inn)
    await this.kpp.fill(form.kpp ?? '')
  }
}

test('add a contragent, refuse a wrong INN and a duplicate, deactivate, activate and delete it', async ({ page, checkA11y }) => {
  await signIn(page, DEALER)
  const screen = new ContragentsPage(page)
  await screen.open()
  await expect(screen.row('ООО «ТеплоДом Инжиниринг»')).toBeVisible()
  await checkA11y(page)

  // a wrong control digit: the client's message, and nothing is sent
  await screen.add.click()
  await expect(screen.dialog).toBeVisible()
  await screen.fill({ company: 'ООО «Проверка ИНН»', inn: '7707083894' })
  await screen.inn.press('Tab')
  await expect(screen.inn).toHaveAccessibleDescription(INN_MESSAGES.checksum)
  await screen.kpp.fill('12')
  await screen.save.click()
  await expect(screen.kpp).toHaveAccessibleDescription(INN_MESSAGES.kpp)
  await expect(screen.dialog).toBeVisible()
  await checkA11y(page)

  // a good INN and KPP: saved, «Данные сохранены», the row is new and active
  const company = `ООО «Партнёр ${Date.now().toString(36)}»`
  const inn = uniqueInn()
  await screen.fill({ company, inn, kpp: `${inn.slice(0, 4)}01001` })
  await screen.save.click()
  await expect(screen.dialog).toBeHidden()
  await expect(screen.notice).toHaveText(/Данные сохранены/)
  const row = screen.row(company)
  await expect(row).toContainText(inn)
  await expect(row).toContainText('новый')
  await expect(row).toContainText('Активен')
  // the confirmation hides by itself after 3 s
  await expect(screen.notice).toHaveCount(0, { timeout: 5_000 })

  // the same INN and KPP again: the server's «Этот контрагент уже зарегистрирован», the form stays
  await screen.add.click()
  await screen.fill({ company: 'Повтор', inn, kpp: `${inn.slice(0, 4)}01001` })
  await screen.save.click()
  await expect(screen.dialog.getByRole('alert')).toHaveText(CONTRAGENT_MESSAGES.duplicate)
  await screen.dialog.getByRole('button', { name: 'Отмена' }).click()
  await expect(screen.dialog).toBeHidden()

  // «Изменить»: the form opens with the row's name, INN and KPP; a new name is saved in place
  await row.getByRole('button', { name: `Изменить: ${company}` }).click()
  const editor = page.getByRole('dialog', { name: 'Изменить контрагента' })
  await expect(editor.getByLabel('Название')).toHaveValue(company)
  await expect(editor.getByLabel('ИНН')).toHaveValue(inn)
  await expect(editor.getByLabel('КПП')).toHaveValue(`${inn.slice(0, 4)}01001`)
  await checkA11y(page)
  // a wrong INN is refused by the same check
  await editor.getByLabel('ИНН').fill('7707083894')
  await editor.getByRole('button', { name: 'Сохранить' }).click()
  await expect(editor.getByLabel('ИНН')).toHaveAccessibleDescription(INN_MESSAGES.checksum)
  // the INN and KPP of another contragent of the company: the server's duplicate, the form stays
  const other = screen.row('ООО «ТеплоДом Инжиниринг»').getByRole('cell')
  await editor.getByLabel('ИНН').fill((await other.nth(0).innerText()).trim())
  await editor.getByLabel('КПП').fill((await other.nth(1).innerText()).trim())
  await editor.getByRole('button', { name: 'Сохранить' }).click()
  await expect(editor.getByRole('alert')).toHaveText(CONTRAGENT_MESSAGES.duplicate)
  const renamed = `${company} (изменён)`
  await editor.getByLabel('Название').fill(renamed)
  await editor.getByLabel('ИНН').fill(inn)
  await editor.getByLabel('КПП').fill(`${inn.slice(0, 4)}01001`)
  await editor.getByRole('button', { name: 'Сохранить' }).click()
  await expect(editor).toBeHidden()
  await expect(screen.notice).toHaveText(/Данные сохранены/)
  await expect(screen.row(renamed)).toContainText(inn)
  await expect(screen.notice).toHaveCount(0, { timeout: 5_000 })
  await row.getByRole('button', { name: `Изменить: ${renamed}` }).click()
  await editor.getByLabel('Название').fill(company)
  await editor.getByRole('button', { name: 'Сохранить' }).click()
  await expect(editor).toBeHidden()
  await expect(screen.row(company)).toContainText(inn)

  // deactivate, then activate
  await row.getByRole('button', { name: `Деактивировать: ${company}` }).click()
  await expect(screen.notice).toHaveText(/Контрагент деактивирован/)
  await expect(row).toContainText('Неактивен')
  await row.getByRole('button', { name: `Активировать: ${company}` }).click()
  await expect(screen.notice).toHaveText(/Контрагент активирован/)
  await expect(row).toContainText('Активен')

  // delete asks first; «Отмена» keeps it
  await row.getByRole('button', { name: `Удалить: ${company}` }).click()
  const question = page.getByRole('alertdialog', { name: 'Удалить контрагента?' }).or(page.getByRole('dialog', { name: 'Удалить контрагента?' }))
  await expect(question).toContainText(inn)
  await question.getByRole('button', { name: 'Отмена' }).click()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: `Удалить: ${company}` }).click()
  await question.getByRole('button', { name: 'Удалить' }).click()
  await expect(screen.notice).toHaveText(/Контрагент удалён/)
  await expect(row).toHaveCount(0)
  // after a reload it stays gone
  await page.reload()
  await expect(screen.row('ООО «ТеплоДом Инжиниринг»')).toBeVisible()
  await expect(screen.row(company)).toHaveCount(0)
})

test('a contragent with contracts is not deleted: the server says why', async ({ page }) => {
  await signIn(page, DEALER)
  const screen = new ContragentsPage(page)
  await screen.open()
  const row = screen.row('ООО «ТеплоДом Инжиниринг»')
  await row.getByRole('button', { name: 'Удалить: ООО «ТеплоДом Инжиниринг»' }).click()
  const question = page.getByRole('alertdialog', { name: 'Удалить контрагента?' }).or(page.getByRole('dialog', { name: 'Удалить контрагента?' }))
  await question.getByRole('button', { name: 'Удалить' }).click()
  const failed = page.getByRole('dialog', { name: 'Контрагент не удалён' }).or(page.getByRole('alertdialog', { name: 'Контрагент не удалён' }))
  await expect(failed).toContainText(CONTRAGENT_MESSAGES.hasContracts)
  await failed.getByRole('button', { name: 'Закрыть' }).click()
  await expect(row).toBeVisible()
})

test('a manager: «Нет доступа», whether its menus close the section or not (main account only)', async ({ page }) => {
  // ООО «СтройМаркет»'s manager: the seed closes «Контрагенты»; ООО «ТеплоДом»'s closes nothing
  for (const email of [DEMO.manager.email, OPEN_MANAGER]) {
    const shell = await signIn(page, email)
    await expect(shell.menuEntry('Контрагенты')).toHaveCount(0)
    await page.goto('/cabinet/contragents/')
    await expect(shell.content.getByRole('heading', { name: 'Нет доступа', level: 1 })).toBeVisible()
    await expect(shell.content.getByRole('alert')).toHaveText(`${sectionClosedMessage('contragents')}.`)
    await shell.logOut.click()
    await expect(page).toHaveURL(/\/login\//)
  }
})
