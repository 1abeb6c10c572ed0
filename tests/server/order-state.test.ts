import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notificationsResponseSchema } from '../../src/contract/inbox'
import { runAdminCommand } from '../../server/cli/admin'
import { ORDER_STATE_MESSAGES } from '../../server/orders/order-state'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let otherCookie: string

const k = () => fixture.db.kysely
const { get } = sessionRequests(
  () => fixture,
  () => cookie,
)

const notifications = async (session = cookie) => {
  const response = await get('/ajax/messages/', session)
  expect(response.statusCode, response.body).toBe(200)
  return notificationsResponseSchema.parse(response.json())
}
const countNotifications = async (customerId: number) =>
  Number(
    (
      await k()
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow()
    ).count,
  )
const admin = async (...args: string[]) => {
  const printed: string[] = []
  const code = await runAdminCommand(['order-state', ...args], { db: fixture.db, mailer: null as never, now: fixture.clock.now }, (line) =>
    printed.push(line),
  )
  return { code, printed: printed.join('\n') }
}
const customerOf = async (email: string) =>
  (await k().selectFrom('users').select('customer_id').where('email', '=', email).executeTakeFirstOrThrow()).customer_id
/** The company's first order in one of the states, past the first `skip` */
const orderIn = (customerId: number, states: number[], skip = 0) =>
  k()
    .selectFrom('orders')
    .select(['id', 'state'])
    .where('customer_id', '=', customerId)
    .where('state', 'in', states)
    .orderBy('id')
    .offset(skip)
    .limit(1)
    .executeTakeFirstOrThrow()

beforeAll(async () => {
  fixture = await startServer()
  cookie = await loginAs(fixture, 'mainAccount')
  otherCookie = await loginAs(fixture, 'mainAccount', 1)
})
afterAll(() => fixture?.close())

describe('npm run admin -- order-state', () => {
  it("moves an order to another state and writes exactly one notification, for the order's company only", async () => {
    const customerId = await customerOf(demoLogin('mainAccount').email)
    const otherCustomerId = await customerOf(demoLogin('mainAccount', 1).email)
    const order = await orderIn(customerId, [1, 2, 5, 10])
    const [mine, theirs, theirsListed] = [await countNotifications(customerId), await countNotifications(otherCustomerId), await notifications(otherCookie)]
    const before = await notifications()

    const { code, printed } = await admin(String(order.id), 'отгружен')
    expect(code, printed).toBe(0)
    expect(printed).toContain(`Заказ № ${order.id} переведён в состояние «Отгружен»`)
    const stored = await k().selectFrom('orders').select(['state', 'status']).where('id', '=', order.id).executeTakeFirstOrThrow()
    expect(stored.state).toBe(3)
    expect(stored.status).toMatch(/^Отгружен \d{2}\.\d{2}\.\d{4}$/)

    expect(await countNotifications(customerId)).toBe(mine + 1)
    expect(await countNotifications(otherCustomerId)).toBe(theirs)
    const after = await notifications()
    expect(after.messages[0]).toMatchObject({ order_id: order.id, state: 0, text: `Заказ № ${order.id}: ${stored.status}` })
    expect(after.unread.notifications).toBe(before.unread.notifications + 1)
    expect(await notifications(otherCookie)).toEqual(theirsListed)
  })

  it("takes the state by its id too; a cancel goes through the dealer's cancel and notifies once", async () => {
    const customerId = await customerOf(demoLogin('mainAccount').email)
    const order = await orderIn(customerId, [1, 3, 5, 10])
    const before = await countNotifications(customerId)
    expect((await admin(String(order.id), '2')).code).toBe(0)
    expect((await k().selectFrom('orders').select('state').where('id', '=', order.id).executeTakeFirstOrThrow()).state).toBe(2)
    const cancelled = await admin(String(order.id), 'Отменён')
    expect(cancelled.code, cancelled.printed).toBe(0)
    const stored = await k().selectFrom('orders').select(['state', 'status']).where('id', '=', order.id).executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ state: 4, status: expect.stringContaining('по решению поставщика') as unknown })
    expect(await countNotifications(customerId)).toBe(before + 2)
    // a cancelled order stays so
    expect(await admin(String(order.id), 'Новый')).toEqual({ code: 1, printed: ORDER_STATE_MESSAGES.cancelledStays(order.id) })
    expect(await countNotifications(customerId)).toBe(before + 2)
  })

  it('refuses an unknown order, an unknown state and the state the order has, in Russian, changing nothing', async () => {
    const customerId = await customerOf(demoLogin('mainAccount').email)
    const order = await orderIn(customerId, [3])
    const before = await countNotifications(customerId)
    expect(await admin('999999999', 'Отгружен')).toEqual({ code: 1, printed: ORDER_STATE_MESSAGES.orderNotFound('999999999') })
    expect(await admin('abc', 'Отгружен')).toEqual({ code: 1, printed: ORDER_STATE_MESSAGES.orderNotFound('abc') })
    expect(await admin(String(order.id), 'Потерян')).toEqual({ code: 1, printed: ORDER_STATE_MESSAGES.stateNotFound('Потерян') })
    expect(await admin(String(order.id), '77')).toEqual({ code: 1, printed: ORDER_STATE_MESSAGES.stateNotFound('77') })
    expect(await admin(String(order.id), 'Отгружен')).toEqual({ code: 1, printed: ORDER_STATE_MESSAGES.sameState(order.id, 'Отгружен') })
    expect((await k().selectFrom('orders').select('state').where('id', '=', order.id).executeTakeFirstOrThrow()).state).toBe(3)
    expect(await countNotifications(customerId)).toBe(before)
    // without its state it is a usage error
    expect((await admin(String(order.id))).code).toBe(2)
  })
})
