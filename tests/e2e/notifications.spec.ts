import type { Page } from '@playwright/test'
import { updateNotifyStatusResponseSchema } from '../../src/contract/inbox'
import { signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { NotificationsPage } from './support/notifications-page'

test.describe.configure({ timeout: 120_000 })

// ООО «ТеплоДом»'s main account: the read state is this account's own
const user = DEMO.otherDealer
const WELCOME = 'Добро пожаловать в кабинет дилера!'

/** The count the server answered for a marking, once it has answered. */
const markedCount = (page: Page) =>
  page
    .waitForResponse((response) => response.url().endsWith('/ajax/updatenotifystatus/') && response.request().method() === 'POST')
    .then(async (response) => updateNotifyStatusResponseSchema.parse(await response.json()).unread.notifications)

test('a notification marked read and unread again: its row says so in words, and the sidebar count follows at once', async ({ page, checkA11y }) => {
  const shell = await signIn(page, user.email)
  const entry = shell.menu.getByRole('link', { name: /^Уведомления/ })
  await entry.click()
  const notifications = new NotificationsPage(page)
  await expect(notifications.heading).toBeVisible()
  const welcome = notifications.row(WELCOME)
  await expect(welcome).toHaveCount(1)
  // a rerun finds it read: unread first
  if ((await welcome.getAttribute('data-state')) === 'read') {
    const answered = markedCount(page)
    await notifications.markUnread(welcome).click()
    await expect(entry).toHaveAttribute('data-unread', String(await answered))
  }
  await expect(welcome).toHaveAttribute('data-state', 'unread')
  await expect(welcome).toContainText('Новое')
  await checkA11y(page)
  const before = Number(await entry.getAttribute('data-unread'))
  expect(before).toBeGreaterThan(0)

  const read = markedCount(page)
  await notifications.markRead(welcome).focus()
  await page.keyboard.press('Enter')
  const afterRead = await read
  expect(afterRead).toBe(before - 1)
  await expect(welcome).toHaveAttribute('data-state', 'read')
  await expect(welcome).toContainText('Прочитано')
  await expect(entry).toHaveAttribute('data-unread', String(afterRead))
  // the server keeps it: a reload shows it read
  await page.reload()
  await expect(notifications.heading).toBeVisible()
  await expect(welcome).toHaveAttribute('data-state', 'read')
  await expect(entry).toHaveAttribute('data-unread', String(afterRead))

  const unread = markedCount(page)
  await notifications.markUnread(welcome).click()
  expect(await unread).toBe(before)
  await expect(welcome).toHaveAttribute('data-state', 'unread')
  await expect(entry).toHaveAttribute('data-unread', String(before))
})

test('the list failing to load shows the reason with «Повторить», which loads it', async ({ page }) => {
  await signIn(page, user.email)
  await page.route('**/ajax/messages/', (route) => route.fulfill({ status: 503, json: { message: 'Сервис недоступен' } }))
  const notifications = new NotificationsPage(page)
  await notifications.open()
  await expect(page.getByRole('alert')).toContainText('Не удалось загрузить уведомления')
  await page.unroute('**/ajax/messages/')
  await page.getByRole('button', { name: 'Повторить' }).click()
  await expect(notifications.row(WELCOME)).toHaveCount(1)
})

test("an order's notification links that order in the orders list, over the whole period", async ({ page }) => {
  await signIn(page, user.email)
  const order = {
    id: 987_654,
    text: 'Заказ № 987654: Отменён',
    created_at: new Date().toISOString(),
    order_id: 987_654,
    state: 0,
  }
  await page.route('**/ajax/messages/', (route) => route.fulfill({ json: { messages: [order], unread: { chat: 0, notifications: 1 } } }))
  const notifications = new NotificationsPage(page)
  await notifications.open()
  const row = notifications.row(order.text)
  await expect(row).toHaveAttribute('data-state', 'unread')
  await row.getByRole('link', { name: 'Заказ № 987654' }).click()
  await expect(page).toHaveURL(/\/cabinet\/orders\/\?/)
  const url = new URL(page.url())
  expect(Object.fromEntries(url.searchParams)).toEqual({ dateselect: 'all', search_doc: '987654' })
  await expect(page.getByRole('heading', { level: 1, name: 'Заказы' })).toBeVisible()
})
