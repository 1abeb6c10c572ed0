import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { CATALOGUE_DEFAULTS, CATALOGUE_MESSAGES, filterRequestSchema, type CatalogueFilter, type FilterRequest } from '../../src/contract/catalogue'
import { BRAND_MESSAGES, brandProductsResponseSchema } from '../../src/contract/brand-products'
import { filterResponseSchema, type CategoryCountNode, type FilterResponse } from '../../src/contract/filter-answer'
import { whenCurrent } from '../../server/catalogue/snapshot'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests } from '../support/server-requests'

/**
 * POST /api/filter/ against a reference model: the whole small catalogue is read into memory and
 * every answer (count, page, each facet) is recomputed in plain JS, for many generated filters.
 */

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let model: CatalogueModel

beforeAll(async () => {
  fixture = await startServer({ products: 400 })
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  model = await loadModel(fixture, demoLogin('mainAccount').email)
})
afterAll(() => fixture?.close())

/** `session` null sends no cookie */
const { post } = sessionRequests(
  () => fixture,
  () => cookie,
)
const filter = async (payload: FilterRequest, session = cookie): Promise<FilterResponse> => {
  const response = await post('/api/filter/', payload, session)
  expect(response.statusCode, response.body).toBe(200)
  return filterResponseSchema.parse(response.json())
}

// --- the reference model

interface ModelProduct {
  id: number
  header: string
  articul: string
  price: number
  price_rrc: number
  brand_id: number
  category_id: number
  /** the catalogue's own order (sorting "none") */
  sort: number
  params: Map<number, number>
  tags: Set<number>
  stock: Map<number, number>
}

interface CatalogueModel {
  products: ModelProduct[]
  parentOf: Map<number, number | null>
  factorOf: Map<string, number>
  selectedContract: string
  wishes: Set<number>
  needs: Map<number, number>
}

async function loadModel(f: ServerFixture, email: string): Promise<CatalogueModel> {
  const k = f.db.kysely
  const user = await k.selectFrom('users').select(['id', 'customer_id']).where('email', '=', email).executeTakeFirstOrThrow()
  const [products, params, tags, stocks, categories, contracts, wishes, needs, init] = await Promise.all([
    k.selectFrom('products').select(['id', 'header', 'articul', 'price', 'price_rrc', 'brand_id', 'category_id', 'sort']).execute(),
    k.selectFrom('product_params').selectAll().execute(),
    k.selectFrom('product_tags').selectAll().execute(),
    k.selectFrom('stocks').selectAll().execute(),
    k.selectFrom('categories').select(['id', 'parent_id']).execute(),
    k.selectFrom('contracts').select(['id', 'price_factor']).where('customer_id', '=', user.customer_id).execute(),
    k.selectFrom('wishes').select('product_id').where('user_id', '=', user.id).execute(),
    k.selectFrom('needs').select(['product_id', 'need']).where('user_id', '=', user.id).execute(),
    f.app.inject({ method: 'GET', url: '/api/initdata/', headers: { cookie } }),
  ])
  const byId = new Map<number, ModelProduct>(products.map((p) => [p.id, { ...p, params: new Map(), tags: new Set(), stock: new Map() }]))
  for (const row of params) byId.get(row.product_id)?.params.set(row.param_id, row.value)
  for (const row of tags) byId.get(row.product_id)?.tags.add(row.tag_id)
  for (const row of stocks) byId.get(row.product_id)?.stock.set(row.warehouse_id, row.quantity)
  return {
    products: [...byId.values()],
    parentOf: new Map(categories.map((c) => [c.id, c.parent_id])),
    factorOf: new Map(contracts.map((c) => [String(c.id), c.price_factor])),
    selectedContract: (init.json() as { selectedContract: string }).selectedContract,
    wishes: new Set(wishes.map((w) => w.product_id)),
    needs: new Map(needs.map((n) => [n.product_id, n.need])),
  }
}

const kopecks = (value: number) => Math.round(value * 100) / 100
const normalize = (text: string) => text.toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ').trim()

