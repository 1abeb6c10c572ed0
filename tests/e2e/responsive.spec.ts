import type { Cookie, Locator, Page } from '@playwright/test'
import type { ActsResponse } from '../../src/contract/acts'
import { DEMO } from './support/demo-logins'
import { showTopNewsAgain } from './support/e2e-db'
import { expect, test } from './support/fixtures'
import { LoginPage } from './support/login-page'
import { HeaderSearch } from './support/search-pages'
import { CallbackDialog } from './support/callback-dialog'

/**
 * Issue 11: every main screen at a phone, a tablet and a laptop width: the page never scrolls
 * sideways, axe finds nothing serious, and the controls are big enough to touch. Read-only: the
 * dealer's basket, favourites and needs are looked at, never changed.
 */
const WIDTHS = [
  { name: 'телефон', width: 390, height: 844 },
  { name: 'планшет', width: 768, height: 1024 },
  { name: 'ноутбук', width: 1280, height: 800 },
] as const

interface DOMRectLike {
  top: number
  right: number
  bottom: number
  left: number
}

/** Below the breakpoint of tokens.css the sidebar is a drawer behind «Меню». */
const DRAWER_BELOW = 960

interface Screen {
  name: string
  path: string
  /** what shows once the screen has loaded */
  ready: (page: Page) => Promise<void>
  /** what to do on the loaded page before checking it (open a card, search) */
  open?: (page: Page) => Promise<void>
}

const heading = (text: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: text })).toBeVisible()
}

const notLoading = async (page: Page) => {
  await expect(page.getByRole('main').getByText(/^Загрузка.*…$/)).toHaveCount(0)
}

const SCREENS: Screen[] = [
  { name: 'каталог', path: '/cabinet/', ready: heading('Каталог') },
  {
    name: 'карточка товара',
    path: '/cabinet/',
    ready: heading('Каталог'),
    open: async (page) => {
      await page.getByRole('main').getByRole('table').locator('tbody tr').first().getByRole('button').first().click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toBeVisible()
    },
  },
  { name: 'все бренды', path: '/cabinet/brand/0/', ready: heading(/./) },
  { name: 'бренд', path: '/cabinet/brand/1/', ready: heading(/./) },
  {
    name: 'результаты поиска',
    path: '/cabinet/',
    ready: heading('Каталог'),
    open: async (page) => {
      const search = new HeaderSearch(page)
      await search.field.fill('генератор')
      await search.submit.click()
      await page.waitForURL(/\/cabinet\/action12\//)
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Поиск')
    },
  },
  { name: 'корзина', path: '/cart/', ready: heading('Корзина') },
  { name: 'черновики', path: '/cabinet/drafts/', ready: heading('Черновики') },
  { name: 'загрузка прайс-листа', path: '/cabinet/pricelist/', ready: heading(/прайс-лист/i) },
  { name: 'заказы', path: '/cabinet/orders/', ready: heading('Заказы') },
  { name: 'акты сверки', path: '/cabinet/acts/', ready: heading(/Акты сверки/) },
  { name: 'контрагенты', path: '/cabinet/contragents/', ready: heading('Контрагенты') },
  { name: 'купленные товары', path: '/cabinet/purchased/', ready: heading(/Купленные товары/) },
  { name: 'избранное', path: '/cabinet/favorites/', ready: heading('Избранное') },
  { name: 'потребности', path: '/cabinet/needs/', ready: heading('Потребности') },
  { name: 'профиль', path: '/cabinet/profile/', ready: heading(/Профиль/) },
  { name: 'адреса доставки', path: '/cabinet/addresses/', ready: heading('Адреса доставки') },
  { name: 'грузополучатели', path: '/cabinet/consignees/', ready: heading('Грузополучатели') },
  { name: 'менеджеры', path: '/cabinet/managers/', ready: heading('Менеджеры') },
  { name: 'чат с менеджером', path: '/cabinet/chat/', ready: heading('Чат с менеджером') },
  { name: 'выгрузка прайс-листа', path: '/cabinet/exporter/', ready: heading('Выгрузка прайс-листа') },
  // issue 23: «Заказать звонок» under the menu (in the drawer behind «Меню» on a phone or tablet)
  { name: 'заказать звонок', path: '/cabinet/', ready: heading('Каталог'), open: (page) => new CallbackDialog(page).open() },
  { name: 'уведомления', path: '/cabinet/notifications/', ready: heading('Уведомления') },
  { name: 'рекламации', path: '/cabinet/complaints/', ready: heading('Рекламации') },
  { name: 'мои рекламации', path: '/cabinet/complaints/list/', ready: heading('Мои рекламации') },
]

/** How far the page scrolls sideways (0 when it does not), and the elements that stick out. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth
    const sticking = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`)
    return { overflow: document.documentElement.scrollWidth - width, sticking }
  })
}

/**
 * Buttons, links styled as buttons, fields and selects under 24 px high or wide (WCAG 2.2
 * target size). Links inside running text and the browser's own checkboxes are exempt.
 */
async function smallTargets(page: Page) {
  return page.evaluate(() => {
    const MIN = 24
    // react-aria's visually hidden dismiss buttons, for screen readers only
    const clippedAway = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true
      }
      return false
    }
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), [role="button"], [role="tab"]',
    )
    return [...controls]
      .filter((control) => {
        const box = control.getBoundingClientRect()
        const visible = box.width > 0 && box.height > 0 && getComputedStyle(control).visibility !== 'hidden'
        return visible && !clippedAway(control) && (box.width < MIN || box.height < MIN)
      })
      .slice(0, 5)
      .map((control) => {
        const box = control.getBoundingClientRect()
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 30) ?? ''
        return `${control.tagName.toLowerCase()} «${name}» ${Math.round(box.width)}×${Math.round(box.height)}`
      })
  })
}

