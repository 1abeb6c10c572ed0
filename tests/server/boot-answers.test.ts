import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { initDataSchema } from '../../src/contract/account'
import {
  BOOT_ANSWERS_ELEMENT_ID,
  SERVER_FRAME_ELEMENT_ID,
  BOOT_CALLS_META,
  INBOX_ADDRESS,
  INIT_DATA_ADDRESS,
  ORDERS_FIRST_PAGE_ADDRESS,
  SESSION_ADDRESS,
  basketAddress,
} from '../../src/contract/boot-answers'
import type { Database } from '../../server/db/schema'
import { framedPageOf } from '../../server/routes/framed-page'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { stockedProducts } from '../support/server-requests'

/** A built page as scripts/route-pages.ts writes it: its head names its own boot calls. */
const pageWith = (calls: string) =>
  `<!doctype html><html lang="ru"><head><meta name="${BOOT_CALLS_META}" content="${calls}"></head><body><div id="root"></div></body></html>`
const PLAIN_PAGE = '<!doctype html><html lang="ru"><body><div id="root"></div></body></html>'
const html = { accept: 'text/html' }

let fixture: ServerFixture
let clientDir: string
let dealer: string
let otherDealer: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'cabinet-boot-'))
  mkdirSync(join(clientDir, 'cabinet', 'orders'), { recursive: true })
  mkdirSync(join(clientDir, 'plain'))
  mkdirSync(join(clientDir, 'cart'))
  writeFileSync(join(clientDir, 'index.html'), pageWith(''))
  writeFileSync(join(clientDir, 'cabinet', 'index.html'), pageWith('/api/filterinit/ /api/nothing/'))
  writeFileSync(join(clientDir, 'cabinet', 'orders', 'index.html'), pageWith(ORDERS_FIRST_PAGE_ADDRESS))
  writeFileSync(join(clientDir, 'plain', 'index.html'), PLAIN_PAGE)
  writeFileSync(join(clientDir, 'cart', 'index.html'), pageWith('/api/getBasketTableInit/'))
  fixture = await startServer({ clientDir })
  dealer = await loginAs(fixture, 'mainAccount', 0)
  otherDealer = await loginAs(fixture, 'mainAccount', 1)
})
afterAll(async () => {
  await fixture?.close()
  rmSync(clientDir, { recursive: true, force: true })
})

const page = (url: string, cookie?: string, headers: Record<string, string> = html) =>
  fixture.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } })
const api = async (url: string, cookie: string): Promise<unknown> => (await fixture.app.inject({ method: 'GET', url, headers: { cookie } })).json()

/** The answers inside a page, as the SPA reads them (src/services/boot-answers.ts). */
function answersIn(body: string): Record<string, unknown> {
  const match = new RegExp(`<script type="application/json" id="${BOOT_ANSWERS_ELEMENT_ID}">(.*?)</script>`, 's').exec(body)
  if (!match) throw new Error(`the page has no boot answers: ${body}`)
  return JSON.parse(match[1]!) as Record<string, unknown>
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/,\s*/)

