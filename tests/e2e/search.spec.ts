import type { Page } from '@playwright/test'
import { CATALOGUE_DEFAULTS, type FilterRequest } from '../../src/contract/catalogue'
import { BRAND_PAGE_SIZES, type BrandProductsResponse } from '../../src/contract/brand-products'
import type { FilterResponse } from '../../src/contract/filter-answer'
import { SEARCH_MESSAGES, type AutocompleteResponse } from '../../src/contract/search'
import { SEARCH_KEYWORD_STORAGE_KEY } from '../../src/services/search'
import { formatCount, PRODUCT_FORMS } from '../../src/views/ui/format'
import { signIn } from './support/cabinet-shell'
import { clearBasket } from './support/cart-page'
import { CataloguePage } from './support/catalogue-page'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { OrdersPage, ordersThroughApi } from './support/orders-page'
import { Pagination } from './support/pagination'
import { ProductCardDialog } from './support/product-card'
import { HeaderSearch, ProductsPage } from './support/search-pages'

/** What the server answers now, with the page's own session. */
async function apiPost<T>(page: Page, path: string, data: object): Promise<T> {
  const response = await page.request.post(path, { data })
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

/** POST /api/filter/ as keyword mode sends it (spec §3): the keyword as query, over all catalogues unless a section is chosen. */
const keywordApi = (page: Page, keyword: string, more: Partial<FilterRequest> = {}) =>
  apiPost<FilterResponse>(page, '/api/filter/', {
    origin: 'search',
    contract: '0',
    query: keyword,
    catalog: '-1',
    search_range: 'all',
    warehouse: shownWarehouse,
    page: 1,
    sorting: { field: 'header', sort: 'asc' },
    ...more,
  })
const brandApi = (page: Page, id: number, pageNumber = 1) =>
  apiPost<BrandProductsResponse>(page, '/api/getProductsByBrandId/', { id, page: pageNumber, perpage: id === 0 ? 30 : 20 })

/** the warehouse the results show stock of: read from the page's own filter panel */
let shownWarehouse = 1

/** The most frequent product noun of the seeded catalogue; it must have more than one page of results. */
async function keywordWithSeveralPages(page: Page): Promise<{ keyword: string; result: FilterResponse }> {
  const nouns = new Map<string, number>()
  const first = await brandApi(page, 0)
  for (let n = 1; n <= first.pagination.pages; n++) {
    for (const product of (n === 1 ? first : await brandApi(page, 0, n)).products) {
      const noun = product.header.split(' ')[0]!
      nouns.set(noun, (nouns.get(noun) ?? 0) + 1)
    }
  }
  const keyword = [...nouns].sort((a, b) => b[1] - a[1])[0]![0]
  const result = await keywordApi(page, keyword)
  expect(result.count, keyword).toBeGreaterThan(20)
  return { keyword, result }
}

const countText = (count: number) => `Найдено: ${formatCount(count, PRODUCT_FORMS)}`
const articulsOf = (answer: FilterResponse) => answer.products.map((product) => product.articul)
const trimmed = (texts: string[]) => texts.map((text) => text.trim())

test('header search: suggestions from 2 characters, the keyboard, then the results page', async ({ page, checkA11y }) => {
  test.setTimeout(120_000)
  await signIn(page, DEMO.otherDealer.email)
  const { keyword } = await keywordWithSeveralPages(page)
  const search = new HeaderSearch(page)
  const suggestRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/search/') suggestRequests.push(new URL(request.url()).searchParams.get('keyword') ?? '')
  })

  // one character: the hint, no call
  await search.type(keyword.slice(0, 1))
  await expect(search.message).toHaveText(SEARCH_MESSAGES.tooShort)
  expect(suggestRequests).toEqual([])

  // the rest of the word: one call after the pause, for the whole word, up to 10 suggestions
  await search.type(keyword.slice(1))
  const expected = await page.request
    .get(`/search/?keyword=${encodeURIComponent(keyword)}&simple=1`)
    .then((response) => response.json() as Promise<AutocompleteResponse>)
  await expect(search.options).toHaveCount(Math.min(10, expected.products.length))
  expect(suggestRequests).toEqual([keyword])
  await expect(search.options.first()).toContainText(expected.products[0]!.header)
  await checkA11y(page)

  // arrows move through the list; Enter on a suggestion opens its product card
  await search.field.press('ArrowDown')
  expect(await search.highlighted()).toContain(expected.products[0]!.header)
  await search.field.press('ArrowDown')
  expect(await search.highlighted()).toContain(expected.products[1]!.header)
  await search.field.press('ArrowUp')
  expect(await search.highlighted()).toContain(expected.products[0]!.header)
  await search.field.press('Enter')
  const card = page.getByRole('dialog')
  await expect(card).toBeVisible()
  await expect(card).toContainText(expected.products[0]!.header)
  await page.keyboard.press('Escape')
  await expect(card).toBeHidden()

  // Escape closes the list and keeps the keyword
  await search.field.fill('')
  await search.type(keyword)
  await expect(search.options.first()).toBeVisible()
  await search.field.press('Escape')
  await expect(search.list).toBeHidden()
  await expect(search.field).toHaveValue(keyword)
  await expect(search.field).toHaveAttribute('aria-expanded', 'false')

  // an arrow opens it again: ArrowUp from nothing highlighted goes to the last suggestion; Escape closes it again
  await search.field.press('ArrowUp')
  await expect(search.list).toBeVisible()
  expect(await search.highlighted()).toContain(expected.products[Math.min(10, expected.products.length) - 1]!.header)
  await search.field.press('Escape')
  await expect(search.list).toBeHidden()
  await expect(search.field).not.toHaveAttribute('aria-activedescendant')

  // Enter with nothing highlighted: the keyword goes through localStorage to /cabinet/action12/
  await search.field.press('Enter')
  await expect(page).toHaveURL((url) => url.pathname === '/cabinet/action12/' && url.searchParams.get('q') === keyword)
  expect(await page.evaluate((key) => localStorage.getItem(key), SEARCH_KEYWORD_STORAGE_KEY)).toBeNull()
  const results = new CataloguePage(page)
  await results.settled()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Поиск: «${keyword}»`)
  await checkA11y(page)

  // a keyword that finds nothing says so
  await search.field.fill('')
  await search.type('ъъъъ')
  await expect(search.message).toHaveText('Ничего не найдено')
  await search.submit.click()
  await expect(page).toHaveURL(/q=%D1%8A%D1%8A%D1%8A%D1%8A/)
  await expect(page.getByRole('main')).toContainText('По запросу «ъъъъ» ничего не найдено')
})

test('the results are the catalogue in keyword mode: filters, sorting, pages, the card from a name, reload, removing the keyword', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(180_000)
  await signIn(page, DEMO.otherDealer.email)
  const { keyword } = await keywordWithSeveralPages(page)
  await page.goto(`/cabinet/action12/?q=${encodeURIComponent(keyword)}`)
  const results = new CataloguePage(page)
  await results.settled(120_000)
  shownWarehouse = Number(await results.warehouse.inputValue())
  const first = await keywordApi(page, keyword)

  // all catalogues (-1), the same panel, count and rows as the catalogue filter with the keyword answers
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Поиск: «${keyword}»`)
  await expect(results.tree.getByRole('button', { name: 'Все разделы' })).toHaveAttribute('aria-current', 'true')
  await expect(results.count).toHaveText(countText(first.count))
  expect(trimmed(await results.column('articul'))).toEqual(articulsOf(first))
  const listed = new ProductsPage(page)
  await expect(listed.warehouse).toHaveValue(String(shownWarehouse))
  expect(await listed.rowStocks()).toEqual(first.products.map((product) => product.quantity))
  await checkA11y(page)

  // a filter: only what is in stock; the keyword stays, page 1
  await results.changing(() => results.onlyAvailable.check())
  expect(results.search().get('q')).toBe(keyword)
  expect(results.search().get('available')).toBe('true')
  const available = await keywordApi(page, keyword, { available: true })
  await expect(results.count).toHaveText(countText(available.count))
  expect(trimmed(await results.column('articul'))).toEqual(articulsOf(available))

  // sorting by price, ascending
  await results.sortBy('price')
  await expect(results.sortHeader('price')).toHaveAttribute('aria-sort', 'ascending')
  const byPrice = await keywordApi(page, keyword, { available: true, sorting: { field: 'price', sort: 'asc' } })
  expect(trimmed(await results.column('articul'))).toEqual(articulsOf(byPrice))

  // a product's name opens its card
  const product = byPrice.products[0]!
  await results.table.getByRole('button', { name: product.header, exact: true }).first().click()
  const card = page.getByRole('dialog')
  await expect(card).toContainText(product.header)
  await expect(card).toContainText(product.articul)
  await page.keyboard.press('Escape')
  await expect(card).toBeHidden()
  // the address drops the card (when the page is idle: the dealer sees the card go first)
  await expect(page).toHaveURL((url) => !url.searchParams.has('product'))

  // the second page, then a reload: the same keyword, filter, sorting and page
  if (byPrice.pagination.pages > 1) {
    await results.changing(() => results.pagination.cell(2).click())
    const second = await keywordApi(page, keyword, { available: true, sorting: { field: 'price', sort: 'asc' }, page: 2 })
    expect(trimmed(await results.column('articul'))).toEqual(articulsOf(second))
  }
  const shown = trimmed(await results.column('articul'))
  await page.reload()
  await results.settled(60_000)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Поиск: «${keyword}»`)
  await expect(results.onlyAvailable).toBeChecked()
  await expect(results.sortHeader('price')).toHaveAttribute('aria-sort', 'ascending')
  expect(trimmed(await results.column('articul'))).toEqual(shown)

  // removing the keyword: the catalogue's default section, the panel's choices kept
  await results.changing(() => page.getByRole('button', { name: `Убрать запрос «${keyword}»` }).click())
  await expect(page).toHaveURL((url) => url.pathname === '/cabinet/' && !url.searchParams.has('q') && url.searchParams.get('available') === 'true')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог')
  await expect(results.tree.getByRole('button', { name: 'Все разделы' })).not.toHaveAttribute('aria-current', 'true')

  // back: the search results again
  await page.goBack()
  await expect(page).toHaveURL((url) => url.pathname === '/cabinet/action12/' && url.searchParams.get('q') === keyword)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Поиск: «${keyword}»`)
})