async function expectFits(page: Page, where: string) {
  const { overflow, sticking } = await sidewaysOverflow(page)
  expect.soft(overflow, `${where}: the page scrolls sideways by ${overflow}px (${sticking.join(', ')})`).toBeLessThanOrEqual(0)
  expect.soft(await smallTargets(page), `${where}: targets under 24px`).toEqual([])
}

/** The dealer's session cookie: signed in once through the login form for the whole file, not once per test. */
let dealerSession: Cookie[] = []

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const login = new LoginPage(page)
  await login.goto()
  await login.logIn(DEMO.dealer.email)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Выйти' })).toBeVisible()
  dealerSession = await context.cookies()
  await context.close()
})

/** The page's context carries the dealer's session; the next page it opens is the cabinet's. */
async function signIn(page: Page) {
  expect(dealerSession.length, 'the dealer signed in before the tests').toBeGreaterThan(0)
  await page.context().addCookies(dealerSession)
}

for (const { name, width, height } of WIDTHS) {
  test.describe(`${name}, ${width}px`, () => {
    test.use({ viewport: { width, height } })

    test('the login page fits and passes axe', async ({ page, checkA11y }) => {
      await new LoginPage(page).goto()
      await expectFits(page, `вход, ${width}px`)
      await checkA11y(page)
    })

    test('every main screen fits the width and passes axe', async ({ page, checkA11y }) => {
      // about 30 screens, each with axe
      test.setTimeout(240_000)
      await signIn(page)
      for (const screen of SCREENS) {
        await test.step(screen.name, async () => {
          await page.goto(screen.path)
          await screen.ready(page)
          await notLoading(page)
          await screen.open?.(page)
          await expectFits(page, `${screen.name}, ${width}px`)
          await checkA11y(page)
        })
      }
    })

    test('the price policy modal of a manager fits and passes axe', async ({ page, checkA11y }) => {
      await signIn(page)
      await page.goto('/cabinet/managers/')
      await heading('Менеджеры')(page)
      await notLoading(page)
      await page
        .getByRole('button', { name: /^Ценовая политика: / })
        .first()
        .click()
      await expect(page.getByRole('dialog', { name: 'Ценовая политика' }).getByRole('radio', { name: 'Цена по договору', exact: true })).toBeVisible()
      await expectFits(page, `ценовая политика, ${width}px`)
      await checkA11y(page)
    })

    if (width < DRAWER_BELOW) {
      test('the menu is a drawer behind «Меню»: it opens, follows a link and closes with Escape', async ({ page, checkA11y }) => {
        await signIn(page)
        await page.goto('/cabinet/orders/')
        const menuButton = page.getByRole('banner').getByRole('button', { name: 'Меню' })
        const drawer = page.getByRole('dialog', { name: 'Кабинет дилера' })
        await expect(page.getByRole('button', { name: /^(Свернуть|Развернуть) меню$/ })).toBeHidden()
        await expect(menuButton).toHaveAttribute('aria-expanded', 'false')

        await menuButton.click()
        await expect(drawer).toBeVisible()
        await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
        await expect(drawer.getByRole('link', { name: 'Заказы' })).toHaveAttribute('aria-current', 'page')
        await checkA11y(page)
        await page.keyboard.press('Escape')
        await expect(drawer).toBeHidden()
        await expect(menuButton).toBeFocused()
        await expect(menuButton).toHaveAttribute('aria-expanded', 'false')

        await menuButton.click()
        await drawer.getByRole('link', { name: 'Черновики' }).click()
        await expect(page).toHaveURL(/\/cabinet\/drafts\/$/)
        await expect(drawer).toBeHidden()
        await heading('Черновики')(page)
      })

      test('the catalogue filters open from «Фильтры»', async ({ page }) => {
        await signIn(page)
        await page.goto('/cabinet/')
        const toggle = page.getByRole('main').getByRole('button', { name: 'Фильтры' })
        const panel = page.getByRole('complementary', { name: 'Фильтры каталога' })
        await expect(panel).toBeHidden()
        await expect(toggle).toHaveAttribute('aria-expanded', 'false')
        await toggle.click()
        await expect(panel).toBeVisible()
        await expect(page.getByRole('main').getByRole('button', { name: 'Скрыть фильтры' })).toHaveAttribute('aria-expanded', 'true')
        await expectFits(page, `фильтры каталога, ${width}px`)
      })
    } else {
      test('the sidebar shows beside the page; no menu button', async ({ page }) => {
        await signIn(page)
        await page.goto('/cabinet/')
        await expect(page.getByRole('navigation', { name: 'Меню кабинета' })).toBeVisible()
        await expect(page.getByRole('banner').getByRole('button', { name: 'Меню' })).toBeHidden()
        await expect(page.getByRole('complementary', { name: 'Фильтры каталога' })).toBeVisible()
      })
    }
  })
}

