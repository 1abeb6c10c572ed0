import { ChatPage } from './support/chat-page'
import { runAdmin } from './support/admin-cli'
import { signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'

test.describe.configure({ timeout: 120_000 })

// ООО «ТеплоДом»'s main account: another spec's chat of «СтройМаркет» does not meet this one
const user = DEMO.otherDealer

test('a message sent shows at once and stays across a reload; a refused one keeps «Повторить» across a reload too', async ({ page, checkA11y }) => {
  await signIn(page, user.email)
  const chat = new ChatPage(page)
  await chat.open()
  // the seeded conversation: the manager's messages on one side, the company's on the other
  await expect(chat.message('Поставка ожидается в пятницу.', 'manager')).toBeVisible()
  await expect(chat.message('Когда ждать поступления', 'customer')).toBeVisible()
  await checkA11y(page)

  const text = `Строка один <b>${Date.now()}</b>\nстрока два`
  await expect(chat.send).toBeDisabled()
  await chat.field.fill(text)
  await expect(chat.counter).toHaveText(`${text.length} / 2000`)
  await chat.send.click()
  await expect(chat.field).toHaveValue('')
  // escaped and with its line break: the markup is text
  const sent = chat.message('строка два', 'customer').last()
  await expect(sent).toContainText('<b>')
  expect(await sent.locator('p').innerText()).toBe(text)
  await page.reload()
  await expect(chat.message(text.split('\n')[0]!, 'customer')).toHaveCount(1)

  // no connection: the message stays with «Повторить», across a reload as well, and nothing typed is lost
  await page.route('**/api/chat/', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()))
  const lost = `Не дошло ${Date.now()}`
  await chat.field.fill(lost)
  await chat.send.click()
  await expect(chat.pending).toContainText(lost)
  await expect(chat.retry).toBeVisible()
  await chat.field.fill('черновик')
  await page.reload()
  await expect(chat.pending).toContainText(lost)
  await expect(chat.field).toHaveValue('черновик')
  await page.unroute('**/api/chat/')
  await chat.retry.click()
  await expect(chat.pending).toHaveCount(0)
  await expect(chat.message(lost, 'customer')).toHaveCount(1)
  await page.reload()
  await expect(chat.message(lost, 'customer')).toHaveCount(1)
  await expect(chat.field).toHaveValue('черновик')
})

test("on any screen the sidebar's unread count grows with the admin's reply within one 5 s period, and clears once the chat is seen", async ({ page }) => {
  await page.clock.install()
  const shell = await signIn(page, user.email)
  const entry = shell.menu.getByRole('link', { name: /^Чат с менеджером/ })
  await expect(entry).toHaveAttribute('data-unread', /^\d+$/)
  const before = Number(await entry.getAttribute('data-unread'))
  await runAdmin('chat', 'reply', user.email, `Непрочитанное ${Date.now()}`)
  await page.clock.runFor(5_000)
  await expect(entry).toHaveAttribute('data-unread', String(before + 1))
  await entry.click()
  const chat = new ChatPage(page)
  await expect(chat.heading).toBeVisible()
  await expect(entry).toHaveAttribute('data-unread', '0')
  // the count stays cleared on the next refresh and on another screen
  await page.clock.runFor(5_000)
  await shell.menuEntry('Заказы').click()
  await page.clock.runFor(5_000)
  await expect(entry).toHaveAttribute('data-unread', '0')
})

test("the admin command's reply appears within one 5 s period", async ({ page }) => {
  await page.clock.install()
  await signIn(page, user.email)
  const chat = new ChatPage(page)
  await chat.open()
  await expect(chat.message('Поставка ожидается в пятницу.', 'manager')).toBeVisible()
  const reply = `Ответ менеджера ${Date.now()}`
  await runAdmin('chat', 'reply', user.email, reply)
  await page.clock.runFor(5_000)
  await expect(chat.message(reply, 'manager')).toBeVisible()
})
