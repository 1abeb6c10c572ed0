import { DEMO_TOP_NEWS } from '../../server/db/seed-inbox'
import { TIME_ZONE_COOKIE } from '../../src/contract/frame'
import { signInThroughApi } from './support/cabinet-shell'
import { DEMO } from './support/demo-logins'
import { expect, test } from './support/fixtures'

/**
 * A signed-in screen's page comes with the frame the server drew (server/routes/server-frame.ts):
 * a phone paints the dealer's header and top news before the scripts have run, and the SPA's own
 * frame takes its place in the same frame as it first renders.
 */

/** Records, in the page, the server's frame as the page brought it and #root at the moment the SPA's frame replaced it. */
const RECORD_HANDOVER = `
  window.__handover = {}
  document.addEventListener('DOMContentLoaded', () => {
    const serverFrame = document.getElementById('server-frame')
    if (!serverFrame) return
    window.__handover.server = serverFrame.innerHTML
    new MutationObserver((_, observer) => {
      if (document.getElementById('server-frame')) return
      observer.disconnect()
      window.__handover.spa = document.getElementById('root').innerHTML
    }).observe(document.body, { childList: true })
  })
`

/**
 * Each element of a frame's markup as tag, classes and the attributes a dealer or a screen reader
 * meets, with its own text: ids and what refers to them differ between the two frames by design,
 * as does how a select marks its choice, and the server's copy has no test ids. The part is the
 * frame around <main>, or the screen inside it (which the server draws on the orders' page only).
 */
const FRAME_OUTLINE = `(html, part) => {
  const ignored = new Set(['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'selected', 'value', 'data-status', 'data-testid'])
  const template = document.createElement('template')
  template.innerHTML = html
  const main = template.content.querySelector('main')
  if (part === 'frame') main?.replaceChildren()
  // «Заказать звонок» comes with the SPA, whenever its part has loaded
  for (const button of template.content.querySelectorAll('button')) if (button.textContent.trim() === 'Заказать звонок') button.remove()
  const root = part === 'frame' ? template.content : main
  return [...root.querySelectorAll('*')].map((element) => {
    const attributes = [...element.attributes]
      .filter((attribute) => !ignored.has(attribute.name))
      .map((attribute) => attribute.name === 'class' ? 'class=' + [...element.classList].sort().join(' ') : attribute.name + '=' + attribute.value)
      .sort()
    const text = [...element.childNodes].filter((node) => node.nodeType === 3).map((node) => node.textContent.trim()).join('')
    return element.tagName.toLowerCase() + ' ' + attributes.join(' ') + (text ? ' «' + text + '»' : '')
  })
}`

test('before its scripts run, a screen’s page shows the dealer’s frame with the top news, inert', async ({ page }) => {
  await signInThroughApi(page, DEMO.dealer.email)
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/cabinet/orders/')
  const serverFrame = page.locator('#server-frame')
  await expect(serverFrame).toBeVisible()
  await expect(serverFrame).toHaveAttribute('inert', '')
  await expect(serverFrame.locator('header')).toContainText(DEMO.dealer.company)
  await expect(serverFrame.locator('section[aria-labelledby="server-frame-news"]')).toContainText(DEMO_TOP_NEWS.text)
  await expect(serverFrame.locator('aside a[aria-current="page"]')).toHaveText('Заказы')
  await expect(page.locator('#root')).toBeHidden()
})