function isUnder(m: CatalogueModel, categoryId: number, rootId: number): boolean {
  for (let id: number | null | undefined = categoryId; id != null; id = m.parentOf.get(id)) if (id === rootId) return true
  return false
}

type Part = 'catalog' | 'brand' | 'price' | 'params' | 'tags'

/** Which parts of the filter a product fails (keyword and availability are not facets: failing them excludes it). */
function failedParts(m: CatalogueModel, f: CatalogueFilter, factor: number, p: ModelProduct): Set<Part> | undefined {
  const keyword = normalize(f.query)
  if (keyword && !normalize(`${p.header} ${p.articul}`).includes(keyword)) return undefined
  if (f.available && !((p.stock.get(f.warehouse) ?? 0) > 0)) return undefined
  const failed = new Set<Part>()
  const everywhere = f.catalog === '-1' || (f.search_range === 'all' && f.query !== '')
  if (!everywhere && !isUnder(m, p.category_id, Number(f.catalog))) failed.add('catalog')
  if (f.brand.length > 0 && !f.brand.includes(p.brand_id)) failed.add('brand')
  const price = kopecks(p.price * factor)
  if (f.byprice && ((f.minprice !== null && price < f.minprice) || (f.maxprice !== null && price > f.maxprice))) failed.add('price')
  for (const param of f.filter) {
    const value = p.params.get(param.id)
    if (param.minp === null && param.maxp === null) continue
    if (value === undefined || (param.minp !== null && value < param.minp) || (param.maxp !== null && value > param.maxp)) failed.add('params')
  }
  if (f.tags.length > 0 && !f.tags.some((tag) => p.tags.has(tag))) failed.add('tags')
  return failed
}

function expected(m: CatalogueModel, input: FilterRequest) {
  const f = filterRequestSchema.parse(input)
  const contract = f.contract === '0' ? m.selectedContract : f.contract
  const factor = m.factorOf.get(contract) ?? NaN
  const passing = (except?: Part) =>
    m.products.filter((p) => {
      const failed = failedParts(m, f, factor, p)
      return failed !== undefined && [...failed].every((part) => part === except)
    })
  const countBy = (products: ModelProduct[], key: (p: ModelProduct) => number[]) => {
    const counts = new Map<number, number>()
    for (const p of products) for (const k of key(p)) counts.set(k, (counts.get(k) ?? 0) + 1)
    return counts
  }
  const all = passing()
  const priced = passing('price').map((p) => kopecks(p.price * factor))
  const ranges = new Map<number, { minp: number; maxp: number }>()
  for (const p of passing('params')) {
    for (const [id, value] of p.params) {
      const range = ranges.get(id)
      ranges.set(id, { minp: Math.min(range?.minp ?? value, value), maxp: Math.max(range?.maxp ?? value, value) })
    }
  }
  const ownCounts = countBy(passing('catalog'), (p) => [p.category_id])
  const rolledUp = new Map<number, number>()
  for (const [categoryId, count] of ownCounts) {
    for (let id: number | null | undefined = categoryId; id != null; id = m.parentOf.get(id)) rolledUp.set(id, (rolledUp.get(id) ?? 0) + count)
  }
  return {
    f,
    factor,
    contract,
    all,
    brands: withChosen(
      countBy(passing('brand'), (p) => [p.brand_id]),
      f.brand,
    ),
    prices: { min: priced.length ? Math.min(...priced) : 0, max: priced.length ? Math.max(...priced) : 0 },
    params: ranges,
    tags: withChosen(
      countBy(passing('tags'), (p) => [...p.tags]),
      f.tags,
    ),
    categories: rolledUp,
  }
}

/** Chosen brands and tags are listed even with nothing to count (ids the generator picks all exist). */
function withChosen(counts: Map<number, number>, chosen: readonly number[]) {
  for (const id of chosen) if (!counts.has(id)) counts.set(id, 0)
  return counts
}

function flattenTree(nodes: readonly CategoryCountNode[], into = new Map<number, number>()): Map<number, number> {
  for (const node of nodes) {
    if ((node.count ?? 0) > 0) into.set(Number(node.id), node.count ?? 0)
    flattenTree(node.children, into)
  }
  return into
}

