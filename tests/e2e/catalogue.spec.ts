import { CataloguePage, moneyValue } from './support/catalogue-page'
import { expect, test } from './support/fixtures'

// sign-in, reloads and a shared 2-core machine: more room than the default 30 s
test.describe.configure({ timeout: 90_000 })

/** Catalogue '27' in the demo data: a whole top-level section (see server/db/seed-catalogue-data.ts). */
const DEFAULT_SECTION = 'Отопление и водоснабжение'
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const ascending = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1]! <= value)
const descending = (values: number[]) => ascending([...values].reverse())

test.describe('catalogue /cabinet/', () => {
  test('opens with the spec §9 defaults: catalogue 27, warehouse 1, header ascending', async ({ page, checkA11y }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open()
    await expect(page.getByRole('heading', { level: 1, name: 'Каталог' })).toBeVisible()
    await expect(catalogue.tree.locator('[aria-current="true"]')).toContainText(DEFAULT_SECTION)
    await expect(catalogue.warehouse).toHaveValue('1')
    await expect(catalogue.sortHeader('header')).toHaveAttribute('aria-sort', 'ascending')
    await expect(catalogue.sortHeader('price')).toHaveAttribute('aria-sort', 'none')
    await expect(catalogue.count).toContainText('Найдено:')
    const headers = await catalogue.column('header')
    expect(headers).toEqual([...headers].sort((a, b) => a.localeCompare(b, 'ru')))
    await expect(catalogue.rows.first().locator('img')).toHaveAttribute('src', /^\/pictures\/\d+\.svg$/)
    await expect(
      catalogue.rows
        .first()
        .getByRole('button', { name: /В корзину/ })
        .first(),
    ).toBeVisible()
    await checkA11y(page)
  })

  test('filters by brand: only that brand, page back to 1, and the address keeps it', async ({ page }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open('/cabinet/?catalog=-1&page=2')
    await expect(catalogue.pagination.current).toHaveText('2')
    const firstBrand = catalogue.brands.getByRole('checkbox').first()
    const brandName = ((await firstBrand.evaluate((box) => box.closest('label')!.querySelector('span')!.textContent)) ?? '').trim()
    await catalogue.changing(() => firstBrand.check())
    expect(catalogue.search().get('page')).toBeNull()
    expect(catalogue.search().get('brand')).toMatch(/^\[\d+\]$/)
    await expect(catalogue.brand(brandName)).toBeChecked()
    expect(new Set(await catalogue.column('brand'))).toEqual(new Set([brandName]))

    await catalogue.changing(() => catalogue.brand(brandName).uncheck())
    expect(catalogue.search().get('brand')).toBeNull()
    expect(new Set(await catalogue.column('brand')).size).toBeGreaterThan(1)

    // a row's brand name opens that brand's page
    const rowBrand = (await catalogue.column('brand'))[0]!
    await catalogue.table.getByRole('link', { name: rowBrand, exact: true }).first().click()
    await expect(page).toHaveURL(/\/cabinet\/brand\/\d+\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(rowBrand)
  })

  test('filters by price range, rounded to kopecks; bad input changes nothing', async ({ page }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open('/cabinet/?catalog=-1')
    const prices = await catalogue.prices()
    const threshold = Math.round(prices[Math.floor(prices.length / 2)]! * 100) / 100
    await catalogue.setPrice('от', threshold)
    expect(Number(catalogue.search().get('minprice'))).toBe(threshold)
    for (const price of await catalogue.prices()) expect(price).toBeGreaterThanOrEqual(threshold)

    await catalogue.setPrice('до', threshold + 1000.567)
    expect(Number(catalogue.search().get('maxprice'))).toBe(Math.round((threshold + 1000.567) * 100) / 100)
    for (const price of await catalogue.prices()) expect(price).toBeLessThanOrEqual(threshold + 1000.57)

    const before = page.url()
    const from = catalogue.panel.getByLabel('Цена, ₽: от')
    await from.pressSequentially('e')
    await from.press('Enter')
    expect(page.url()).toBe(before)
  })

  test('a price range with a decimal comma applies when the field is left, and «Применить» applies it too', async ({ page }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open('/cabinet/?catalog=-1')
    const from = catalogue.panel.getByLabel('Цена, ₽: от')
    const to = catalogue.panel.getByLabel('Цена, ₽: до')
    // the server's bounds as a Russian dealer writes them: a comma, never a point
    for (const field of [from, to]) expect(await field.getAttribute('placeholder')).toMatch(/^\d+(,\d+)?$/)

    const prices = await catalogue.prices()
    const whole = Math.floor(prices[Math.floor(prices.length / 2)]!)
    // «1000,5» is 1 000.5, not 10 005; leaving the field (a click elsewhere) applies it
    await catalogue.changing(async () => {
      await from.fill(`${whole},5`)
      await page.getByRole('heading', { level: 1 }).click()
    })
    expect(Number(catalogue.search().get('minprice'))).toBe(whole + 0.5)
    await expect(from).toHaveValue(`${whole},5`)
    for (const price of await catalogue.prices()) expect(price).toBeGreaterThanOrEqual(whole + 0.5)

    // the visible «Применить» applies the upper bound, kopecks and all
    await catalogue.changing(async () => {
      await to.fill(`${whole + 1000},25`)
      await catalogue.panel.getByRole('button', { name: 'Применить: Цена, ₽' }).click()
    })
    expect(Number(catalogue.search().get('maxprice'))).toBe(whole + 1000.25)
    for (const price of await catalogue.prices()) expect(price).toBeLessThanOrEqual(whole + 1000.25)

    // moving from one bound to the other is not leaving the range yet
    const before = page.url()
    await from.fill(`${whole + 1}`)
    await from.press('Tab')
    expect(page.url()).toBe(before)
  })

  test('sorts: a column cycles none → ascending → descending → none; another column resets it', async ({ page }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open('/cabinet/?catalog=-1&page=3')
    await catalogue.sortBy('price')
    await expect(catalogue.sortHeader('price')).toHaveAttribute('aria-sort', 'ascending')
    await expect(catalogue.sortHeader('header')).toHaveAttribute('aria-sort', 'none')
    expect(catalogue.search().get('page')).toBeNull()
    expect(ascending(await catalogue.prices())).toBe(true)

    await catalogue.sortBy('price')
    await expect(catalogue.sortHeader('price')).toHaveAttribute('aria-sort', 'descending')
    expect(descending(await catalogue.prices())).toBe(true)

    await catalogue.sortBy('price')
    await expect(catalogue.sortHeader('price')).toHaveAttribute('aria-sort', 'none')
    expect(catalogue.search().get('sort')).toBe('none')
    // "none" is the catalogue's own order (spec §4), as the server answers a filter without sorting
    const ownOrder = (await (await page.request.post('/api/filter/', { data: { catalog: '-1', perpage: 20 } })).json()) as { products: { articul: string }[] }
    await expect.poll(() => catalogue.column('articul')).toEqual(ownOrder.products.map((product) => product.articul))

    await catalogue.sortBy('price_rrc')
    await catalogue.sortBy('articul')
    await expect(catalogue.sortHeader('price_rrc')).toHaveAttribute('aria-sort', 'none')
    await expect(catalogue.sortHeader('articul')).toHaveAttribute('aria-sort', 'ascending')
    const articuls = await catalogue.column('articul')
    expect(articuls.length).toBeGreaterThan(1)
  })

  test('pages, reloads onto the same page and filter, and back restores the previous filter', async ({ page }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open('/cabinet/?catalog=-1')
    await catalogue.sortBy('price')
    const firstPage = await catalogue.column('articul')
    await catalogue.changing(() => catalogue.pagination.cell(2).click())
    await expect(catalogue.pagination.current).toHaveText('2')
    const secondPage = await catalogue.column('articul')
    expect(secondPage).not.toEqual(firstPage)
    expect(secondPage).toHaveLength(20)

    await page.reload()
    await catalogue.settled()
    await expect(catalogue.pagination.current).toHaveText('2')
    await expect(catalogue.sortHeader('price')).toHaveAttribute('aria-sort', 'ascending')
    expect(await catalogue.column('articul')).toEqual(secondPage)

    await catalogue.changing(() => page.goBack())
    await expect(catalogue.pagination.current).toHaveText('1')
    expect(await catalogue.column('articul')).toEqual(firstPage)
    await catalogue.changing(() => page.goBack())
    await expect(catalogue.sortHeader('header')).toHaveAttribute('aria-sort', 'ascending')
  })

  test('warehouse and availability: the stock column follows the warehouse, only stocked products remain', async ({ page, checkA11y }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open('/cabinet/?catalog=-1')
    const options = await catalogue.warehouse.locator('option').allInnerTexts()
    expect(options.length).toBeGreaterThan(1)
    await catalogue.changing(() => catalogue.warehouse.selectOption({ label: options[1]! }))
    expect(catalogue.search().get('warehouse')).not.toBeNull()
    await expect(catalogue.table.getByRole('columnheader', { name: new RegExp(`Остаток \\(${escapeRegExp(options[1]!)}\\)`) })).toBeVisible()

    await catalogue.changing(() => catalogue.onlyAvailable.check())
    expect(catalogue.search().get('available')).toBe('true')
    for (const stock of await catalogue.column('stock')) expect(moneyValue(stock)).toBeGreaterThan(0)
    await checkA11y(page)

    await catalogue.changing(() => catalogue.panel.getByRole('button', { name: 'Сбросить фильтры' }).click())
    await expect(catalogue.onlyAvailable).not.toBeChecked()
    await expect(catalogue.warehouse).toHaveValue(catalogue.search().get('warehouse')!)
  })

  test('the category tree: choosing a section shows its products and opens its groups', async ({ page }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open()
    await catalogue.selectCategory('Все разделы')
    expect(catalogue.search().get('catalog')).toBe('-1')
    const all = await catalogue.count.innerText()

    const section = catalogue.tree.locator(':scope > ul > li > button').first()
    const sectionName = (await section.locator('span').first().innerText()).trim()
    await catalogue.changing(() => section.click())
    await expect(section).toHaveAttribute('aria-current', 'true')
    expect(catalogue.search().get('catalog')).toMatch(/^\d+$/)
    await expect(catalogue.count).not.toHaveText(all)
    await expect(section.locator('xpath=following-sibling::ul//button').first()).toBeVisible()
    expect(sectionName.length).toBeGreaterThan(0)
  })

  test('wish and need toggles are saved on the server', async ({ page, checkA11y }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open()
    const header = (await catalogue.column('header'))[0]!
    const wish = catalogue.mark('Избранное', header)
    const need = catalogue.mark('Потребность', header)
    await expect(wish).toHaveAttribute('aria-pressed', 'false')
    await wish.click()
    await expect(wish).toHaveAttribute('aria-pressed', 'true')
    await need.click()
    await expect(need).toHaveAttribute('aria-pressed', 'true')
    await checkA11y(page)

    await page.reload()
    await catalogue.settled()
    await expect(wish).toHaveAttribute('aria-pressed', 'true')
    await expect(need).toHaveAttribute('aria-pressed', 'true')
    await wish.click()
    await need.click()
    await expect(wish).toHaveAttribute('aria-pressed', 'false')
    await expect(need).toHaveAttribute('aria-pressed', 'false')
    await page.reload()
    await catalogue.settled()
    await expect(wish).toHaveAttribute('aria-pressed', 'false')
  })

  test('a bad address falls back to the defaults; an empty result says so', async ({ page }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open('/cabinet/?page=abc&warehouse=-5&brand=zz&sort=colour&catalog=drop')
    await expect(catalogue.tree.locator('[aria-current="true"]')).toContainText(DEFAULT_SECTION)
    await expect(catalogue.sortHeader('header')).toHaveAttribute('aria-sort', 'ascending')
    await expect(catalogue.rows.first()).toBeVisible()

    await page.goto('/cabinet/?minprice=99999999')
    await expect(catalogue.empty).toBeVisible()
    await catalogue.changing(() => page.getByRole('button', { name: 'Сбросить фильтры' }).first().click())
    await expect(catalogue.rows.first()).toBeVisible()
  })

  test('a chosen brand stays in the list when the price leaves it nothing, and can be unchosen', async ({ page }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open('/cabinet/?catalog=-1')
    const firstBrand = catalogue.brands.getByRole('checkbox').first()
    const brandName = ((await firstBrand.evaluate((box) => box.closest('label')!.querySelector('span')!.textContent)) ?? '').trim()
    await catalogue.changing(() => firstBrand.check())
    await catalogue.setPrice('от', 99_999_999)
    await expect(catalogue.empty).toBeVisible()
    await expect(catalogue.brand(brandName)).toBeChecked()
    // unchosen, with nothing under the price it leaves the list
    await catalogue.changing(() => catalogue.brand(brandName).click())
    expect(catalogue.search().get('brand')).toBeNull()
    expect(catalogue.search().get('minprice')).toBe('99999999')
    await expect(catalogue.brand(brandName)).toHaveCount(0)
  })

  test('a page past the last one says so and links to the last page', async ({ page }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open('/cabinet/?catalog=-1&page=999')
    const notice = catalogue.pastLastPage
    await expect(notice).toContainText('Страницы 999 нет')
    const lastPage = Number(/всего страниц: (\d+)/.exec((await notice.textContent()) ?? '')?.[1])
    expect(lastPage).toBeGreaterThan(1)
    await catalogue.changing(() => notice.getByRole('link', { name: 'Перейти на последнюю страницу' }).click())
    await expect(catalogue.pagination.current).toHaveText(String(lastPage))
    await expect(catalogue.rows.first()).toBeVisible()
  })

  test('the header opens the product card, kept in the address', async ({ page }) => {
    const catalogue = new CataloguePage(page)
    await catalogue.open()
    const header = (await catalogue.column('header'))[0]!
    await catalogue.table.getByRole('button', { name: header, exact: true }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(catalogue.search().get('product')).toMatch(/^\d+$/)
    await page.reload()
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect.poll(() => catalogue.search().get('product')).toBeNull()
  })
})
