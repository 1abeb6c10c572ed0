import { createHash } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/db/connection'
import { DEMO_LOGINS, SEED_BASE_TIME, isDatabaseEmpty, seedDatabase, type SeedSummary } from '../../server/db/seed'
import { innWithControlDigits } from '../../src/contract/inn'
import { renderProductPictureSvg } from '../../server/routes/picture-svg'
import { PICTURE_MESSAGES, registerPictureRoutes } from '../../server/routes/pictures'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'

// enough products for every leaf category (there are 61) to hold some
const PRODUCTS = 300

let first: FreshDb
let second: FreshDb
let summary: SeedSummary

beforeAll(async () => {
  first = await createFreshDb()
  second = await createFreshDb()
  expect(await isDatabaseEmpty(first)).toBe(true)
  summary = await seedDatabase(first, { products: PRODUCTS })
  await seedDatabase(second, { products: PRODUCTS })
})
afterAll(async () => {
  await first?.dispose()
  await second?.dispose()
})

async function digestOf(db: Db): Promise<string> {
  const k = db.kysely
  const tables = await Promise.all([
    k.selectFrom('products').selectAll().orderBy('id').execute(),
    k.selectFrom('stocks').selectAll().orderBy('product_id').orderBy('warehouse_id').execute(),
    k.selectFrom('orders').selectAll().orderBy('id').execute(),
    k.selectFrom('order_lines').selectAll().orderBy('id').execute(),
    k.selectFrom('pictures').selectAll().orderBy('id').execute(),
    k.selectFrom('categories').selectAll().orderBy('id').execute(),
  ])
  return createHash('sha256').update(JSON.stringify(tables)).digest('hex')
}

async function countRows(db: Db, table: keyof SeedSummary): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The ids of a category and everything below it. */
async function subtreeIds(db: Db, rootId: number): Promise<number[]> {
  const categories = await db.kysely.selectFrom('categories').select(['id', 'parent_id']).execute()
  const ids = [rootId]
  for (let i = 0; i < ids.length; i += 1) {
    ids.push(...categories.filter((category) => category.parent_id === ids[i]).map((category) => category.id))
  }
  return ids
}