/**
 * Issue 21: on a laptop (1,280 px, the wide sidebar) what a dealer acts on is in view and lines up:
 * the catalogue's quantity and «В корзину», the header in one row, one height for every field of a
 * filter or the login form, the "added" popup clear of the next row, the chart's months apart.
 */
test.describe('ноутбук: layout (issue 21)', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  /** The visible boxes of the elements a locator finds. */
  const boxesOf = (locator: Locator) =>
    locator.evaluateAll((elements) =>
      elements
        .map((element) => {
          const { top, right, bottom, left, width, height } = element.getBoundingClientRect()
          const label = element.getAttribute('aria-label') ?? element.getAttribute('name') ?? element.textContent?.trim().slice(0, 30) ?? ''
          return { label: `${element.tagName.toLowerCase()} «${label}»`, top, right, bottom, left, width, height }
        })
        .filter((box) => box.width > 0 && box.height > 0),
    )
  const overlap = (a: DOMRectLike, b: DOMRectLike) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

  const catalogueRows = (page: Page) =>
    page
      .getByRole('table', { name: 'Товары каталога' })
      .getByRole('row')
      .filter({ has: page.getByRole('form', { name: /^В корзину: / }) })

  test('the catalogue: the first row’s quantity and «В корзину» are in view, the table does not scroll sideways', async ({ page }) => {
    await signIn(page)
    await page.goto('/cabinet/')
    await expect(page.getByRole('button', { name: 'Свернуть меню' })).toBeVisible()
    const row = catalogueRows(page).first()
    await expect(row.getByRole('button', { name: 'В корзину' })).toBeInViewport({ ratio: 1 })
    await expect(row.getByRole('textbox')).toBeInViewport({ ratio: 1 })
    const box = page.getByRole('table', { name: 'Товары каталога' }).locator('xpath=..')
    const { scrollWidth, clientWidth } = await box.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }))
    expect(scrollWidth, `the catalogue box scrolls sideways: ${scrollWidth}px in ${clientWidth}px`).toBeLessThanOrEqual(clientWidth)
  })

  for (const width of [1200, 1280]) {
    test(`the header is one row at ${width}px: its controls share one top`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await signIn(page)
      await page.goto('/cabinet/')
      await expect(page.getByRole('button', { name: 'Свернуть меню' })).toBeVisible()
      const banner = page.getByRole('banner')
      await expect(banner.getByRole('status').filter({ hasText: /^Корзина:/ })).toBeVisible()
      // the search field's code is there (until then a stand-in of the same size holds its place)
      await expect(banner.locator('input[role="combobox"]')).toBeVisible()
      const controls = await boxesOf(banner.locator('select, input, button'))
      expect(controls.length, 'the contract, the search, «Найти» and «Выйти»').toBeGreaterThanOrEqual(4)
      const top = Math.min(...controls.map((box) => box.top))
      expect(controls.filter((box) => Math.abs(box.top - top) > 1).map((box) => `${box.label} at ${Math.round(box.top)}px`)).toEqual([])
      // the basket summary's link stands in the same row
      const [link] = await boxesOf(banner.getByRole('link', { name: /^Корзина:/ }))
      const bottom = Math.max(...controls.map((box) => box.bottom))
      expect(link && link.top < bottom && link.bottom > top, 'the basket summary beside the controls').toBe(true)
    })
  }

  const FORMS = [
    { name: 'заказы', path: '/cabinet/orders/', form: 'Фильтр заказов' },
    { name: 'акты сверки', path: '/cabinet/acts/', form: 'Отбор актов' },
    { name: 'купленные товары', path: '/cabinet/purchased/', form: 'Фильтр отчёта' },
  ]

  test('text inputs, date fields, selects and buttons have one height on the orders, acts, purchased and login screens', async ({ page }) => {
    test.slow()
    const heightsOf = async (form: Locator) => {
      await expect(form).toBeVisible()
      const boxes = await boxesOf(form.locator('input:not([type="checkbox"], [type="radio"], [type="hidden"]), select, button'))
      expect(boxes.length).toBeGreaterThan(1)
      return boxes.map((box) => `${box.label} ${Math.round(box.height)}px`)
    }
    const expectOneHeight = (where: string, heights: string[]) => {
      const distinct = new Set(heights.map((text) => text.replace(/^.* (\d+)px$/, '$1')))
      expect.soft(distinct.size, `${where}: ${heights.join(', ')}`).toBe(1)
    }

    await new LoginPage(page).goto()
    expectOneHeight('вход', await heightsOf(page.getByRole('form', { name: 'Вход в кабинет дилера' })))
    await signIn(page)
    for (const { name, path, form } of FORMS) {
      await page.goto(path)
      expectOneHeight(name, await heightsOf(page.getByRole('form', { name: form })))
    }
  })

  test('«Товар добавлен в корзину» covers none of the next row’s quantity stepper', async ({ page }) => {
    // the manager of ООО «СтройМаркет»: no other spec reads that basket
    await new LoginPage(page).goto()
    await new LoginPage(page).logIn(DEMO.manager.email)
    const rows = catalogueRows(page)
    await expect(rows.nth(1)).toBeVisible({ timeout: 20_000 })
    for (let index = 0; index < (await rows.count()) - 1; index++) {
      const form = rows.nth(index).getByRole('form')
      await form.getByRole('button', { name: 'В корзину' }).click()
      const popup = form.getByRole('status').filter({ hasText: 'Товар добавлен в корзину' })
      await expect(popup.or(form.getByRole('alert'))).toBeVisible()
      if (!(await popup.isVisible())) continue
      const [shown] = await boxesOf(popup)
      const stepper = await boxesOf(rows.nth(index + 1).getByRole('group', { name: /^Количество: / }))
      expect(shown, 'the popup').toBeDefined()
      expect(stepper.length).toBe(1)
      expect(overlap(shown!, stepper[0]!), `the popup ${JSON.stringify(shown)} over the next stepper ${JSON.stringify(stepper[0])}`).toBe(false)
      return
    }
    throw new Error('no catalogue row could be added to the basket')
  })

  test('the purchased goods chart: month labels do not run together', async ({ page }) => {
    await signIn(page)
    const day = (daysAgo: number) => new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(new Date(Date.now() - daysAgo * 86_400_000))
    await page.goto(`/cabinet/purchased/?startDate=${day(730)}&endDate=${day(0)}`)
    await expect(page.getByRole('figure', { name: 'Расходы по месяцам' })).toBeVisible({ timeout: 20_000 })
    // the labels are placed when the plot's code has drawn the bars
    await expect(page.getByTestId('spend-chart').locator('canvas')).toBeVisible()
    const labels = await boxesOf(page.getByTestId('spend-chart-months').locator('span'))
    expect(labels.length, 'the months under the bars').toBeGreaterThan(2)
    const touching = labels.flatMap((a, index) =>
      labels
        .slice(index + 1)
        .filter((b) => overlap(a, b))
        .map((b) => `${a.label} ~ ${b.label}`),
    )
    expect(touching).toEqual([])
  })
})

