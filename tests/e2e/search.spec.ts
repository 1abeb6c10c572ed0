import type { Page } from '@playwright/test'
import { BRAND_PAGE_SIZES, type BrandProductsResponse, type FilterResponse } from '../../src/contract/catalogue'
import { SEARCH_MESSAGES, type AutocompleteResponse } from '../../src/contract/search'
import { SEARCH_KEYWORD_STORAGE_KEY } from '../../src/services/search'
import { formatCount, PRODUCT_FORMS } from '../../src/views/ui/format'
import { signIn } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'
import { Pagination } from './support/pagination'
import { HeaderSearch, ProductsPage } from './support/search-pages'

/** What the server answers now, with the page's own session. */
async function apiPost<T>(page: Page, path: string, data: object): Promise<T> {
  const response = await page.request.post(path, { data })
  expect(response.status(), path).toBe(200)
  return (await response.json()) as T
}

const searchApi = (page: Page, keyword: string, pageNumber = 1) =>
  apiPost<FilterResponse>(page, '/api/search/', { keyword, contract: '0', page: pageNumber })
const brandApi = (page: Page, id: number, pageNumber = 1) =>
  apiPost<BrandProductsResponse>(page, '/api/getProductsByBrandId/', { id, page: pageNumber, perpage: id === 0 ? 30 : 20 })

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
  const result = await searchApi(page, keyword)
  expect(result.count, keyword).toBeGreaterThan(20)
  return { keyword, result }
}

const countText = (count: number) => `Найдено: ${formatCount(count, PRODUCT_FORMS)}`

test('header search: suggestions from 2 characters, the keyboard, then the results page that survives a reload', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000)
  await signIn(page, DEMO.dealer.email)
  const { keyword, result } = await keywordWithSeveralPages(page)
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
  const results = new ProductsPage(page)
  await expect(results.heading).toHaveText(`Поиск: «${keyword}»`)
  await expect(results.count).toHaveText(countText(result.count))
  await expect(results.rows).toHaveCount(20)
  expect(await results.rowArticuls()).toEqual(result.products.map((product) => product.articul))
  await checkA11y(page)

  // the next page, then a reload: the same page of the same search
  const second = await searchApi(page, keyword, 2)
  const pagination = new Pagination(page)
  await pagination.cell(2).click()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(pagination.current).toHaveText('2')
  await expect.poll(() => results.rowArticuls()).toEqual(second.products.map((product) => product.articul))
  await page.reload()
  await expect(results.heading).toHaveText(`Поиск: «${keyword}»`)
  await expect(pagination.current).toHaveText('2')
  await expect.poll(() => results.rowArticuls()).toEqual(second.products.map((product) => product.articul))

  // browser back: page 1 again
  await page.goBack()
  await expect(pagination.current).toHaveText('1')
  await expect.poll(() => results.rowArticuls()).toEqual(result.products.map((product) => product.articul))

  // a keyword that finds nothing says so
  await search.field.fill('')
  await search.type('ъъъъ')
  await expect(search.message).toHaveText('Ничего не найдено')
  await search.submit.click()
  await expect(page).toHaveURL(/q=%D1%8A%D1%8A%D1%8A%D1%8A/)
  await expect(page.getByRole('main')).toContainText('По запросу «ъъъъ» ничего не найдено')
})

test('the results page picks up a keyword left in localStorage, and asks for one when none is given', async ({ page }) => {
  await signIn(page, DEMO.dealer.email)
  await page.goto('/cabinet/action12/')
  await expect(page.getByRole('main')).toContainText('Введите запрос в строке поиска вверху страницы')

  const { keyword, result } = await keywordWithSeveralPages(page)
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [SEARCH_KEYWORD_STORAGE_KEY, keyword])
  await page.goto('/cabinet/action12/')
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === keyword)
  await expect(new ProductsPage(page).count).toHaveText(countText(result.count))
  expect(await page.evaluate((key) => localStorage.getItem(key), SEARCH_KEYWORD_STORAGE_KEY)).toBeNull()
})

test('brand pages: all brands 30 per page, one brand 20 per page, tiles and list', async ({ page, checkA11y }) => {
  test.setTimeout(120_000)
  const shell = await signIn(page, DEMO.dealer.email)
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
  await page.getByRole('list', { name: 'Бренды' }).getByRole('link', { name: new RegExp(`^${brand.header} `) }).click()
  await expect(page).toHaveURL(new RegExp(`/cabinet/brand/${brand.id}/\\?view=list$`))
  await expect(brands.heading).toHaveText(brand.header)
  await expect(brands.count).toHaveText(countText(brand.count))
  const [firstOfBrand, secondOfBrand] = [await brandApi(page, brand.id), await brandApi(page, brand.id, 2)]
  await expect(brands.rows).toHaveCount(BRAND_PAGE_SIZES.brand)
  expect(await brands.rowArticuls()).toEqual(firstOfBrand.products.map((product) => product.articul))
  // every row links its brand name to the brand's page
  await expect(brands.rows.first().getByRole('link', { name: brand.header })).toHaveAttribute('href', `/cabinet/brand/${brand.id}/`)
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