async function checkAgainstModel(input: FilterRequest) {
  const want = expected(model, input)
  const got = await filter(input)
  const { f } = want
  expect(got.count).toBe(want.all.length)
  expect(got.contract).toBe(want.contract)
  expect(got.pagination).toEqual({ page: f.page, perpage: f.perpage, pages: Math.ceil(want.all.length / f.perpage) })
  expect(new Map(got.brands.data.map((b) => [b.id, b.count]))).toEqual(want.brands)
  expect(got.prices).toEqual({ ...want.prices, decimals: 2 })
  expect(new Map(got.params.map((p) => [p.id, p.maxmin]))).toEqual(want.params)
  expect(new Map(got.tags.map((t) => [t.id, t.count]))).toEqual(want.tags)
  expect(flattenTree(got.categories_tree)).toEqual(want.categories)

  // no sorting ("none") is the catalogue's own order: the sort weight, then id
  const sorting = f.sorting ?? { field: 'sort' as const, sort: 'asc' as const }
  const numeric = sorting.field === 'price' || sorting.field === 'price_rrc' || sorting.field === 'sort'
  const sign = sorting.sort === 'asc' ? 1 : -1
  const sorted = [...want.all].sort((a, b) => (numeric ? sign * (a[sorting.field] as number) - sign * (b[sorting.field] as number) : 0) || a.id - b.id)
  const pageIds = got.products.map((p) => p.id)
  if (numeric) {
    expect(pageIds).toEqual(sorted.slice((f.page - 1) * f.perpage, f.page * f.perpage).map((p) => p.id))
  } else {
    // text order is the database's collation; check the page is the right size and from the right set
    expect(pageIds.length).toBe(Math.max(0, Math.min(f.perpage, want.all.length - (f.page - 1) * f.perpage)))
    const ids = new Set(want.all.map((p) => p.id))
    expect(pageIds.every((id) => ids.has(id))).toBe(true)
  }
  const byId = new Map(model.products.map((p) => [p.id, p]))
  for (const product of got.products) {
    const p = byId.get(product.id)!
    expect(product.price).toBe(kopecks(p.price * want.factor))
    expect(product.price_rrc).toBe(p.price_rrc)
    expect(product.wms_id).toBe(f.warehouse)
    expect(product.quantity).toBe(p.stock.get(f.warehouse) ?? 0)
    expect(product.stocks).toEqual([...p.stock].sort(([a], [b]) => a - b).map(([wms_id, quantity]) => ({ wms_id, quantity })))
    expect(product.brand.id).toBe(p.brand_id)
    expect(product.inwish).toBe(model.wishes.has(p.id))
    expect(product.need).toBe(model.needs.get(p.id) ?? 0)
  }
  return got
}

// --- generated filters

const sample = <T>(items: readonly T[]) => fc.constantFrom(...items)

function filterArbitrary(): fc.Arbitrary<FilterRequest> {
  const products = model.products
  const brandIds = [...new Set(products.map((p) => p.brand_id))]
  const tagIds = [...new Set(products.flatMap((p) => [...p.tags]))]
  const paramValues = products.flatMap((p) => [...p.params].map(([id, value]) => ({ id, value })))
  const catalogues = ['-1', CATALOGUE_DEFAULTS.catalog, '2', '1', '5', ...new Set(products.slice(0, 20).map((p) => String(p.category_id))), '99999']
  const words = products.slice(0, 30).flatMap((p) => [p.header.split(' ')[0] ?? '', p.articul.slice(2, 6), p.header.slice(3, 9)])
  const price = fc.option(sample(products.map((p) => kopecks(p.price * 0.95))), { nil: null })
  return fc.record({
    catalog: sample(catalogues),
    contract: sample(['0', '1', '2', '3']),
    warehouse: fc.integer({ min: 1, max: 3 }),
    available: fc.boolean(),
    brand: fc.subarray(brandIds, { maxLength: 3 }),
    tags: fc.subarray(tagIds, { maxLength: 2 }),
    byprice: fc.boolean(),
    minprice: price,
    maxprice: price,
    filter: fc.array(
      fc
        .tuple(sample(paramValues), sample(paramValues))
        .map(([a, b]) => ({ id: a.id, minp: Math.min(a.value, b.id === a.id ? b.value : a.value), maxp: Math.max(a.value, b.value) })),
      { maxLength: 2 },
    ),
    query: fc.oneof(
      fc.constant(''),
      sample(words).chain((w) => fc.constantFrom(w, w.toUpperCase(), w.toLowerCase())),
    ),
    search_range: sample(['catalog', 'all'] as const),
    sorting: fc.option(fc.record({ field: sample(['articul', 'header', 'price', 'price_rrc'] as const), sort: sample(['asc', 'desc'] as const) }), {
      nil: undefined,
    }),
    page: fc.integer({ min: 1, max: 3 }),
    perpage: fc.integer({ min: 3, max: 40 }),
  })
}