/**
 * Issue 21: on a phone (390 px) every list is a card per row: what a dealer acts on (the sum,
 * «Повторить», «Скачать XLSX», «В корзину» …) is inside the viewport with nothing scrolled
 * sideways, and each card names its fields. The orders, acts and purchased-goods filters fold
 * behind «Фильтры», so the list is on the first screen.
 */
test.describe('телефон: a card per row, its actions in view (issue 21)', () => {
  test.afterEach(() => showTopNewsAgain(DEMO.dealer.email))
  test.use({ viewport: { width: 390, height: 844 } })

  interface List {
    name: string
    path: string
    /** the list's table, by its caption */
    table: string | RegExp
    /** what a dealer acts on or reads in a row: each must be in view */
    actions: (row: Locator) => Locator[]
    /** the filter form folded behind «Фильтры» */
    filter?: string
  }

  /** «Повторить заказ № 79», «Удалить: Корзина от …»: a row's button may name its row */
  const button = (name: string) => (row: Locator) => row.getByRole('button', { name: new RegExp(`^${name}([ :]|$)`) })
  const labelled = (label: string) => (row: Locator) => row.locator(`td[data-label="${label}"]`)
  const adder = (row: Locator) => [button('В корзину')(row), row.getByRole('group', { name: /^Количество: / }), labelled('Цена')(row)]

  const LISTS: List[] = [
    {
      name: 'заказы',
      path: '/cabinet/orders/',
      table: 'Заказы',
      actions: (row) => [button('Повторить')(row), labelled('Сумма')(row)],
      filter: 'Фильтр заказов',
    },
    {
      name: 'акты сверки',
      path: '/cabinet/acts/',
      table: 'Акты сверки',
      actions: (row) => [row.getByRole('link', { name: /^Скачать акт/ })],
      filter: 'Отбор актов',
    },
    {
      name: 'купленные товары',
      path: '/cabinet/purchased/',
      table: /^Отчёт/,
      actions: (row) => [labelled('Количество, шт.')(row), labelled('Сумма')(row)],
      filter: 'Фильтр отчёта',
    },
    { name: 'избранное', path: '/cabinet/favorites/', table: 'Избранное', actions: adder },
    { name: 'потребности', path: '/cabinet/needs/', table: 'Потребности', actions: (row) => [...adder(row), row.getByRole('form').first()] },
    { name: 'черновики', path: '/cabinet/drafts/', table: 'Черновики корзины', actions: (row) => [button('Повторить')(row), button('Удалить')(row)] },
    {
      name: 'контрагенты',
      path: '/cabinet/contragents/',
      table: 'Контрагенты',
      actions: (row) => [labelled('ИНН')(row), button('Изменить')(row), button('Деактивировать')(row), button('Удалить')(row)],
    },
    { name: 'адреса доставки', path: '/cabinet/addresses/', table: 'Адреса доставки', actions: (row) => [button('Изменить')(row), button('Удалить')(row)] },
  ]

  /** The list's first row, not a row of a table inside it. */
  const firstRow = (page: Page, list: List) => page.getByRole('main').getByRole('table', { name: list.table }).locator(':scope > tbody > tr').first()

  /** Inside the viewport's width, and no box it sits in scrolled or scrollable sideways. */
  const sideways = (locator: Locator) =>
    locator.evaluate((element) => {
      const { left, right } = element.getBoundingClientRect()
      const scrolling: string[] = []
      for (let node = element.parentElement; node; node = node.parentElement) {
        if (node.scrollWidth > node.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(node).overflowX))
          scrolling.push(`${node.tagName.toLowerCase()} ${node.scrollWidth}px in ${node.clientWidth}px`)
      }
      return { inside: left >= 0 && right <= window.innerWidth + 1, left: Math.round(left), right: Math.round(right), scrolling }
    })

  /** The labels a card shows beside its values (the cells' ::before), as data-label names them. */
  const shownLabels = (row: Locator) =>
    row.evaluate((element) =>
      [...element.querySelectorAll(':scope > td[data-label]')].map((cell) => ({
        label: cell.getAttribute('data-label'),
        shown: getComputedStyle(cell, '::before').content,
      })),
    )

  /** The stroymarket dealer has no acts in the seed: one is asked for (the server builds it at once). */
  async function ensureAnAct(page: Page) {
    const acts = (await (await page.request.get('/api/getActs/')).json()) as ActsResponse
    if (acts.count > 0) return
    const contract = acts.contracts[0]
    expect(contract, 'the dealer has a contract').toBeDefined()
    const day = (daysAgo: number) => new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }).format(new Date(Date.now() - daysAgo * 86_400_000))
    const response = await page.request.post('/api/act/', {
      data: { act: { contract_id: Number(contract!.id), contragent_id: Number(contract!.contragent_id), startdate: day(60), enddate: day(0) } },
    })
    expect(response.status(), await response.text()).toBe(200)
  }

  test('every list’s row actions are inside the viewport without horizontal scrolling, each field labelled', async ({ page }) => {
    test.slow()
    await signIn(page)
    await ensureAnAct(page)
    for (const list of LISTS) {
      await test.step(list.name, async () => {
        await page.goto(list.path)
        const row = firstRow(page, list)
        await expect(row).toBeVisible({ timeout: 20_000 })
        await notLoading(page)
        for (const action of list.actions(row)) {
          await expect(action).toBeVisible({ timeout: 20_000 })
          const seen = await sideways(action)
          expect.soft(seen, `${list.name}: ${String(action)}`).toEqual({ inside: true, left: seen.left, right: seen.right, scrolling: [] })
        }
        const labels = await shownLabels(row)
        expect(labels.length, `${list.name}: the card's labelled fields`).toBeGreaterThan(0)
        expect.soft(labels.filter(({ label, shown }) => shown !== `"${label}"`)).toEqual([])
        expect.soft((await sidewaysOverflow(page)).overflow, `${list.name}: the page scrolls sideways`).toBeLessThanOrEqual(0)
      })
    }
  })

  test('the orders, acts and purchased-goods filters fold behind «Фильтры»: the list is on the first screen', async ({ page }) => {
    await signIn(page)
    await page.goto('/cabinet/')
    // the top news takes part of a phone's first screen until the dealer hides it (for the account, until the test shows it again)
    await page.getByRole('button', { name: 'Скрыть', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Скрыть', exact: true })).toHaveCount(0)
    await ensureAnAct(page)
    for (const list of LISTS.filter(({ filter }) => filter)) {
      await test.step(list.name, async () => {
        await page.goto(list.path)
        const row = firstRow(page, list)
        await expect(row).toBeVisible({ timeout: 20_000 })
        const form = page.getByRole('form', { name: list.filter })
        const toggle = page.getByRole('main').getByRole('button', { name: 'Фильтры' })
        await expect(form).toBeHidden()
        await expect(toggle).toHaveAttribute('aria-expanded', 'false')
        const top = await row.evaluate((element) => element.getBoundingClientRect().top)
        expect(top, `${list.name}: the first row starts on the first screen`).toBeLessThan(844)
        await toggle.click()
        await expect(form).toBeVisible()
        await expect(page.getByRole('main').getByRole('button', { name: 'Скрыть фильтры' })).toHaveAttribute('aria-expanded', 'true')
        await expectFits(page, `${list.name}: фильтры открыты`)
      })
    }
  })
})
