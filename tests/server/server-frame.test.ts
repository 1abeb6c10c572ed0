import { createHash } from 'node:crypto'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { initDataSchema } from '../../src/contract/account'
import { BOOT_CALLS_META, INIT_DATA_ADDRESS, ORDERS_FIRST_PAGE_ADDRESS, SERVER_FRAME_ELEMENT_ID } from '../../src/contract/boot-answers'
import { basketSummaryText, contractTitle, SIDEBAR_COOKIE } from '../../src/contract/frame'
import { inboxResponseSchema } from '../../src/contract/inbox'
import { orderListSchema } from '../../src/contract/orders'
import { ORDERS_EMPTY, ordersCaptionOf } from '../../src/contract/orders-list-view'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'

/** A built page as scripts/route-pages.ts writes it: boot message in #root, start chunks as module scripts, the entry's stylesheet at the end. */
const builtPage = `<!doctype html><html lang="ru"><head><meta name="${BOOT_CALLS_META}" content=""><style>.boot{color:gray}</style></head><body>
    <div id="root"><div class="boot" role="status">Загрузка кабинета…</div></div>
    <script type="module" crossorigin src="/assets/vendor-a1.js"></script>
    <script type="module" crossorigin src="/assets/index-b2.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/app-c3.css">
  </body></html>`
const APP_CSS = '.frame_kt6K{display:grid}'
/** what a screen's page preloads for its own chunk */
const SCREEN_PRELOADS =
  '<link rel="modulepreload" crossorigin href="/assets/screen-e5.js"><link rel="preload" as="style" crossorigin href="/assets/screen-f6.css">'
const LOGIN_CSS = '.card_AQam{padding:1rem}'
const ORDERS_CSS = '.table_D3jh{width:100%}'
const html = { accept: 'text/html' }

