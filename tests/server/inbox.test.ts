import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  CHAT_MESSAGE_MAX_LENGTH,
  INBOX_MESSAGES,
  chatMessagesResponseSchema,
  chatSeenResponseSchema,
  chatSentResponseSchema,
  inboxResponseSchema,
  notificationsResponseSchema,
  updateNotifyStatusResponseSchema,
} from '../../src/contract/inbox'
import { sectionClosedMessage } from '../../src/contract/menu'
import { runAdminCommand } from '../../server/cli/admin'
import { DEMO_TOP_NEWS } from '../../server/db/seed-inbox'
import { demoLogin, loginAs, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests, userIdOf } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let otherCookie: string
let customerId: number
let otherCustomerId: number

const k = () => fixture.db.kysely
const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)

const chat = async (session = cookie) => {
  const response = await get('/api/chat/?action=messages', session)
  expect(response.statusCode, response.body).toBe(200)
  return chatMessagesResponseSchema.parse(response.json())
}
const inbox = async (session = cookie) => {
  const response = await get('/api/inbox/', session)
  expect(response.statusCode, response.body).toBe(200)
  return inboxResponseSchema.parse(response.json())
}
const notifications = async (session = cookie) => {
  const response = await get('/ajax/messages/', session)
  expect(response.statusCode, response.body).toBe(200)
  return notificationsResponseSchema.parse(response.json())
}
const adminReply = async (company: string, text: string) => {
  const printed: string[] = []
  const code = await runAdminCommand(
    ['chat', 'reply', company, ...text.split(' ')],
    { db: fixture.db, mailer: null as never, now: fixture.clock.now },
    (line) => printed.push(line),
  )
  return { code, printed }
}
const customerOf = async (email: string) =>
  (await k().selectFrom('users').select('customer_id').where('email', '=', email).executeTakeFirstOrThrow()).customer_id
const setManagerMenus = (keys: string[]) =>
  k()
    .updateTable('users')
    .set({ disabled_menus: JSON.stringify(keys) })
    .where('email', '=', demoLogin('manager').email)
    .execute()

beforeAll(async () => {
  fixture = await startServer()
  cookie = await loginAs(fixture, 'mainAccount')
  managerCookie = await loginAs(fixture, 'manager')
  otherCookie = await loginAs(fixture, 'mainAccount', 1)
  customerId = await customerOf(demoLogin('mainAccount').email)
  otherCustomerId = await customerOf(demoLogin('mainAccount', 1).email)
})
afterAll(() => fixture?.close())
beforeEach(() => setManagerMenus([]))