test('the SPA’s first frame is the frame the server drew, element by element, and takes its place', async ({ page }) => {
  await signInThroughApi(page, DEMO.dealer.email)
  await page.addInitScript(RECORD_HANDOVER)
  // the frame's own parts (the unread counts, «Скрыть» enabled) come with a chunk loaded when the
  // browser is first idle; on a quick machine it can arrive before a slow screen's first render,
  // which is then not the first frame any more: it waits for the handover here
  await page.route('**/assets/header-search-*.js', async (route) => {
    await page.waitForFunction(() => (window as { __handover?: { spa?: string } }).__handover?.spa).catch(() => undefined)
    await route.continue()
  })
  for (const address of ['/cabinet/', '/cart/', '/cabinet/acts/', '/cabinet/orders/']) {
    await page.goto(address)
    await expect(page.getByRole('main')).toBeVisible()
    await expect(page.locator('#server-frame')).toHaveCount(0)
    const handover = await page.waitForFunction(
      () => (window as { __handover?: { spa?: string } }).__handover?.spa && (window as { __handover?: object }).__handover,
    )
    const { server, spa } = (await handover.jsonValue()) as { server: string; spa: string }
    const outline = (html: string) => page.evaluate(`(${FRAME_OUTLINE})(${JSON.stringify(html)}, 'frame')`) as Promise<string[]>
    const spaFrame = await outline(spa)
    expect(spaFrame.length, address).toBeGreaterThan(40)
    expect(await outline(server), address).toEqual(spaFrame)
  }
  // the frame the dealer then uses is the SPA's
  await page.getByRole('link', { name: 'Заказы' }).click()
  await expect(page.getByRole('heading', { name: 'Заказы', level: 1 })).toBeVisible()
})

test('signed out, the login page the server drew is the SPA’s first login page, and gives way to it', async ({ page }) => {
  await page.addInitScript(RECORD_HANDOVER)
  await page.goto('/login/')
  await expect(page.getByRole('heading', { name: 'Вход в кабинет дилера', level: 1 })).toBeVisible()
  const handover = await page.waitForFunction(
    () => (window as { __handover?: { spa?: string } }).__handover?.spa && (window as { __handover?: object }).__handover,
  )
  const { server, spa } = (await handover.jsonValue()) as { server: string; spa: string }
  const outline = (html: string) => page.evaluate(`(${FRAME_OUTLINE})(${JSON.stringify(html)}, 'frame')`) as Promise<string[]>
  expect(await outline(server)).toEqual(await outline(spa))
  await page.getByLabel('E-mail').fill(DEMO.dealer.email)
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.dealer.email)
})

test('the orders page comes with its first page of orders drawn, which is the SPA’s first list, element by element', async ({ page }) => {
  await signInThroughApi(page, DEMO.dealer.email)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/cabinet/orders/')
  const drawn = page.locator('#server-frame main')
  await expect(drawn.locator('h1')).toHaveText('Заказы')
  await expect(drawn.locator('tbody tr').first()).toBeVisible()
  await expect(drawn.locator('time')).toHaveText('5:00')
  // the page tells the server the browser's time zone, for the dates it draws next time
  const cookies = await page.context().cookies()
  expect(cookies.find((cookie) => cookie.name === TIME_ZONE_COOKIE)?.value).toBe(encodeURIComponent('Europe/Moscow'))
  await page.unroute('**/assets/*.js')

  await page.addInitScript(RECORD_HANDOVER)
  await page.goto('/cabinet/orders/')
  await expect(page.getByRole('table', { name: 'Заказы' })).toBeVisible()
  const handover = await page.waitForFunction(
    () => (window as { __handover?: { spa?: string } }).__handover?.spa && (window as { __handover?: object }).__handover,
  )
  const { server, spa } = (await handover.jsonValue()) as { server: string; spa: string }
  const outline = (html: string) => page.evaluate(`(${FRAME_OUTLINE})(${JSON.stringify(html)}, 'screen')`) as Promise<string[]>
  const spaScreen = await outline(spa)
  expect(spaScreen.join('\n')).toContain('tr aria-label=Заказ №')
  expect(await outline(server)).toEqual(spaScreen)
  // the list the dealer then uses is the SPA's
  await page.getByRole('button', { name: 'Фильтры' }).click()
  await expect(page.getByRole('form', { name: 'Фильтр заказов' })).toBeVisible()
})

test('an orders address with a filter in it gets the frame only: the screen is the SPA’s', async ({ page }) => {
  await signInThroughApi(page, DEMO.dealer.email)
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/cabinet/orders/?dateselect=all')
  await expect(page.locator('#server-frame header')).toContainText(DEMO.dealer.company)
  await expect(page.locator('#server-frame main')).toBeEmpty()
})
