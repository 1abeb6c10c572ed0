import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOGUE_DEFAULTS, type FilterRequest } from '../../src/contract/catalogue'
import { filterResponseSchema } from '../../src/contract/filter-answer'
import { filterInitSchema } from '../../src/contract/catalogue-init'
import { loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)

beforeAll(async () => {
  fixture = await startServer({ products: 200 })
  cookie = await loginAs(fixture, 'mainAccount')
})
afterAll(() => fixture?.close())

const filter = async (request: FilterRequest) => {
  const response = await post('/api/filter/', request)
  expect(response.statusCode, response.body).toBe(200)
  return filterResponseSchema.parse(response.json())
}

describe('sorting "none" (spec §4)', () => {
  it("is the catalogue's own order, by the sort weight then id, not the name", async () => {
    const rows = await fixture.db.kysely.selectFrom('products').select(['id', 'sort']).execute()
    const own = [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id).map((row) => row.id)
    const none = await filter({ catalog: '-1', perpage: 100 })
    expect(none.products.map((p) => p.id)).toEqual(own.slice(0, 100))
    const byName = await filter({ catalog: '-1', perpage: 100, sorting: { field: 'header', sort: 'asc' } })
    expect(byName.products.map((p) => p.id)).not.toEqual(none.products.map((p) => p.id))
  })

  it('pages through the same order', async () => {
    const first = await filter({ catalog: '-1', perpage: 20, page: 1 })
    const second = await filter({ catalog: '-1', perpage: 20, page: 2 })
    const both = await filter({ catalog: '-1', perpage: 40, page: 1 })
    expect([...first.products, ...second.products].map((p) => p.id)).toEqual(both.products.map((p) => p.id))
  })
})

describe("the default catalogue (spec §9: '27')", () => {
  it('is a whole top-level section that holds products of several groups', async () => {
    const init = filterInitSchema.parse((await get('/api/filterinit/')).json())
    const section = init.catalog_tree.find((node) => node.id === CATALOGUE_DEFAULTS.catalog)
    expect(section?.header).toBe('Отопление и водоснабжение')
    expect(section?.children.length).toBeGreaterThan(1)
    const answer = await filter({ catalog: CATALOGUE_DEFAULTS.catalog, perpage: 100 })
    expect(answer.count).toBeGreaterThan(0)
    const categories = await fixture.db.kysely.selectFrom('categories').select(['id', 'parent_id']).execute()
    const parentOf = new Map(categories.map((c) => [c.id, c.parent_id]))
    const products = await fixture.db.kysely.selectFrom('products').select(['id', 'category_id']).execute()
    const groupOf = new Map(products.map((p) => [p.id, parentOf.get(p.category_id)]))
    expect(new Set(answer.products.map((p) => groupOf.get(p.id))).size).toBeGreaterThan(1)
  })
})
