import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filterResponseSchema } from '../../src/contract/filter-answer'
import { SEARCH_MESSAGES, autocompleteResponseSchema } from '../../src/contract/search'
import { loginAs, startServer, type ServerFixture } from '../support/server-fixture'

let fixture: ServerFixture
let cookie: string
let products: { id: number; header: string; articul: string }[]

beforeAll(async () => {
  fixture = await startServer({ products: 300 })
  cookie = await loginAs(fixture, 'mainAccount')
  products = await fixture.db.kysely.selectFrom('products').select(['id', 'header', 'articul']).orderBy('id').execute()
})
afterAll(() => fixture?.close())

const normalize = (text: string) => text.toLowerCase().replaceAll('ё', 'е')
const matching = (keyword: string) => products.filter((p) => normalize(`${p.header} ${p.articul}`).includes(normalize(keyword.trim())))
const autocomplete = (keyword: string | undefined, session: string | null = cookie) =>
  fixture.app.inject({
    method: 'GET',
    url: '/search/',
    query: { ...(keyword === undefined ? {} : { keyword }), simple: '1' },
    headers: session ? { cookie: session } : {},
  })
const search = (payload: unknown, session: string | null = cookie) =>
  fixture.app.inject({ method: 'POST', url: '/api/search/', payload: payload as object, headers: session ? { cookie: session } : {} })

describe('GET /search/?keyword=&simple=1', () => {
  it('answers up to 10 products whose header or articul contains the keyword, any case', async () => {
    const word = products.find((p) => /^[А-Я]/.test(p.header))!.header.split(' ')[0]!
    for (const keyword of [word.toUpperCase(), word.toLowerCase(), ` ${word.slice(1, 5)} `]) {
      const response = await autocomplete(keyword)
      expect(response.statusCode, response.body).toBe(200)
      const { products: found } = autocompleteResponseSchema.parse(response.json())
      const expected = matching(keyword)
      expect(found.length).toBe(Math.min(10, expected.length))
      const ids = new Set(expected.map((p) => p.id))
      expect(found.every((item) => ids.has(item.id))).toBe(true)
    }
  })

  it('finds an articul fragment', async () => {
    const product = products[42]!
    const fragment = product.articul.slice(-5)
    const { products: found } = autocompleteResponseSchema.parse((await autocomplete(fragment.toLowerCase())).json())
    expect(found.map((item) => item.id)).toContain(product.id)
    const item = found.find((i) => i.id === product.id)!
    expect(item.articul).toBe(product.articul)
    expect(item.brand.header.length).toBeGreaterThan(0)
  })

  it('treats % and _ as plain characters', async () => {
    const { products: found } = autocompleteResponseSchema.parse((await autocomplete('%%')).json())
    expect(found).toEqual([])
    expect(autocompleteResponseSchema.parse((await autocomplete('__')).json()).products).toEqual([])
  })

  it('needs at least 2 characters and a session', async () => {
    for (const keyword of [undefined, '', 'a', ' б ']) {
      const response = await autocomplete(keyword)
      expect(response.statusCode, String(keyword)).toBe(400)
      expect(response.json()).toEqual({ message: SEARCH_MESSAGES.tooShort })
    }
    expect((await autocomplete('дрель', null)).statusCode).toBe(401)
  })

  it('answers 400, never 500, to a malformed query', async () => {
    const malformed = ['keyword=%D0%B4%D1%80&keyword=%D0%B1%D1%83', `keyword=${'я'.repeat(201)}`, 'keyword[a]=1']
    for (const query of malformed) {
      const response = await fixture.app.inject({ method: 'GET', url: `/search/?${query}&simple=1`, headers: { cookie } })
      expect(response.statusCode, query).toBe(400)
      expect(response.json().message, query).toMatch(/[а-я]/i)
    }
  })
})

describe('POST /api/search/', () => {
  it('answers the filter response over all catalogues for the keyword', async () => {
    const word = products[7]!.header.split(' ')[0]!
    const response = await search({ keyword: word.toUpperCase(), contract: '0' })
    expect(response.statusCode, response.body).toBe(200)
    const result = filterResponseSchema.parse(response.json())
    const expected = matching(word)
    expect(result.count).toBe(expected.length)
    expect(result.pagination).toEqual({ page: 1, perpage: 20, pages: Math.ceil(expected.length / 20) })
    const ids = new Set(expected.map((p) => p.id))
    expect(result.products.every((p) => ids.has(p.id))).toBe(true)
    const treeTotal = result.categories_tree.reduce((total, node) => total + (node.count ?? 0), 0)
    expect(treeTotal).toBe(expected.length)
  })

  it('takes the other filter fields along (page, perpage, brand)', async () => {
    const word = products[3]!.header.split(' ')[0]!
    const all = filterResponseSchema.parse((await search({ keyword: word, perpage: 100 })).json())
    const brand = all.brands.data[0]!
    const narrowed = filterResponseSchema.parse((await search({ keyword: word, brand: [brand.id], perpage: 5, page: 1 })).json())
    expect(narrowed.count).toBe(brand.count)
    expect(narrowed.products.every((p) => p.brand.id === brand.id)).toBe(true)
  })

  it('answers 400 to short or malformed requests, 403 to a foreign contract, 401 without a session', async () => {
    for (const payload of [{}, { keyword: 'a' }, { keyword: ' ' }]) {
      const response = await search(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json()).toEqual({ message: SEARCH_MESSAGES.tooShort })
    }
    for (const payload of [{ keyword: 42 }, { keyword: 'дрель', contract: 'x' }, { keyword: 'дрель', perpage: 0 }, []]) {
      const response = await search(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toMatch(/[а-я]/i)
    }
    const malformed: unknown[] = [
      null,
      { keyword: { text: 'дрель' } },
      { keyword: 'я'.repeat(201) },
      { keyword: 'дрель', page: 'abc' },
      { keyword: 'дрель', page: -1 },
      { keyword: 'дрель', sorting: { field: 'nope', sort: 'asc' } },
      { keyword: 'дрель', brand: 'x' },
      { keyword: 'дрель', tags: [-1] },
      { keyword: 'дрель', warehouse: 0 },
      { keyword: 'дрель', filter: [{ id: 1, minp: 'x' }] },
      { keyword: 'дрель', minprice: -5, byprice: true },
    ]
    for (const payload of malformed) {
      const response = await search(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message, JSON.stringify(payload)).toMatch(/[а-я]/i)
    }
    for (const body of ['{"keyword":', '"дрель"', 'keyword=дрель']) {
      const response = await fixture.app.inject({
        method: 'POST',
        url: '/api/search/',
        payload: body,
        headers: { cookie, 'content-type': body.startsWith('k') ? 'text/plain' : 'application/json' },
      })
      expect(response.statusCode, body).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, body).toBeLessThan(500)
    }
    expect((await search({ keyword: 'дрель', contract: '4' })).statusCode).toBe(403)
    expect((await search({ keyword: 'дрель' }, null)).statusCode).toBe(401)
  })
})
