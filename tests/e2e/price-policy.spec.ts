import { PRICE_POLICY_MESSAGES } from '../../src/contract/price-policy'
import { signIn } from './support/cabinet-shell'
import { CartPage } from './support/cart-page'
import { CataloguePage, moneyValue } from './support/catalogue-page'
import { DEMO } from './support/demo-logins'
import { queryE2eDb } from './support/e2e-db'
import { expect, test } from './support/fixtures'
import { ManagersPage, PricePolicyDialog } from './support/managers-page'
import { formatMoney } from '../../src/views/ui/format'
import type { APIRequestContext } from '@playwright/test'

test.describe.configure({ mode: 'serial', timeout: 180_000 })

// the spec's texts, to the letter
const SAVED = 'Данные сохранены'
const FAILED = 'Ошибка. Данные не сохранены'

interface ListedProduct {
  id: number
  articul: string
  header: string
  price: number
  quantity: number
}

const roundKopecks = (roubles: number) => Math.round(roubles * 100) / 100

/** The products of a filter call as the caller's session gets them. */
async function listed(request: APIRequestContext, body: Record<string, unknown>): Promise<ListedProduct[]> {
  const response = await request.post('/api/filter/', { data: body })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { products: ListedProduct[] }).products
}

test('the main account sets a 10 % markup: its manager sees the marked-up prices in the catalogue and the basket', async ({ page, browser, checkA11y }) => {
  const managerId = queryE2eDb<{ id: number }>('SELECT id FROM users WHERE email = ?', DEMO.manager.email)!.id

  await signIn(page, DEMO.dealer.email)
  const managers = new ManagersPage(page)
  await managers.goto()
  const policy = await PricePolicyDialog.open(page, DEMO.manager.email)
  await expect(policy.kind('Цена по договору')).toBeChecked()
  await expect(policy.markup).toBeDisabled()
  await checkA11y(page)

  // the markup kind opens the field; a bad markup saves nothing
  await policy.kind('Цена по договору с наценкой').check()
  await expect(policy.markup).toBeEnabled()
  await policy.markup.fill('-5')
  await policy.save.click()
  await expect(policy.alert).toHaveText(PRICE_POLICY_MESSAGES.badMarkup)
  await policy.markup.fill('10')
  await expect(policy.alert).toHaveCount(0)

  // a failed save: spec §8's text, then «Повторить» saves
  await page.route(
    `**/api/pricepolitics/${managerId}/`,
    (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 503, json: { message: 'Сервер занят' } }) : route.continue()),
    { times: 1 },
  )
  await policy.save.click()
  await expect(policy.alert).toContainText(FAILED)
  await checkA11y(page)
  await policy.retry.click()
  await expect(policy.saved).toHaveText(SAVED)
  await expect(policy.dialog).toBeHidden({ timeout: 6_000 })
  expect(queryE2eDb<{ price_policy: string; price_markup: number }>('SELECT price_policy, price_markup FROM users WHERE id = ?', managerId)).toEqual({
    price_policy: 'markup',
    price_markup: 10,
  })

  // the modal shows it saved
  const again = await PricePolicyDialog.open(page, DEMO.manager.email)
  await expect(again.kind('Цена по договору с наценкой')).toBeChecked()
  await expect(again.markup).toHaveValue('10')
  await again.cancel.click()
  await expect(again.dialog).toBeHidden()

  // the manager, in its own browser, sees the contract prices + 10 %
  const managerContext = await browser.newContext({ locale: 'ru-RU', timezoneId: 'Europe/Moscow' })
  const managerPage = await managerContext.newPage()
  try {
    await signIn(managerPage, DEMO.manager.email)
    const contract = ((await (await managerPage.request.get('/api/filterinit/')).json()) as { selectedContract: string }).selectedContract
    const catalogue = new CataloguePage(managerPage)
    await managerPage.goto('/cabinet/')
    await catalogue.settled(120_000)
    const articuls = (await catalogue.column('articul')).slice(0, 3)
    const shown = (await catalogue.prices()).slice(0, 3)
    expect(articuls.length).toBeGreaterThan(0)
    for (const [index, articul] of articuls.entries()) {
      const [plain] = (await listed(page.request, { contract, catalog: '-1', query: articul, search_range: 'all' })).filter((p) => p.articul === articul)
      expect(shown[index], articul).toBe(roundKopecks(plain!.price * 1.1))
    }

    // the basket: the line and the total at the marked-up price
    const stocked = (await listed(managerPage.request, { catalog: '-1', perpage: 20, available: true })).find((product) => product.quantity >= 2)!
    const [plain] = (await listed(page.request, { contract, catalog: '-1', query: stocked.articul, search_range: 'all' })).filter(
      (p) => p.articul === stocked.articul,
    )
    expect(stocked.price).toBe(roundKopecks(plain!.price * 1.1))
    await managerPage.request.post('/api/clearBasket/', { data: { contract } })
    expect((await managerPage.request.post('/api/processBasket/', { data: { id: stocked.id, qnt: 2, wms: 1, contract } })).status()).toBe(200)
    const cart = new CartPage(managerPage)
    await cart.open()
    const line = cart.line(stocked.header)
    await expect(line.row).toBeVisible()
    expect(moneyValue(await line.sum.innerText())).toBe(roundKopecks(stocked.price * 2))
    await expect(cart.totals).toContainText(`на сумму ${formatMoney(roundKopecks(stocked.price * 2))}`)
    await managerPage.request.post('/api/clearBasket/', { data: { contract } })
  } finally {
    await managerContext.close()
    // the demo manager sees contract prices again for the specs after this one
    await page.request.post(`/api/pricepolitics/${managerId}/`, { data: { type: 'contract' } })
  }
})