describe('the demo seed', () => {
  it('gives identical rows on every run', async () => {
    expect(await digestOf(first)).toBe(await digestOf(second))
  })

  it('reports the rows it inserted, table by table', async () => {
    for (const [table, count] of Object.entries(summary)) {
      expect({ table, count: await countRows(first, table as keyof SeedSummary) }).toEqual({ table, count })
    }
    expect(summary).toMatchObject({
      warehouses: 3,
      brands: 40,
      products: PRODUCTS,
      stocks: PRODUCTS * 3,
      customers: 2,
      users: 4,
      order_states: 6,
    })
    expect(summary.orders).toBeGreaterThanOrEqual(74)
    expect(summary.orders).toBeLessThanOrEqual(86)
    expect(summary.pictures).toBeGreaterThanOrEqual(PRODUCTS)
    expect(summary.pictures).toBeLessThanOrEqual(PRODUCTS * 4)
    expect(summary.basket_lines).toBeGreaterThanOrEqual(2)
    expect(await isDatabaseEmpty(first)).toBe(false)
  })

  it('has warehouses 1-3 and the order states with their markers', async () => {
    const warehouses = await first.kysely.selectFrom('warehouses').select('id').orderBy('id').execute()
    expect(warehouses.map((w) => w.id)).toEqual([1, 2, 3])
    const states = await first.kysely.selectFrom('order_states').selectAll().orderBy('id').execute()
    expect(states.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 10])
    expect(states.find((s) => s.id === 3)?.header).toBe('Отгружен')
  })

  it('holds products under both readings of the default catalogue, 2 and 27', async () => {
    for (const id of [2, 27]) {
      const subtree = await subtreeIds(first, id)
      expect(subtree.length).toBeGreaterThan(3)
      const products = await first.kysely
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('category_id', 'in', subtree)
        .executeTakeFirstOrThrow()
      expect(Number(products.count)).toBeGreaterThan(10)
    }
    const leaves = await first.kysely
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select('level')
      .distinct()
      .execute()
    expect(leaves.map((row) => row.level)).toEqual([3])
  })

  it('keeps stock for every product at every warehouse, a fifth or so of it zero', async () => {
    const perProduct = await first.kysely
      .selectFrom('stocks')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('warehouses')])
      .groupBy('product_id')
      .execute()
    expect(perProduct).toHaveLength(PRODUCTS)
    expect(perProduct.every((row) => Number(row.warehouses) === 3)).toBe(true)
    const zero = await countWhere(first, 0)
    expect(zero / (PRODUCTS * 3)).toBeGreaterThan(0.1)
    expect(zero / (PRODUCTS * 3)).toBeLessThan(0.3)
  })

  it('has articuls that never repeat and recommended prices 10-35% above the price', async () => {
    const products = await first.kysely.selectFrom('products').select(['articul', 'price', 'price_rrc']).execute()
    expect(new Set(products.map((p) => p.articul)).size).toBe(PRODUCTS)
    for (const { price, price_rrc } of products) {
      expect(price_rrc / price).toBeGreaterThanOrEqual(1.09)
      expect(price_rrc / price).toBeLessThanOrEqual(1.36)
    }
  })

  it('creates the four approved demo logins, managers limited to some of the contracts', async () => {
    const users = await first.kysely.selectFrom('users').selectAll().orderBy('id').execute()
    expect(users.map((u) => u.email)).toEqual(DEMO_LOGINS.map((login) => login.email))
    for (const user of users) {
      expect(user).toMatchObject({ approval: 'approved', enabled: '1' })
      expect(user.phone).toMatch(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/)
      expect(user.current_contract_id).not.toBeNull()
    }
    expect(users.map((u) => u.type_id)).toEqual(['1', '2', '1', '2'])
    for (const manager of users.filter((u) => u.type_id === '2')) {
      const allowed = await first.kysely.selectFrom('manager_contracts').select('contract_id').where('user_id', '=', manager.id).execute()
      const all = await first.kysely.selectFrom('contracts').select('id').where('customer_id', '=', manager.customer_id).execute()
      expect(allowed.length).toBeGreaterThan(0)
      expect(allowed.length).toBeLessThan(all.length)
      expect(manager.current_contract_id).toBe(allowed[0]?.contract_id)
    }
    const customers = await first.kysely.selectFrom('customers').select('inn').execute()
    for (const { inn } of customers) expect(innWithControlDigits(inn.slice(0, 9))).toBe(inn)
  })

  it('prices order lines under the contract and sums them into the order', async () => {
    const lines = await first.kysely
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .innerJoin('contracts', 'contracts.id', 'orders.contract_id')
      .innerJoin('products', 'products.id', 'order_lines.product_id')
      .select(['orders.id', 'orders.sum', 'orders.created_at', 'order_lines.qnt', 'order_lines.price', 'products.price as base', 'contracts.price_factor'])
      .execute()
    const sums = new Map<number, { expected: number; sum: number }>()
    for (const line of lines) {
      // rounded to kopecks, half a kopeck either way
      expect(Math.abs(line.price - line.base * line.price_factor)).toBeLessThanOrEqual(0.005 + 1e-9)
      expect(line.created_at < SEED_BASE_TIME).toBe(true)
      const entry = sums.get(line.id) ?? { expected: 0, sum: line.sum }
      entry.expected += line.price * line.qnt
      sums.set(line.id, entry)
    }
    expect(sums.size).toBe(summary.orders)
    for (const { expected, sum } of sums.values()) expect(Math.abs(sum - expected)).toBeLessThanOrEqual(0.005 + 1e-6)
    const states = await first.kysely.selectFrom('orders').select('state').distinct().execute()
    expect(states.length).toBeGreaterThanOrEqual(4)
  })

  it('leaves the id sequences past the seeded rows, so new rows can be added', async () => {
    const brand = await first.kysely.insertInto('brands').values({ header: 'Новый бренд' }).returning('id').executeTakeFirstOrThrow()
    expect(brand.id).toBe(41)
    await first.kysely.deleteFrom('brands').where('id', '=', brand.id).execute()
  })

  it('seeds a small catalogue of 60 products', async () => {
    const small = await createFreshDb()
    try {
      const counts = await seedDatabase(small, { products: 60 })
      expect(counts.products).toBe(60)
      expect(counts.stocks).toBe(180)
      expect(counts.basket_lines).toBeGreaterThan(0)
    } finally {
      await small.dispose()
    }
  })

  it('seeds the companies and logins alone when asked for no products', async () => {
    const bare = await createFreshDb()
    try {
      const counts = await seedDatabase(bare, { products: 0 })
      expect(counts).toMatchObject({ products: 0, users: 4, warehouses: 3, orders: 0, basket_lines: 0 })
    } finally {
      await bare.dispose()
    }
  })

  it('refuses a product count that is not a whole number', async () => {
    await expect(seedDatabase(first, { products: -1 })).rejects.toThrow(RangeError)
    await expect(seedDatabase(first, { products: 2.5 })).rejects.toThrow(RangeError)
  })
})

async function countWhere(db: Db, quantity: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('stocks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('quantity', '=', quantity)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

describe('GET /pictures/:id.svg', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = Fastify()
    registerPictureRoutes(app, {
      db: first,
      config: loadConfig({}),
      mailer: { send: async () => {} },
      now: () => new Date(SEED_BASE_TIME),
    })
    await app.ready()
  })
  afterAll(() => app?.close())

  it('draws a seeded picture as a cacheable SVG with the brand and articul', async () => {
    const picture = await first.kysely
      .selectFrom('pictures')
      .innerJoin('products', 'products.id', 'pictures.product_id')
      .innerJoin('brands', 'brands.id', 'products.brand_id')
      .select(['pictures.id', 'products.articul', 'brands.header as brand'])
      .orderBy('pictures.id')
      .executeTakeFirstOrThrow()
    const response = await app.inject({ method: 'GET', url: `/pictures/${picture.id}.svg` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(response.headers['cache-control']).toBe('public, max-age=86400')
    expect(response.body).toMatch(/^<\?xml[^>]*>\s*<svg /)
    expect(response.body).toContain(picture.articul)
    expect(response.body).toContain(picture.brand)
  })

  it('answers 400 for an id that is not a number and 404 for a missing picture', async () => {
    const bad = await app.inject({ method: 'GET', url: '/pictures/abc.svg' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ message: PICTURE_MESSAGES.badId })
    for (const id of ['999999', '0', '12345678901234567890']) {
      const missing = await app.inject({ method: 'GET', url: `/pictures/${id}.svg` })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ message: 'Изображение не найдено' })
    }
  })

  it('escapes the text it draws', () => {
    const svg = renderProductPictureSvg({ hue: 10, sort: 2, shape: 'box', brand: 'A&B <Tools>', articul: '"x"' })
    expect(svg).toContain('A&#38;B &#60;Tools&#62;')
    expect(svg).not.toContain('<Tools>')
    expect(svg).toContain('&#34;x&#34;')
  })
})