test('the results page picks up a keyword left in localStorage, and asks for one when none is given', async ({ page }) => {
  await signIn(page, DEMO.otherDealer.email)
  await page.goto('/cabinet/action12/')
  await expect(page.getByRole('main')).toContainText('Введите запрос в строке поиска вверху страницы')

  const { keyword } = await keywordWithSeveralPages(page)
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [SEARCH_KEYWORD_STORAGE_KEY, keyword])
  await page.goto('/cabinet/action12/')
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === keyword)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Поиск: «${keyword}»`)
  expect(await page.evaluate((key) => localStorage.getItem(key), SEARCH_KEYWORD_STORAGE_KEY)).toBeNull()
})

test('brand pages: all brands 30 per page, one brand 20 per page, tiles and list', async ({ page, checkA11y }) => {
  test.setTimeout(120_000)
  const shell = await signIn(page, DEMO.otherDealer.email)
  await shell.menuEntry('Бренды').click()
  await expect(page).toHaveURL(/\/cabinet\/brand\/0\/$/)
  const brands = new ProductsPage(page)
  const all = await brandApi(page, 0)
  await expect(brands.heading).toHaveText('Все бренды')
  await expect(brands.count).toHaveText(countText(all.count))
  // tiles by default, 30 on the all-brands page
  await expect(brands.tiles).toHaveCount(BRAND_PAGE_SIZES.allBrands)
  await expect(brands.tiles.first()).toContainText(all.products[0]!.header)
  await checkA11y(page)

  // the list view keeps the page; the choice lives in the address and survives a reload
  const pagination = new Pagination(page)
  await pagination.cell(2).click()
  const allSecond = await brandApi(page, 0, 2)
  await expect(brands.tiles.first()).toContainText(allSecond.products[0]!.header)
  await page.getByRole('link', { name: 'Список' }).click()
  await expect(page).toHaveURL((url) => url.searchParams.get('view') === 'list' && url.searchParams.get('page') === '2')
  await expect(brands.rows).toHaveCount(BRAND_PAGE_SIZES.allBrands)
  expect(await brands.rowArticuls()).toEqual(allSecond.products.map((product) => product.articul))
  await page.reload()
  await expect(brands.rows).toHaveCount(BRAND_PAGE_SIZES.allBrands)
  await expect(page.getByRole('link', { name: 'Список' })).toHaveAttribute('aria-current', 'page')
  await checkA11y(page)

  // a brand's name opens its page in the same view: 20 per page
  const brand = [...(all.brands ?? [])].sort((a, b) => b.count - a.count)[0]!
  expect(brand.count).toBeGreaterThan(BRAND_PAGE_SIZES.brand)
  await page
    .getByRole('list', { name: 'Бренды' })
    .getByRole('link', { name: new RegExp(`^${brand.header} `) })
    .click()
  await expect(page).toHaveURL(new RegExp(`/cabinet/brand/${brand.id}/\\?view=list$`))
  await expect(brands.heading).toHaveText(brand.header)
  await expect(brands.count).toHaveText(countText(brand.count))
  const [firstOfBrand, secondOfBrand] = [await brandApi(page, brand.id), await brandApi(page, brand.id, 2)]
  await expect(brands.rows).toHaveCount(BRAND_PAGE_SIZES.brand)
  expect(await brands.rowArticuls()).toEqual(firstOfBrand.products.map((product) => product.articul))
  // every row links its brand name to the brand's page, and its product name opens the card
  await expect(brands.rows.first().getByRole('link', { name: brand.header })).toHaveAttribute('href', `/cabinet/brand/${brand.id}/`)
  const named = firstOfBrand.products[0]!
  await brands.rows.first().getByRole('button', { name: named.header, exact: true }).click()
  await expect(page.getByRole('dialog')).toContainText(named.articul)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await pagination.cell(2).click()
  await expect.poll(() => brands.rowArticuls()).toEqual(secondOfBrand.products.map((product) => product.articul))
  await page.getByRole('link', { name: 'Плитка' }).click()
  await expect(page).toHaveURL((url) => url.searchParams.get('view') === 'tiles' && url.searchParams.get('page') === '2')
  await expect(brands.tiles).toHaveCount(brand.count - BRAND_PAGE_SIZES.brand)
  await checkA11y(page)

  // an address that is not a brand id is "not found"; an unknown brand says so
  await page.goto('/cabinet/brand/abc/')
  await expect(page.getByRole('main')).toContainText(/не найден/i)
  await page.goto('/cabinet/brand/99999/')
  await expect(page.getByRole('alert')).toContainText('Бренд не найден')
})

test('a product name opens its card in the basket, and an analogue name opens its card in its place', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, DEMO.otherDealer.email)
  await clearBasket(page)
  // the basket line's warehouse: the card opens at it, whatever warehouse the dealer has chosen
  const warehouse = CATALOGUE_DEFAULTS.warehouse
  const inStock = await apiPost<FilterResponse>(page, '/api/filter/', { catalog: '-1', available: true, warehouse, perpage: 1 })
  const product = inStock.products[0]!
  await apiPost(page, '/api/processBasket/', { id: product.id, qnt: 1, wms: warehouse, type: 'add', contract: '0' })

  await page.goto('/cart/')
  await page.getByRole('main').getByRole('button', { name: product.header, exact: true }).click()
  const card = new ProductCardDialog(page)
  await expect(card.title).toHaveText(product.header)

  // the analogues tab: an analogue's name opens its card in place of this one (the session has one card host)
  await card.openTab('Аналоги')
  const analogue = card.panel.getByRole('table').locator('tbody tr').first()
  const analogueArticul = (await analogue.locator('td').first().innerText()).trim()
  await analogue.getByRole('button').first().click()
  await expect(page.getByRole('dialog', { name: 'Карточка товара' })).toHaveCount(1)
  await expect(page.getByRole('dialog', { name: 'Карточка товара' })).toContainText(analogueArticul)
  // the analogue's name went with the card it was in: focus is on the new card, so Escape reaches it
  await expect(page.getByRole('dialog', { name: 'Карточка товара' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await clearBasket(page)
})

test("an order's composition opens a product's card from its name", async ({ page }) => {
  await signIn(page, DEMO.otherDealer.email)
  const orders = await ordersThroughApi(page, '?dateselect=all')
  test.skip(orders.orders.length === 0, 'the seed gave this company no orders')
  const order = orders.orders[0]!
  const ordersPage = new OrdersPage(page)
  await ordersPage.open('?dateselect=all')
  const lines = await ordersPage.toggleDetail(order.id)
  const firstLine = lines.locator('tbody tr').first()
  const articul = (await firstLine.locator('td').nth(1).innerText()).trim()
  await firstLine.getByRole('button').first().click()
  const card = new ProductCardDialog(page)
  await expect(card.dialog).toContainText(articul)
  await page.keyboard.press('Escape')
  await expect(card.dialog).toBeHidden()
})