let fixture: ServerFixture
let clientDir: string
let dealer: string
let manager: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'cabinet-frame-'))
  for (const folder of ['', 'cabinet', 'cabinet/orders', 'cart', 'login', 'assets']) mkdirSync(join(clientDir, folder), { recursive: true })
  for (const folder of ['', 'cart']) writeFileSync(join(clientDir, folder, 'index.html'), builtPage)
  writeFileSync(
    join(clientDir, 'cabinet', 'orders', 'index.html'),
    builtPage
      .replace(`content=""`, `content="${ORDERS_FIRST_PAGE_ADDRESS}"`)
      .replace('</head>', `<link rel="preload" as="style" crossorigin href="/assets/orders-g7.css"></head>`),
  )
  writeFileSync(join(clientDir, 'cabinet', 'index.html'), builtPage.replace('</head>', `${SCREEN_PRELOADS}</head>`))
  writeFileSync(
    join(clientDir, 'login', 'index.html'),
    builtPage.replace('</head>', `<link rel="preload" as="style" crossorigin href="/assets/login-d4.css"></head>`),
  )
  writeFileSync(join(clientDir, 'assets', 'app-c3.css'), APP_CSS)
  writeFileSync(join(clientDir, 'assets', 'login-d4.css'), LOGIN_CSS)
  writeFileSync(join(clientDir, 'assets', 'orders-g7.css'), ORDERS_CSS)
  fixture = await startServer({ clientDir })
  dealer = await loginAs(fixture, 'mainAccount', 0)
  manager = await loginAs(fixture, 'manager', 0)
})
afterAll(async () => {
  await fixture?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const page = async (url: string, cookie?: string) => {
  const response = await fixture.app.inject({ method: 'GET', url, headers: { ...html, ...(cookie ? { cookie } : {}) } })
  expect(response.statusCode).toBe(200)
  return response
}
const api = async (url: string, cookie: string): Promise<unknown> => (await fixture.app.inject({ method: 'GET', url, headers: { cookie } })).json()

/** The server's frame inside a page, or undefined. */
const frameIn = (body: string) =>
  new RegExp(`<div id="${SERVER_FRAME_ELEMENT_ID}" inert aria-hidden="true">(.*?)</div><div id="root"></div>`, 's').exec(body)?.[1]

const setManager = (values: { disabled_menus?: string; name?: string }) =>
  fixture.db.kysely.updateTable('users').set(values).where('email', '=', demoLogin('manager').email).execute()

describe('the frame the server draws into a screen’s page', () => {
  it('holds the dealer’s company, name, contracts, basket, top news and menu, the current screen marked', async () => {
    const body = (await page('/cabinet/orders/?page=2', dealer)).body
    const frame = frameIn(body)
    expect(frame).toBeDefined()
    const initData = initDataSchema.parse(await api(INIT_DATA_ADDRESS, dealer))
    const { topNews } = inboxResponseSchema.parse(await api('/api/inbox/', dealer))
    expect(topNews).not.toBeNull()
    const escaped = (text: string) => text.replace(/"/g, '&#34;').replace(/'/g, '&#39;').replace(/</g, '&#60;').replace(/>/g, '&#62;')
    for (const text of [initData.account.company, initData.account.name, basketSummaryText(initData.basket), topNews!.header, topNews!.text])
      expect(frame).toContain(escaped(text))
    for (const contract of initData.contracts) {
      const selected = contract.id === initData.selectedContract ? ' selected' : ''
      expect(frame).toContain(`<option value="${contract.id}"${selected}>${escaped(contractTitle(contract))}</option>`)
    }
    expect(frame).toMatch(/<a class="link_\w+ active" aria-current="page" href="\/cabinet\/orders\/">Заказы<\/a>/)
    expect(frame).toContain('href="/cabinet/managers/">Менеджеры</a>')
    expect(frame).toContain('data-sidebar="wide"')
    expect(frame).toContain('<main id="content"')
  })

  it('styles it inline and asks for its scripts and preloads after the first paint, both allowed by the page’s policy', async () => {
    const response = await page('/cabinet/', dealer)
    const { body } = response
    expect(body).not.toContain('<link rel="stylesheet"')
    expect(body).not.toContain('<script type="module"')
    const [, css, later] = /<style>([^<]*)<\/style>\s*<template id="after-first-paint">(.*?)<\/template>/.exec(body) ?? []
    // what the page would have asked for at once (the screen's preloads, the start's chunks), asked for after the first paint
    expect(later).toBe(
      `${SCREEN_PRELOADS}<link rel="modulepreload" crossorigin href="/assets/vendor-a1.js" data-start><link rel="modulepreload" crossorigin href="/assets/index-b2.js" data-start>`,
    )
    expect(body.replace(/<template.*?<\/template>/s, '')).not.toMatch(/<link rel="(modulepreload|preload)"/)
    expect(css).toContain(APP_CSS)
    expect(css).toContain(`#${SERVER_FRAME_ELEMENT_ID} ~ #root { display: none; }`)
    // the boot answers come first: the scripts read them
    expect(body.indexOf('id="boot-answers"')).toBeLessThan(body.indexOf("querySelectorAll('link[data-start]')"))
    const policy = String(response.headers['content-security-policy'])
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    const inline = [...body.matchAll(/<(style|script)>([\s\S]*?)<\/\1>/g)]
    expect(inline.map(([, tag]) => tag).sort()).toEqual(['script', 'style', 'style'])
    for (const [, , text] of inline) expect(policy).toContain(hash(text ?? ''))
  })

  it('is not drawn for a visitor who is not signed in, nor into the login page', async () => {
    for (const [url, cookie] of [
      ['/cabinet/', undefined],
      ['/cart/', 'session=not-a-session'],
      ['/invitation/?token=x', dealer],
    ] as const) {
      const { body } = await page(url, cookie)
      expect(frameIn(body), url).toBeUndefined()
      expect(body, url).toContain('<div id="root"><div class="boot" role="status">Загрузка кабинета…</div></div>')
      expect(body, url).toContain('<script type="module" crossorigin src="/assets/index-b2.js"></script>')
    }
  })

  it('leaves out the sections closed to a manager and the basket line when the basket is closed', async () => {
    await setManager({ disabled_menus: JSON.stringify(['cart', 'acts']) })
    const frame = frameIn((await page('/cabinet/', manager)).body)
    expect(frame).toBeDefined()
    expect(frame).not.toContain('href="/cart/"')
    expect(frame).not.toContain('Акты сверки')
    expect(frame).not.toContain('Менеджеры')
    expect(frame).toContain('href="/cabinet/orders/">Заказы</a>')
    await setManager({ disabled_menus: '[]' })
    expect(frameIn((await page('/cabinet/', manager)).body)).toContain('href="/cart/">Корзина: ')
  })

  it('writes a dealer’s text as text, never as markup', async () => {
    await setManager({ name: '<img src=x onerror=alert(1)>"А & Б"' })
    const frame = frameIn((await page('/cabinet/', manager)).body)
    expect(frame).toContain('&#60;img src=x onerror=alert(1)&#62;&#34;А &#38; Б&#34;')
    expect(frame).not.toContain('<img')
  })

  it('draws the narrow sidebar the browser’s cookie names', async () => {
    const frame = frameIn((await page('/cabinet/', `${dealer}; ${SIDEBAR_COOKIE}=narrow`)).body)
    expect(frame).toContain('data-sidebar="narrow"')
    expect(frame).toMatch(/<aside class="sidebar_\w+ narrow_\w+">/)
    expect(frame).toContain('aria-label="Развернуть меню"')
    expect(frame).toMatch(/aria-label="Заказы" href="\/cabinet\/orders\/"><span class="initials_\w+" aria-hidden="true">За<\/span>/)
  })
})

describe('the orders’ first page the server draws into the frame', () => {
  it('is drawn for the orders’ address without a filter, from the page’s answer, with the screen’s stylesheets inline', async () => {
    const { body } = await page('/cabinet/orders/', dealer)
    const screen = /<main id="content" class="content_\w+" tabindex="-1">(.*?)<\/main>/s.exec(frameIn(body) ?? '')?.[1]
    const answer = orderListSchema.parse(await api(ORDERS_FIRST_PAGE_ADDRESS, dealer))
    expect(screen).toMatch(/^<section class="page_\w+ page_\w+" aria-labelledby="server-orders-title">/)
    // the week's orders, or the notice that there are none (tests/server/server-orders.test.ts draws both)
    if (answer.orders.length === 0) expect(screen).toContain(ORDERS_EMPTY.title)
    else expect(screen).toContain(`>${ordersCaptionOf(answer)}</p>`)
    for (const order of answer.orders) expect(screen).toContain(`<tr aria-label="Заказ № ${order.id}">`)
    expect(/<style>([^<]*)<\/style>\s*<template/.exec(body)?.[1]).toContain(`${APP_CSS}\n${ORDERS_CSS}`)
    expect(body).not.toContain('rel="preload" as="style"')
  })

  it('is not drawn where the address names a filter or a page: the frame’s main stays empty', async () => {
    const frame = frameIn((await page('/cabinet/orders/?page=2', dealer)).body)
    expect(frame).toMatch(/<main id="content" class="content_\w+" tabindex="-1"><\/main>/)
  })
})

describe('the login page the server draws', () => {
  it('is drawn for a visitor who is not signed in, with the login’s own stylesheets inline', async () => {
    for (const cookie of [undefined, 'session=not-a-session']) {
      const { body } = await page('/login/', cookie)
      const drawn = frameIn(body)
      expect(drawn).toMatch(/^<main class="page_\w+"><div class="card_\w+"><h1 class="title_\w+">Вход в кабинет дилера<\/h1>/)
      expect(drawn).toContain('<input name="password" type="password" autocomplete="current-password"')
      expect(body).not.toContain('rel="preload" as="style"')
      expect(/<style>([^<]*)<\/style>\s*<template/.exec(body)?.[1]).toContain(`${APP_CSS}\n${LOGIN_CSS}`)
    }
  })

  it('is not drawn for a signed-in visitor, whom the app sends on to the cabinet', async () => {
    const { body } = await page('/login/', dealer)
    expect(frameIn(body)).toBeUndefined()
    expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/login-d4.css">')
  })
})