describe('chat', () => {
  it('lists the seeded conversation: customer messages start with cid, the last reply is unread for the main account only', async () => {
    const answer = await chat()
    expect(answer.messages.length).toBeGreaterThanOrEqual(3)
    expect(answer.messages.some((m) => m.from_whom === `cid${customerId}`)).toBe(true)
    expect(answer.messages.some((m) => !m.from_whom.startsWith('cid'))).toBe(true)
    expect(answer.unread.chat).toBe(1)
    // the manager has its own «seen up to»: none seen yet
    expect((await chat(managerCookie)).unread.chat).toBe(2)
  })

  it('sends a message stored as typed (markup and line breaks kept), visible to the company only', async () => {
    const text = '<b>Привет</b>\nвторая строка & «кавычки»'
    const response = await post('/api/chat/', { action: 'send', message: text })
    expect(response.statusCode, response.body).toBe(200)
    const sent = chatSentResponseSchema.parse(response.json()).message
    expect(sent).toMatchObject({ text, from_whom: `cid${customerId}` })
    expect((await chat(managerCookie)).messages.map((m) => m.id)).toContain(sent.id)
    const other = await chat(otherCookie)
    expect(other.messages.map((m) => m.id)).not.toContain(sent.id)
    expect(other.messages.every((m) => !m.from_whom.startsWith('cid') || m.from_whom === `cid${otherCustomerId}`)).toBe(true)
  })

  it('refuses an empty message, one over 2,000 characters and an unknown action with 400, storing nothing', async () => {
    const before = await k().selectFrom('chat_messages').select('id').execute()
    const empty = await post('/api/chat/', { action: 'send', message: '  \n ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({ message: INBOX_MESSAGES.emptyMessage })
    const long = await post('/api/chat/', { action: 'send', message: 'я'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toEqual({ message: INBOX_MESSAGES.tooLong })
    for (const body of [{ action: 'drop' }, { message: 'x' }, [], { action: 'send', message: 42 }, { action: 'seen', id: 'x' }]) {
      expect((await post('/api/chat/', body)).statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await get('/api/chat/?action=other')).statusCode).toBe(400)
    expect(await k().selectFrom('chat_messages').select('id').execute()).toHaveLength(before.length)
    const exact = await post('/api/chat/', { action: 'send', message: 'я'.repeat(CHAT_MESSAGE_MAX_LENGTH) })
    expect(exact.statusCode).toBe(200)
  })

  it("the admin's reply is unread until seen; seen is per account and never moves back", async () => {
    const { code, printed } = await adminReply(demoLogin('mainAccount').company, 'Ответ менеджера')
    expect(code, printed.join('\n')).toBe(0)
    const answer = await chat()
    const last = answer.messages.at(-1)!
    expect(last).toMatchObject({ text: 'Ответ менеджера', from_whom: 'manager', author: '' })
    expect((await inbox()).unread.chat).toBeGreaterThanOrEqual(1)
    const seen = await post('/api/chat/', { action: 'seen', id: last.id })
    expect(chatSeenResponseSchema.parse(seen.json())).toMatchObject({ seenUpTo: last.id, unread: { chat: 0 } })
    // an older id does not move it back; the manager still has it unread
    await post('/api/chat/', { action: 'seen', id: 1 })
    expect((await chat()).seenUpTo).toBe(last.id)
    expect((await inbox(managerCookie)).unread.chat).toBeGreaterThan(0)
    // seeing another company's message id counts nothing for this one
    const otherAnswer = await chat(otherCookie)
    const before = otherAnswer.unread.chat
    await post('/api/chat/', { action: 'seen', id: last.id + 1000 }, otherCookie)
    expect((await chat(otherCookie)).seenUpTo).toBeLessThan(last.id + 1000)
    expect(before).toBeGreaterThanOrEqual(0)
  })

  it('the admin command names the company by id or e-mail, and refuses an unknown one', async () => {
    expect((await adminReply(String(otherCustomerId), 'по id')).code).toBe(0)
    expect((await adminReply(demoLogin('manager', 1).email, 'по e-mail')).code).toBe(0)
    expect((await chat(otherCookie)).messages.slice(-2).map((m) => m.text)).toEqual(['по id', 'по e-mail'])
    expect((await adminReply('Нет такой', 'текст')).code).toBe(1)
  })

  it("a manager whose 'chat' is closed gets 403 and no chat count", async () => {
    await setManagerMenus(['chat'])
    const response = await get('/api/chat/?action=messages', managerCookie)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ message: sectionClosedMessage('chat') })
    expect((await post('/api/chat/', { action: 'send', message: 'x' }, managerCookie)).statusCode).toBe(403)
    expect((await inbox(managerCookie)).unread.chat).toBe(0)
  })

  it('answers 401 signed out', async () => {
    for (const url of ['/api/chat/?action=messages', '/api/inbox/', '/ajax/messages/']) expect((await get(url, null)).statusCode).toBe(401)
  })
})

describe('notifications', () => {
  it('an order cancelled gives its company a notification, unread, that the other company never sees', async () => {
    const order = await k()
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', customerId)
      .where('contract_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await k().updateTable('orders').set({ state: 1 }).where('id', '=', order.id).execute()
    const before = await notifications()
    const cancelled = await post('/api/order/', { id: order.id, action: 'cancel' })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const after = await notifications()
    const fresh = after.messages[0]!
    expect(fresh.text).toContain(`Заказ № ${order.id}`)
    // the notifications page links the order
    expect(fresh.order_id).toBe(order.id)
    expect(fresh.state).toBe(0)
    expect(after.unread.notifications).toBe(before.unread.notifications + 1)
    expect((await notifications(otherCookie)).messages.map((m) => m.id)).not.toContain(fresh.id)
  })

  it("marks a notification read and unread per account; another company's id is 404", async () => {
    const [first] = (await notifications()).messages
    const read = await post('/ajax/updatenotifystatus/', { id: first!.id, state: '1' })
    expect(read.statusCode, read.body).toBe(200)
    expect(updateNotifyStatusResponseSchema.parse(read.json())).toMatchObject({ id: first!.id, state: 1 })
    expect((await notifications()).messages.find((m) => m.id === first!.id)?.state).toBe(1)
    expect((await notifications(managerCookie)).messages.find((m) => m.id === first!.id)?.state).toBe(0)
    const unread = await post('/ajax/updatenotifystatus/', { id: first!.id, state: 0 })
    expect(unread.json()).toMatchObject({ state: 0 })
    const foreign = await post('/ajax/updatenotifystatus/', { id: first!.id, state: 1 }, otherCookie)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ message: INBOX_MESSAGES.notificationNotFound })
    for (const body of [{ id: first!.id, state: 2 }, { id: 'x', state: 1 }, {}]) expect((await post('/ajax/updatenotifystatus/', body)).statusCode).toBe(400)
  })

  it("a manager whose 'notifications' are closed gets 403", async () => {
    await setManagerMenus(['notifications'])
    expect((await get('/ajax/messages/', managerCookie)).statusCode).toBe(403)
    expect((await inbox(managerCookie)).unread.notifications).toBe(0)
  })
})

describe('top news', () => {
  it('shows the seeded news until this account hides it; hidden it stays hidden across sign-ins, for this account only', async () => {
    const news = (await inbox()).topNews
    expect(news).toMatchObject(DEMO_TOP_NEWS)
    const hidden = await post('/api/hidetopnews/', { id: news!.id })
    expect(hidden.statusCode, hidden.body).toBe(200)
    expect((await inbox()).topNews).toBeNull()
    expect((await inbox(await loginAs(fixture, 'mainAccount'))).topNews).toBeNull()
    expect((await inbox(managerCookie)).topNews).toMatchObject(DEMO_TOP_NEWS)
    expect((await post('/api/hidetopnews/', { id: news!.id })).statusCode).toBe(200)
    expect((await post('/api/hidetopnews/', { id: 999_999 })).statusCode).toBe(404)
    expect((await post('/api/hidetopnews/', { id: 'abc' })).statusCode).toBe(400)
    expect(await userIdOf(fixture, demoLogin('manager').email)).toBeGreaterThan(0)
  })
})