describe('boot answers in a page', () => {
  it('signed in: the session, the init data, the inbox, the basket of the selected contract and the page’s own calls, as the API answers them', async () => {
    const response = await page('/cabinet/', dealer)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const answers = answersIn(response.body)
    const { selectedContract } = initDataSchema.parse(await api(INIT_DATA_ADDRESS, dealer))
    const expected = [SESSION_ADDRESS, INIT_DATA_ADDRESS, INBOX_ADDRESS, basketAddress(selectedContract), '/api/filterinit/']
    expect(Object.keys(answers).sort()).toEqual([...expected].sort())
    for (const address of expected) expect(answers[address], address).toEqual(await api(address, dealer))
    expect(answers[SESSION_ADDRESS]).toMatchObject({ account: { email: demoLogin('mainAccount', 0).email } })
  })

  it('leaves out a call that does not answer 200, and a page naming no calls gets only the start’s own', async () => {
    expect(Object.keys(answersIn((await page('/cabinet/', dealer)).body))).not.toContain('/api/nothing/')
    const root = answersIn((await page('/login/', dealer)).body)
    expect(Object.keys(root)).toHaveLength(4)
    expect(root).toHaveProperty(SESSION_ADDRESS)
    expect(root).toHaveProperty(INIT_DATA_ADDRESS)
    // the top news banner paints with the frame on every page
    expect(root).toHaveProperty(INBOX_ADDRESS)
  })

  it('answers the orders page’s first list, the one the orders screen asks for with no filter', async () => {
    const answers = answersIn((await page('/cabinet/orders/', dealer)).body)
    expect(answers[ORDERS_FIRST_PAGE_ADDRESS]).toEqual(await api(ORDERS_FIRST_PAGE_ADDRESS, dealer))
  })

  it('signed out, or with a session that ended: only the session, saying nobody is signed in', async () => {
    const expired = `${dealer.split('=')[0]}=${'0'.repeat(32)}`
    for (const cookie of [undefined, expired, 'unrelated=1']) {
      const answers = answersIn((await page('/cabinet/', cookie)).body)
      expect(answers, String(cookie)).toEqual({ [SESSION_ADDRESS]: { account: null } })
    }
    const signedOut = await loginAs(fixture, 'manager', 0)
    await fixture.app.inject({ method: 'POST', url: '/api/logout/', payload: {}, headers: { cookie: signedOut } })
    expect(answersIn((await page('/cabinet/', signedOut)).body)).toEqual({ [SESSION_ADDRESS]: { account: null } })
  })

  it('is never kept for another visitor: each session gets its own answers, private and revalidated, varying by cookie', async () => {
    const [first, second, nobody] = await Promise.all([page('/cabinet/', dealer), page('/cabinet/', otherDealer), page('/cabinet/')])
    expect(answersIn(first.body)[SESSION_ADDRESS]).toMatchObject({ account: { email: demoLogin('mainAccount', 0).email } })
    expect(answersIn(second.body)[SESSION_ADDRESS]).toMatchObject({ account: { email: demoLogin('mainAccount', 1).email } })
    expect(second.body).not.toContain(demoLogin('mainAccount', 0).email)
    for (const response of [first, second, nobody]) {
      expect(response.headers['cache-control']).toBe('private, no-cache')
      expect(varies(response)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']))
      expect(response.headers.etag).toBeUndefined()
      expect(response.headers['last-modified']).toBeUndefined()
    }
  })

  it('keeps the answers inside their element whatever they hold', async () => {
    const email = demoLogin('manager', 1).email
    const name = '</script><script>alert(1)</script><!--'
    await fixture.db.kysely.updateTable('users').set({ name }).where('email', '=', email).execute()
    const body = (await page('/cabinet/', await loginAs(fixture, 'manager', 1))).body
    expect(body).not.toContain('<script>alert(1)')
    expect(answersIn(body)[SESSION_ADDRESS]).toMatchObject({ account: { name } })
  })

  it('goes out brotli-compressed when the browser takes it, and as it is otherwise', async () => {
    const compressed = await page('/cabinet/', dealer, { ...html, 'accept-encoding': 'gzip, deflate, br' })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(answersIn(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toHaveProperty(INIT_DATA_ADDRESS)
    const refused = await page('/cabinet/', dealer, { ...html, 'accept-encoding': 'br;q=0, gzip' })
    expect(refused.headers['content-encoding']).toBe('gzip')
    expect((await page('/cabinet/', dealer)).headers['content-encoding']).toBeUndefined()
  })

  it('a page built without boot calls, and a HEAD request, get the page file as it is', async () => {
    const plain = await page('/plain/', dealer)
    expect(plain.body).toBe(PLAIN_PAGE)
    expect(plain.headers['cache-control']).toBe('no-cache')
    const head = await fixture.app.inject({ method: 'HEAD', url: '/cabinet/', headers: { ...html, cookie: dealer } })
    expect(head.statusCode).toBe(200)
    expect(head.headers['cache-control']).toBe('no-cache')
  })
})

/** String.prototype.replace's replacement patterns: the text before the match, the match, the text after it, and the rest of them. */
const REPLACEMENT_PATTERNS = "$` $& $' $$ $1 $<name>"

/**
 * Every text a boot answer can show, besides the dealer's order and cancel comments (written
 * through the API below): the account, the company, its contracts, contragents, addresses and
 * consignees, the warehouses, the catalogue's names and the order states.
 */
const SHOWN_TEXTS: { [T in keyof Database]?: readonly (keyof Database[T] & string)[] } = {
  users: ['name', 'email', 'phone'],
  customers: ['company', 'inn'],
  contragents: ['company', 'inn'],
  contracts: ['header'],
  addresses: ['full_address', 'postindex'],
  consignees: ['surname', 'name'],
  warehouses: ['header', 'address', 'schedule'],
  brands: ['header'],
  categories: ['header'],
  products: ['articul', 'header', 'description'],
  top_news: ['header', 'text'],
  params: ['header', 'unit'],
  tags: ['header'],
  order_states: ['header'],
}

/** The page as the server sends it with its boot answers element and the inside of the server's frame taken out. */
const withoutAnswers = (body: string) =>
  body
    .replace(new RegExp(`<script type="application/json" id="${BOOT_ANSWERS_ELEMENT_ID}">.*?</script>\\n  `, 's'), '')
    .replace(new RegExp(`(<div id="${SERVER_FRAME_ELEMENT_ID}" inert aria-hidden="true">).*?(</div><div id="root"></div>)`, 's'), '$1$2')

/** A built page as a signed-in visitor gets it: a screen's with room for the server's frame (framed-page.ts), others as built. */
const asSent = (address: string, built: string) => {
  const framed = address === '/login/' ? undefined : framedPageOf(built, 'frame', () => '')
  return framed ? `${framed.before}${framed.after}${framed.tail}` : built
}

describe('boot answers holding $ replacement patterns', () => {
  it('go into the page as they are, once, and the page around them stays as built', async () => {
    const cookie = await loginAs(fixture, 'mainAccount', 0)
    const post = (url: string, payload: object) => fixture.app.inject({ method: 'POST', url, payload, headers: { cookie } })
    const contract = initDataSchema.parse(await api(INIT_DATA_ADDRESS, cookie)).selectedContract
    const [ordered, kept] = await stockedProducts(fixture, { min: 2, count: 2 })
    const addToBasket = async (id: number) => expect((await post('/api/processBasket/', { id, qnt: 1, wms: 1, type: 'add', contract })).statusCode).toBe(200)

    // the dealer's own texts: an order's comment, and the reason it was cancelled (its status)
    await addToBasket(ordered!.id)
    const delivery = { method: '3', company: '1', type: 'terminal', region: '1' }
    const placed = await post('/api/placeOrder/', { contract, delivery, address_id: 1, comment: `Комментарий ${REPLACEMENT_PATTERNS}` })
    expect(placed.statusCode, placed.body).toBe(200)
    const orderId = (placed.json() as { order: { id: number } }).order.id
    const cancelled = await post('/api/order/', { id: orderId, action: 'cancel', cancelComment: `Отмена ${REPLACEMENT_PATTERNS}` })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    await addToBasket(kept!.id)
    // everything else a boot answer shows
    for (const [table, columns] of Object.entries(SHOWN_TEXTS)) {
      const set = Object.fromEntries(columns.map((column) => [column, sql`${sql.ref(column)} || ${` ${REPLACEMENT_PATTERNS}`}`]))
      await fixture.db.kysely
        .updateTable(table as keyof Database)
        .set(set as never)
        .execute()
    }

    const pages = {
      '/login/': pageWith(''),
      '/cabinet/': pageWith('/api/filterinit/ /api/nothing/'),
      '/cabinet/orders/': pageWith(ORDERS_FIRST_PAGE_ADDRESS),
      '/cart/': pageWith('/api/getBasketTableInit/'),
    }
    for (const [address, built] of Object.entries(pages)) {
      const body = (await page(address, cookie)).body
      expect(withoutAnswers(body), address).toBe(asSent(address, built))
      // the server's frame shows the dealer's texts as they are too
      if (address !== '/login/') expect(body, address).toContain(REPLACEMENT_PATTERNS.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`))
      expect(body.split(`id="${BOOT_ANSWERS_ELEMENT_ID}"`), address).toHaveLength(2)
      const answers = answersIn(body)
      for (const [call, answer] of Object.entries(answers)) {
        expect(answer, call).toEqual(await api(call, cookie))
        expect(JSON.stringify(answer), `${address} ${call} shows a text with the patterns`).toContain(REPLACEMENT_PATTERNS)
      }
    }
  })
})
