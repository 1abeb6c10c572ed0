import type { Page } from '@playwright/test'
import type { InitData, Warehouse } from '../../src/contract/account'
import type { BrandProductsResponse } from '../../src/contract/brand-products'
import type { FilterResponse } from '../../src/contract/filter-answer'
import type { ProductResponse } from '../../src/contract/product'
import { TAB_HEADERS } from '../../src/contract/product'
import { signIn } from './support/cabinet-shell'
import { fillBasket, serverBasket } from './support/cart-page'
import { CataloguePage } from './support/catalogue-page'
import { DEMO } from './support/demo-logins'
import { queryE2eDb } from './support/e2e-db'
import { expect, test } from './support/fixtures'
import { AddToBasketControls, ProductCardDialog } from './support/product-card'
import { HeaderSearch, ProductsPage } from './support/search-pages'

/** What the server answers now, with the page's own session. */
async function apiCall<T>(page: Page, path: string, data?: object): Promise<T> {
  const response = data === undefined ? await page.request.get(path) : await page.request.post(path, { data })
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

const brandApi = (page: Page, warehouse: number) =>
  apiCall<BrandProductsResponse>(page, '/api/getProductsByBrandId/', { id: 0, page: 1, perpage: 30, contract: '0', warehouse })
const searchApi = (page: Page, keyword: string, warehouse: number) =>
  apiCall<FilterResponse>(page, '/api/search/', { keyword, contract: '0', page: 1, warehouse, sorting: { field: 'header', sort: 'asc' } })

/** The basket's lines as processBasket takes them, to put them back after the test. */
async function basketLines(page: Page): Promise<{ id: number; qnt: number; wms: number }[]> {
  return Object.values((await serverBasket(page)).products).map((line) => ({ id: line.product.id, qnt: line.qnt, wms: line.wms }))
}

async function lineAt(page: Page, productId: number, wms: number): Promise<number> {
  const lines = await basketLines(page)
  return lines.find((line) => line.id === productId && line.wms === wms)?.qnt ?? 0
}

/** A product in stock at warehouses `a` and `b` and out of stock at some other one, from the e2e database. */
function productStockedAt(a: number, b: number): { id: number; header: string; articul: string; empty: number } {
  const found = queryE2eDb<{ id: number; header: string; articul: string; empty: number }>(
    `SELECT p.id, p.header, p.articul, z.warehouse_id AS empty FROM products p
       JOIN stocks sa ON sa.product_id = p.id AND sa.warehouse_id = ? AND sa.quantity > 5
       JOIN stocks sb ON sb.product_id = p.id AND sb.warehouse_id = ? AND sb.quantity > 5
       JOIN stocks z ON z.product_id = p.id AND z.quantity = 0
     ORDER BY p.id LIMIT 1`,
    a,
    b,
  )
  if (!found) throw new Error(`no product in stock at warehouses ${a} and ${b} and out of stock at a third`)
  return found
}

test('the chosen warehouse, everywhere: catalogue, brand pages, search results, the header search card', async ({ page, checkA11y }) => {
  test.setTimeout(180_000)
  const shell = await signIn(page, DEMO.dealer.email)
  const { warehouses } = await apiCall<InitData>(page, '/api/initdata/')
  expect(warehouses.length).toBeGreaterThanOrEqual(3)
  const [first, second, third] = warehouses as [Warehouse, Warehouse, Warehouse]
  // this dealer's basket starts empty; what the seed put in it comes back at the end
  const seeded = await basketLines(page)
  expect((await page.request.post('/api/clearBasket/', { data: { contract: '0' } })).status()).toBe(200)

  try {
    // the catalogue: the dealer picks the second warehouse in the filter panel
    const catalogue = new CataloguePage(page)
    await page.goto('/cabinet/')
    await catalogue.settled(120_000)
    await expect(catalogue.warehouse).toHaveValue(String(first.id))
    await catalogue.changing(() => catalogue.warehouse.selectOption(String(second.id)))
    await expect(catalogue.table.getByRole('columnheader', { name: `Остаток (${second.header})`, exact: true })).toBeVisible()

    // the brand pages follow: tiles and the list name the warehouse and show its stock
    const brands = new ProductsPage(page)
    await shell.menuEntry('Бренды').click()
    await expect(brands.warehouse).toHaveValue(String(second.id))
    const atSecond = await brandApi(page, second.id)
    await expect(brands.tiles.first()).toContainText(`Остаток (${second.header}): `)
    await page.getByRole('link', { name: 'Список' }).click()
    await expect(brands.stockHeader(second.header)).toBeVisible()
    await expect.poll(() => brands.rowStocks()).toEqual(atSecond.products.map((product) => product.quantity))
    await checkA11y(page)

    // «В корзину» adds from the second warehouse
    const stocked = atSecond.products.find((product) => product.quantity >= 2)
    if (!stocked) throw new Error('no product of the first brand page is in stock at the second warehouse')
    const adder = new AddToBasketControls(brands.rows.filter({ hasText: stocked.articul }), stocked.header)
    await adder.addQuantity('2')
    await expect(adder.popup).toBeVisible()
    await expect.poll(() => lineAt(page, stocked.id, second.id)).toBe(2)
    expect(await basketLines(page)).toEqual([{ id: stocked.id, qnt: 2, wms: second.id }])

    // the choice survives a reload
    await page.reload()
    await expect(brands.warehouse).toHaveValue(String(second.id))
    await expect(brands.stockHeader(second.header)).toBeVisible()

    // the search results show the same warehouse; the «Склад» above them changes it for every list
    const keyword = stocked.header.split(' ')[0]!
    const search = new HeaderSearch(page)
    await search.type(keyword)
    await search.submit.click()
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === keyword)
    await expect(brands.warehouse).toHaveValue(String(second.id))
    await expect(brands.stockHeader(second.header)).toBeVisible()
    const found = await searchApi(page, keyword, second.id)
    await expect.poll(() => brands.rowStocks()).toEqual(found.products.map((product) => product.quantity))
    await brands.warehouse.selectOption(String(third.id))
    await expect(brands.stockHeader(third.header)).toBeVisible()
    const foundAtThird = await searchApi(page, keyword, third.id)
    await expect.poll(() => brands.rowStocks()).toEqual(foundAtThird.products.map((product) => product.quantity))

    // the catalogue opens at the chosen warehouse when its address names none
    await page.goto('/cabinet/')
    await catalogue.settled()
    await expect(catalogue.warehouse).toHaveValue(String(third.id))
    await expect(catalogue.table.getByRole('columnheader', { name: `Остаток (${third.header})`, exact: true })).toBeVisible()

    // the header search opens the card at the chosen warehouse; its stocks tab adds from another one
    const product = productStockedAt(third.id, first.id)
    const empty = warehouses.find((warehouse) => warehouse.id === product.empty)!
    const { product: atThird } = await apiCall<ProductResponse>(page, `/api/product/${product.id}/?warehouse=${third.id}`)
    await search.field.fill('')
    await search.type(product.articul)
    await search.options.filter({ hasText: product.header }).first().click()
    const card = new ProductCardDialog(page)
    await card.shown()
    await expect(card.title).toHaveText(product.header)
    await expect(card.dialog.locator('dt', { hasText: `Остаток (${third.header})` })).toBeVisible()
    expect(await card.available()).toBe(atThird.quantity)

    await card.openTab(TAB_HEADERS.stocks)
    await expect(card.stockRow(empty.header)).toContainText('Нет в наличии')
    await expect(card.stockRow(empty.header).getByRole('button', { name: 'В корзину' })).toHaveCount(0)
    const fromFirst = card.basketAt(product.header, first.header)
    await fromFirst.addQuantity('3')
    await expect(fromFirst.popup).toBeVisible()
    await expect.poll(() => lineAt(page, product.id, first.id)).toBe(3)
    await checkA11y(page)
  } finally {
    await fillBasket(page, seeded)
  }
})