describe('POST /api/filter/', () => {
  it('needs a session', async () => {
    const response = await post('/api/filter/', {}, null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.noSession })
  })

  it("answers {} with the default catalogue (27) under the selected contract, in the catalogue's own order, 20 a page", async () => {
    const got = await checkAgainstModel({})
    expect(got.count).toBeGreaterThan(0)
    expect(got.pagination.perpage).toBe(20)
    expect(got.warehouse).toBe(1)
    expect(got.actualWms.map((w) => w.id)).toEqual([1, 2, 3])
    // no sorting is sorting "none" (spec §4): the sort weight, then id
    const inCatalogueOrder = await fixture.db.kysely
      .selectFrom('products')
      .select('id')
      .where(
        'id',
        'in',
        got.products.map((p) => p.id),
      )
      .orderBy('sort')
      .orderBy('id')
      .execute()
    expect(got.products.map((p) => p.id)).toEqual(inCatalogueOrder.map((row) => row.id))
    expect(got.products.every((p) => p.picturetype === 'svg' && p.picture !== null)).toBe(true)
  })

  // a bound equal to a product's contract price as the list shows it keeps that product, under
  // every contract: bounds moved back to base prices once lost products at a rounding boundary
  it('keeps a product whose shown contract price is exactly a price bound', async () => {
    for (const [contract, factor] of model.factorOf) {
      for (const p of model.products) {
        const shown = kopecks(p.price * factor)
        const found = await filter({ catalog: '-1', contract, byprice: true, minprice: shown, maxprice: shown, perpage: 100 })
        expect(found.products.map((product) => product.id)).toContain(p.id)
      }
    }
    // a request per product and contract: under load it takes longer than the usual 30 s
  }, 120_000)

  it('agrees with the reference model on generated filters (count, page, every facet)', async () => {
    await fc.assert(
      fc.asyncProperty(filterArbitrary(), async (input) => void (await checkAgainstModel(input))),
      { numRuns: 60 },
    )
  })

  it('finds Cyrillic keywords whatever their case, and ё as е', async () => {
    const product = model.products.find((p) => /[а-я]/i.test(p.header))!
    const word = product.header.split(' ')[0]!
    const upper = await checkAgainstModel({ query: word.toUpperCase(), catalog: '-1' })
    expect(upper.products.length).toBeGreaterThan(0)
    const yo = await filter({ query: word.toLowerCase().replaceAll('е', 'ё'), catalog: '-1' })
    expect(yo.count).toBe(upper.count)
  })

  it('keeps a chosen brand and tag among the facets with 0 when the rest of the filter leaves them nothing', async () => {
    const product = model.products.find((p) => p.tags.size > 0)!
    const tag = [...product.tags][0]!
    const nothing = await filter({ catalog: '-1', brand: [product.brand_id, 987654], tags: [tag], byprice: true, minprice: 1e9 })
    expect(nothing.count).toBe(0)
    expect(nothing.brands.data).toEqual([expect.objectContaining({ id: product.brand_id, count: 0 })])
    expect(nothing.tags).toEqual([expect.objectContaining({ id: tag, count: 0 })])
  })

  it('ignores minprice and maxprice until byprice is set', async () => {
    const loose = await filter({ catalog: '-1', minprice: 1e9 })
    expect(loose.count).toBe(model.products.length)
    expect((await filter({ catalog: '-1', minprice: 1e9, byprice: true })).count).toBe(0)
  })

  it('lets a manager use its granted contracts only, and no one another company’s', async () => {
    expect((await filter({ contract: '1' }, managerCookie)).contract).toBe('1')
    for (const [session, contract] of [
      [managerCookie, '3'],
      [cookie, '4'],
      [cookie, '999'],
    ] as const) {
      const response = await post('/api/filter/', { contract }, session)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    }
  })

  it('answers 4xx with a Russian message to malformed payloads, never 500', async () => {
    const bad: unknown[] = [
      { perpage: 1000 },
      { perpage: 0 },
      { page: 0 },
      { page: 'x' },
      { catalog: 'abc' },
      { contract: '-5' },
      { warehouse: 0 },
      { brand: ['x'] },
      { tags: [{}] },
      { filter: 'zzz' },
      { filter: [{ id: 'a' }] },
      { sorting: { field: 'description' } },
      { sorting: { sort: 'up' } },
      { minprice: 'дорого' },
      { available: 'maybe' },
      { query: 'x'.repeat(201) },
      [],
      42,
    ]
    for (const payload of bad) {
      const response = await post('/api/filter/', payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toMatch(/[а-я]/i)
    }
    const broken = await fixture.app.inject({
      method: 'POST',
      url: '/api/filter/',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"catalog":',
    })
    expect(broken.statusCode).toBe(400)
    const plainText = await post('/api/filter/', 'catalog=27')
    expect(plainText.statusCode).toBe(415)
    expect(plainText.json().message).toMatch(/[а-я]/i)
    const unknownWarehouse = await post('/api/filter/', { warehouse: 77 })
    expect(unknownWarehouse.statusCode).toBe(400)
    expect(unknownWarehouse.json()).toEqual({ message: CATALOGUE_MESSAGES.unknownWarehouse })
  })

  it('accepts form-style values: numbers as text, brand as a comma list, filter as a map', async () => {
    const [first, second] = [...new Set(model.products.map((p) => p.brand_id))]
    const paramId = model.products[0]!.params.keys().next().value!
    const asText = await filter({
      catalog: '-1',
      brand: `${first},${second}`,
      perpage: '7',
      page: '1',
      available: '1',
      filter: { [paramId]: { minp: '0', maxp: '' } },
    } as never)
    const asJson = await filter({ catalog: '-1', brand: [first!, second!], perpage: 7, available: true, filter: [{ id: paramId, minp: 0 }] })
    expect(asText).toEqual(asJson)
  })
})

