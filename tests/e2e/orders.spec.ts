import { formatCount, formatMoney, PRODUCT_FORMS } from '../../src/views/ui/format'
import { signIn, type CabinetShell } from './support/cabinet-shell'
import { clearBasket, serverBasket, stockedProducts } from './support/cart-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { cancelOrderThroughApi, OrdersPage, ordersThroughApi, placeOrderThroughApi } from './support/orders-page'
import type { Page } from '@playwright/test'

test.describe.configure({ timeout: 120_000 })

const user = DEMO.dealer.email
/** the orders this spec placed: cancelled at the end, so their stock goes back */
const placed: number[] = []

async function expectHeaderAgrees(page: Page, shell: CabinetShell): Promise<void> {
  const basket = await serverBasket(page)
  await expect(shell.basketSummary).toHaveText(`Корзина: ${formatCount(basket.stats.count.products, PRODUCT_FORMS)} на сумму ${formatMoney(basket.sum)}`)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const secondsOf = (text: string) => {
  const [minutes, seconds] = text.split(':').map(Number)
  return minutes! * 60 + seconds!
}
const label = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

test.afterEach(async ({ page }) => {
  for (const id of placed.splice(0)) await cancelOrderThroughApi(page, id)
  await clearBasket(page)
})

test("an order's detail, then cancelling it with a comment: the row takes the returned state and status", async ({ page, checkA11y }) => {
  await signIn(page, user)
  await clearBasket(page)
  const [product] = stockedProducts(1, 5, 200, 1)
  const id = await placeOrderThroughApi(page, [{ id: product!.id, qnt: 2, wms: 1 }])
  placed.push(id)
  const orders = new OrdersPage(page)
  await orders.open()
  // the newest order is first, marked 'Новый'
  await expect(orders.table.getByRole('row').nth(1)).toHaveAccessibleName(`Заказ № ${id}`)
  await expect(orders.stateBadge(id)).toHaveText('Новый')
  // the state shows once: its status only repeats it, and there is no separate «Статус» column
  await expect(orders.row(id).getByText('Новый', { exact: true })).toHaveCount(1)
  await expect(orders.columnTitle('Статус')).toHaveCount(0)
  const detail = await orders.toggleDetail(id)
  await expect(detail.getByRole('row')).toHaveCount(2)
  await expect(detail).toContainText(product!.header)
  await expect(orders.row(id).getByRole('button', { name: `Состав заказа № ${id}` })).toHaveAttribute('aria-expanded', 'true')
  await checkA11y(page)

  // «Не отменять» keeps it
  await orders.cancel(id)
  await checkA11y(page)
  await orders.closeDialog()
  await expect(orders.stateBadge(id)).toHaveText('Новый')

  await orders.cancel(id)
  await orders.confirmCancel('дубль заказа')
  await expect(orders.cancelDialog).toBeHidden()
  await expect(orders.stateBadge(id)).toHaveText('Отменён')
  await expect(orders.row(id)).toContainText(/Отменён \d{2}\.\d{2}\.\d{4}: дубль заказа/)
  await expect(orders.row(id).getByRole('button', { name: `Отменить заказ № ${id}` })).toHaveCount(0)
  // the server says the same
  const listed = (await ordersThroughApi(page)).orders.find((order) => order.id === id)
  expect(listed?.state).toBe(4)
})

test('repeating an order: "Заказ добавлен в корзину" with the count and the header following; without stock: "Нет в наличии"', async ({
  page,
  checkA11y,
}) => {
  const shell = await signIn(page, user)
  const [plenty, scarce] = stockedProducts(1, 6, 60, 2)
  const inStock = await placeOrderThroughApi(page, [{ id: plenty!.id, qnt: 1, wms: 1 }])
  // the whole free stock goes into this order: nothing of it is left to repeat
  const soldOut = await placeOrderThroughApi(page, [{ id: scarce!.id, qnt: scarce!.quantity, wms: 1 }])
  placed.push(inStock, soldOut)
  await clearBasket(page)
  const orders = new OrdersPage(page)
  await orders.open()
  await expect(shell.basketSummary).toHaveText(`Корзина: 0 товаров на сумму ${formatMoney(0)}`)

  await orders.repeat(inStock)
  await expect(orders.addedDialog).toBeVisible()
  await expect(orders.addedDialog).toContainText('Добавлено товаров - 1 шт.')
  await expect(orders.addedDialog.getByRole('link', { name: 'В корзину' })).toBeVisible()
  await checkA11y(page)
  await expectHeaderAgrees(page, shell)
  await orders.addedDialog.getByRole('button', { name: 'Закрыть' }).click()
  await expect(orders.addedDialog).toBeHidden()

  await orders.repeat(soldOut)
  await expect(orders.noStockDialog).toBeVisible()
  await expect(orders.noStockDialog).toContainText('Невозможно повторить заказ. Товаров нет в наличии!')
  await expect(orders.noStockDialog.getByRole('link', { name: 'В корзину' })).toHaveCount(0)
  await checkA11y(page)
  await page.keyboard.press('Escape')
  await expect(orders.noStockDialog).toBeHidden()

  // «В корзину» goes to the basket with the repeated line
  await orders.repeat(inStock)
  await orders.addedDialog.getByRole('link', { name: 'В корзину' }).click()
  await expect(page).toHaveURL(/\/cart\/$/)
  expect(Object.values((await serverBasket(page)).products).map((line) => line.product.id)).toContain(plenty!.id)
})

test('repeating an order when the basket already holds the product: the free stock goes in and the dialog names what was short', async ({
  page,
  checkA11y,
}) => {
  const shell = await signIn(page, user)
  const [product] = stockedProducts(1, 8, 60, 1)
  const id = await placeOrderThroughApi(page, [{ id: product!.id, qnt: 3, wms: 1 }])
  placed.push(id)
  // the order took 3; the basket takes all the rest but 2, so a line asking 3 finds 2 free
  const left = product!.quantity - 3
  expect((await page.request.post('/api/processBasket/', { data: { id: product!.id, qnt: left - 2, wms: 1, type: 'add', contract: '0' } })).status()).toBe(
    200,
  )
  const orders = new OrdersPage(page)
  await orders.open()
  await orders.repeat(id)
  await expect(orders.addedDialog).toContainText('Добавлено товаров - 1 шт.')
  const short = orders.addedDialog.getByRole('list', { name: 'Не хватило свободного остатка на складе:' })
  await expect(short.getByRole('listitem')).toHaveText([new RegExp(`^${escapeRegExp(product!.header)} \\(арт\\. .+\\): добавлено 2 из 3 шт\\.$`)])
  await checkA11y(page)
  await expectHeaderAgrees(page, shell)
  const line = Object.values((await serverBasket(page)).products).find((each) => each.product.id === product!.id)
  expect(line?.qnt).toBe(left)
  await orders.addedDialog.getByRole('button', { name: 'Закрыть' }).click()

  // nothing is free now: «Нет в наличии», and the basket keeps its line
  await orders.repeat(id)
  await expect(orders.noStockDialog).toContainText('Невозможно повторить заказ. Товаров нет в наличии!')
  await page.keyboard.press('Escape')
  expect(Object.values((await serverBasket(page)).products).find((each) => each.product.id === product!.id)?.qnt).toBe(left)
})

test('dates typed into the filter choose «За период»; a day that does not exist or a start after the end is refused on the page, nothing is asked', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, user)
  const orders = new OrdersPage(page)
  await orders.open()
  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/order/' && request.method() === 'GET') asked.push(url.search)
  })
  const period = orders.filter.getByLabel('Период')
  const [start, end] = [orders.filter.getByLabel('Дата с'), orders.filter.getByLabel('Дата по')]
  const find = orders.filter.getByRole('button', { name: 'Найти' })
  const message = orders.filter.getByRole('alert')
  await expect(period).toHaveValue('week')

  // typing a date chooses the period
  await start.fill('31.02.2026')
  await expect(period).toHaveValue('period')
  await find.click()
  await expect(message).toHaveText('Дата с: «31.02.2026» — такой даты нет. Введите дату в виде дд.мм.гггг, например 01.03.2026')
  await expect(start).toHaveAttribute('aria-invalid', 'true')
  await expect(start).toHaveAccessibleDescription(/такой даты нет/)
  await checkA11y(page)

  await start.fill('10.03.2026')
  await expect(message).toHaveCount(0)
  await end.fill('01.03.2026')
  await find.click()
  await expect(message).toHaveText('Начало периода (10.03.2026) позже его конца (01.03.2026). Исправьте даты')
  await expect(page.getByText(/Следующая попытка|Некорректный запрос/)).toHaveCount(0)
  expect(asked).toEqual([])
  await expect(page).toHaveURL(/\/cabinet\/orders\/$/)

  // corrected: the address names the period and the list asks for it
  await end.fill('31.03.2026')
  await find.click()
  await expect(page).toHaveURL(/dateselect=period/)
  await expect(page).toHaveURL(/start_date=10\.03\.2026/)
  await expect(page).toHaveURL(/end_date=31\.03\.2026/)
  await expect.poll(() => asked.length).toBe(1)
  expect(new URLSearchParams(asked[0]).get('start_date')).toBe('10.03.2026')
  await expect(message).toHaveCount(0)

  // an address naming the start after the end says so, asks nothing and shows no retry countdown
  asked.length = 0
  await page.goto('/cabinet/orders/?dateselect=period&start_date=10.03.2026&end_date=01.03.2026')
  await expect(page.getByText('Заказы не запрошены: проверьте даты в фильтре')).toBeVisible()
  await expect(page.getByText('Начало периода (10.03.2026) позже его конца (01.03.2026). Исправьте даты')).toBeVisible()
  await expect(page.getByText(/Следующая попытка|Некорректный запрос/)).toHaveCount(0)
  await expect(period).toHaveValue('period')
  expect(asked).toEqual([])
})

