import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDERS_FIRST_PAGE_ADDRESS } from '../../src/contract/boot-answers'
import { sectionClosedMessage } from '../../src/contract/menu'
import { orderListSchema } from '../../src/contract/orders'
import { purchasedGoodsResponseSchema } from '../../src/contract/purchased-goods'
import { loginAs, startServer, type DemoRole, type ServerFixture } from '../support/server-fixture'

/**
 * Issue 21, item 16: the demo history ends when the database is created, so on the first start
 * every default period shows data: the orders' last week and the purchased goods' last 30 days.
 * Two moments far from the seed's fixed one: a Moscow morning and just after Moscow midnight.
 */
const MOMENTS = ['2027-03-15T06:30:00Z', '2027-06-30T21:10:00Z']
const PEOPLE: readonly [DemoRole, number][] = [
  ['mainAccount', 0],
  ['manager', 0],
  ['mainAccount', 1],
]

describe.each(MOMENTS)('a database created at %s', (moment) => {
  let fixture: ServerFixture
  beforeAll(async () => {
    fixture = await startServer({ seedAt: new Date(moment) })
  })
  afterAll(() => fixture.close())

  it.each(PEOPLE)('shows the %s of company %i orders in the default week and in the default 30-day report', async (role, company) => {
    const cookie = await loginAs(fixture, role, company)
    const get = (url: string) => fixture.app.inject({ method: 'GET', url, headers: { cookie } })

    const orders = await get(ORDERS_FIRST_PAGE_ADDRESS)
    expect(orders.statusCode).toBe(200)
    expect(orderListSchema.parse(orders.json()).count).toBeGreaterThan(0)

    const report = await get('/api/purchasedGoods/?page=1&perpage=20')
    expect(report.statusCode).toBe(200)
    const purchased = purchasedGoodsResponseSchema.parse(report.json())
    expect(purchased.total.orders).toBeGreaterThan(1)
    expect(purchased.rows.length).toBeGreaterThan(0)
  })
})

/**
 * Issue 21, item 17: the demo manager's closed sections include one that has a screen (the acts),
 * so signing in as it shows «Нет доступа»; its other closed sections (managers, contragents) have
 * no screen yet.
 */
describe('the demo manager', () => {
  let fixture: ServerFixture
  beforeAll(async () => {
    fixture = await startServer()
  })
  afterAll(() => fixture.close())

  it('has the acts closed: the session lists them and their calls answer 403', async () => {
    const cookie = await loginAs(fixture, 'manager')
    const get = (url: string) => fixture.app.inject({ method: 'GET', url, headers: { cookie } })
    const session = (await get('/api/session/')).json<{ account: { disabledMenus: string[] } }>()
    expect(session.account.disabledMenus).toEqual(['acts', 'contragents', 'managers'])
    const acts = await get('/api/getActs/?page=1&perpage=20')
    expect(acts.statusCode).toBe(403)
    expect(acts.json()).toMatchObject({ message: sectionClosedMessage('acts') })
    // the sections around it stay open
    expect((await get(ORDERS_FIRST_PAGE_ADDRESS)).statusCode).toBe(200)
    expect((await get('/api/purchasedGoods/?page=1&perpage=20')).statusCode).toBe(200)
  })
})