describe('GET /api/ping/', () => {
  it('answers a signed-in user and refuses others', async () => {
    expect((await fixture.app.inject({ method: 'GET', url: '/api/ping/', headers: { cookie } })).json()).toEqual({ ok: true })
    expect((await fixture.app.inject({ method: 'GET', url: '/api/ping/' })).statusCode).toBe(401)
  })
})

describe('POST /api/getProductsByBrandId', () => {
  const brandPage = async (payload: unknown) => {
    const response = await post('/api/getProductsByBrandId', payload)
    expect(response.statusCode, response.body).toBe(200)
    return brandProductsResponseSchema.parse(response.json())
  }

  it('lists every brand’s products 30 a page with the brand list on id 0', async () => {
    const page = await brandPage({ id: 0 })
    expect(page.brand).toBeNull()
    expect(page.count).toBe(model.products.length)
    expect(page.pagination).toEqual({ page: 1, perpage: 30, pages: Math.ceil(model.products.length / 30) })
    expect(page.products).toHaveLength(30)
    const counts = new Map<number, number>()
    for (const p of model.products) counts.set(p.brand_id, (counts.get(p.brand_id) ?? 0) + 1)
    expect(new Map(page.brands?.map((b) => [b.id, b.count]))).toEqual(counts)
  })

  it('lists one brand’s products 20 a page', async () => {
    const brandId = model.products[0]!.brand_id
    const page = await brandPage({ id: brandId, page: 1 })
    const count = model.products.filter((p) => p.brand_id === brandId).length
    expect(page.brand?.id).toBe(brandId)
    expect(page.brands).toBeUndefined()
    expect(page.count).toBe(count)
    expect(page.pagination.perpage).toBe(20)
    expect(page.products.every((p) => p.brand.id === brandId)).toBe(true)
    expect((await brandPage({ id: String(brandId), perpage: '5' })).products).toHaveLength(Math.min(5, count))
  })

  it('answers 404 to an unknown brand and 400 to malformed bodies', async () => {
    const unknown = await post('/api/getProductsByBrandId', { id: 99999 })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: BRAND_MESSAGES.notFound })
    for (const payload of [{}, { id: -1 }, { id: 'x' }, { id: 1, perpage: 500 }, { id: 1, page: 0 }]) {
      expect((await post('/api/getProductsByBrandId', payload)).statusCode, JSON.stringify(payload)).toBe(400)
    }
    expect((await post('/api/getProductsByBrandId', { id: 0 }, null)).statusCode).toBe(401)
  })
})