test('the countdown ticks, stands still while the tab is hidden, and after 300 s the list reloads keeping the filter in the address', async ({ page }) => {
  await page.clock.install()
  await signIn(page, user)
  const orders = new OrdersPage(page)
  // the seeded history is older than a week: another spec's order may or may not be in the default week
  await orders.open('?dateselect=all')
  await orders.applyFilter({ state: 'Отгружен' })
  await expect(page).toHaveURL(/dateselect=all/)
  await expect(page).toHaveURL(/state=3/)
  // time stands still from here; it moves only when the test moves it
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500))
  const left = secondsOf(await orders.countdown.innerText())
  expect(left).toBeGreaterThan(290)
  await page.clock.runFor(2_000)
  await expect(orders.countdown).toHaveText(label(left - 2))

  // a hidden tab: the countdown and the reload wait, and say so
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value })
      document.dispatchEvent(new Event('visibilitychange'))
    }, state)
  await setVisibility('hidden')
  await expect(page.getByText('Обновление приостановлено, пока вкладка скрыта')).toBeVisible()
  await page.clock.runFor(600_000)
  await setVisibility('visible')
  await expect(orders.countdown).toHaveText(label(left - 2))

  let reloads = 0
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname !== '/api/order/') return
    reloads++
    expect(url.searchParams.get('dateselect')).toBe('all')
    expect(url.searchParams.get('state')).toBe('3')
  })
  await page.clock.runFor((left - 3) * 1_000)
  expect(reloads).toBe(0)
  await expect(orders.countdown).toHaveText('0:01')
  await page.clock.runFor(1_000)
  await expect.poll(() => reloads).toBe(1)
  await expect(orders.countdown).toHaveText('5:00')
  for (const badge of await orders.table.locator('[data-state]').all()) await expect(badge).toHaveText('Отгружен')

  // a page reload keeps the filter too
  await page.reload()
  await expect(orders.table).toBeVisible()
  await expect(orders.filter.getByLabel('Период')).toHaveValue('all')
  await expect(orders.filter.getByLabel('Состояние')).toHaveValue('3')
  await expect(orders.countdown).toHaveText('5:00')
})

test('bulk selection: the column titles give way to the selected count; the check-all box checks and unchecks every row', async ({ page, checkA11y }) => {
  await signIn(page, user)
  const orders = new OrdersPage(page)
  await orders.open('?dateselect=all')
  const ids = (await ordersThroughApi(page, '?dateselect=all')).orders.map((order) => order.id)
  expect(ids.length).toBeGreaterThan(2)
  await expect(orders.columnTitle('Сумма')).toBeVisible()
  await orders.checkbox(ids[0]!).check()
  await orders.checkbox(ids[1]!).check()
  await expect(orders.selectionBar).toHaveText('Выбрано: 2')
  await expect(orders.columnTitle('Сумма')).toHaveCount(0)
  await checkA11y(page)
  await orders.checkAll.check()
  await expect(orders.selectionBar).toHaveText(`Выбрано: ${ids.length}`)
  for (const id of ids) await expect(orders.checkbox(id)).toBeChecked()
  await orders.checkAll.uncheck()
  await expect(orders.selectionBar).toHaveCount(0)
  await expect(orders.columnTitle('Сумма')).toBeVisible()
  for (const id of ids) await expect(orders.checkbox(id)).not.toBeChecked()
})