describe('the in-memory catalogue', () => {
  it('finds keywords in the first and the last product and in neighbours', async () => {
    const byId = [...model.products].sort((a, b) => a.id - b.id)
    const [first, second] = byId
    const last = byId.at(-1)!
    for (const keyword of [first!.header.slice(0, 6), last.articul, last.articul.slice(-3), second!.articul]) {
      await checkAgainstModel({ catalog: '-1', query: keyword, perpage: 100 })
    }
  })

  // a catalogue write shows once the background reload has swapped in the fresh copy (whenCurrent
  // awaits it; catalogue-reload.test.ts shows requests meanwhile answered from the old one); stock on the next request
  it('sees every write to the catalogue once reloaded and to stock on the next request, whoever makes it', async () => {
    const k = fixture.db.kysely
    const product = model.products[0]!
    const find = () => filter({ catalog: '-1', query: product.articul, contract: '3', warehouse: 1 })
    expect((await find()).products[0]?.price).toBe(kopecks(product.price))

    await k.updateTable('products').set({ price: 12_345.67 }).where('id', '=', product.id).execute()
    await whenCurrent(fixture.db)
    const repriced = await find()
    expect(repriced.products[0]?.price).toBe(12_345.67)
    expect(repriced.prices).toEqual({ min: 12_345.67, max: 12_345.67, decimals: 2 })

    const newTag = model.products.flatMap((p) => [...p.tags]).find((tag) => !product.tags.has(tag))!
    await k.insertInto('product_tags').values({ product_id: product.id, tag_id: newTag }).execute()
    await whenCurrent(fixture.db)
    expect((await filter({ catalog: '-1', query: product.articul, tags: [newTag] })).products.map((p) => p.id)).toEqual([product.id])

    const stockAt1 = () => k.updateTable('stocks').where('product_id', '=', product.id).where('warehouse_id', '=', 1)
    await stockAt1().set({ quantity: 0 }).execute()
    expect((await filter({ catalog: '-1', query: product.articul, available: true })).count).toBe(0)
    await stockAt1().set({ quantity: 7 }).execute()
    const restocked = await filter({ catalog: '-1', query: product.articul, available: true })
    expect(restocked.count).toBe(1)
    expect(restocked.products[0]?.quantity).toBe(7)

    // put the rows back as they were
    await k.updateTable('products').set({ price: product.price }).where('id', '=', product.id).execute()
    await k.deleteFrom('product_tags').where('product_id', '=', product.id).where('tag_id', '=', newTag).execute()
    await stockAt1()
      .set({ quantity: product.stock.get(1) ?? 0 })
      .execute()
    await whenCurrent(fixture.db)
    await checkAgainstModel({ catalog: '-1', query: product.articul })
  })
})
