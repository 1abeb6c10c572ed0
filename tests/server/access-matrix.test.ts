import ExcelJS from 'exceljs'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callKey, registeredCalls } from '../support/route-table'
import { demoLogin, loginCookie, snapshotAllTables, startServer, type ServerFixture } from '../support/server-fixture'

/**
 * Issue 22's access matrix: every route of the server's own route table, asked by four callers,
 * each aiming at data that is not theirs. A new route is in it the moment it is registered; a
 * route with an id in its path fails here until the table below says whose id goes there.
 *
 * - anonymous: every route but the public ones answers 401;
 * - the other company's main account aims at company A's ids;
 * - company A's manager, limited to one contract with sections closed, aims at A's data under
 *   another contract;
 * - company A's main account aims at company B's ids.
 *
 * No answer is a 5xx; no answer carries a canary of data the caller may not see (a text planted
 * in the victim contract's header, orders, drafts and acts, and, for another company, in its
 * addresses and consignees), spreadsheets included; and no row the caller does not own changes.
 */

/** planted in data under a contract: only those who may use the contract see it */
const CANARY = 'КАНАРЕЙКА'
/** planted in data of the whole company (addresses, consignees): its managers see it too */
const COMPANY_CANARY = 'ОБЩЕЕ'
/** planted in a problem report (its comment and journal): no dealer call shows it, to its own company neither */
const REPORT_CANARY = 'ОТЧЁТ-О-ПРОБЛЕМЕ'

/** Calls anyone may make: signing in and up, the session's state, the captcha, the product pictures. */
const PUBLIC_CALLS = new Set([
  'POST /api/login',
  'POST /api/logout',
  'GET /api/session',
  'GET /api/ping',
  'POST /registration',
  'GET /registration/captcha',
  'POST /reminder',
  'GET /pictures/:id.svg',
  'GET /pictures/warehouse-map/:id.svg',
  'GET /tpl/direction.html',
  // a new manager's invitation: the one-time token in the body is the caller's proof
  'POST /api/invitation',
  // a POST naming no `method` is an unknown address; with one it re-sends to the resource's own route
  'POST /api/:resource',
  'POST /api/:resource/:id',
  // the workflow atlas: static pages of the machines, no company's data
  'GET /atlas',
  'GET /atlas*',
  // the probes of a process manager: the process and the database answer, the catalogue is loaded
  'GET /healthz',
  'GET /readyz',
  // the process's metrics: answered only to this machine (the tests' injected caller) or to METRICS_TOKEN
  'GET /metrics',
  // the API reference: the contract's shape, no company's data
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/api-docs.js',
  'GET /api/docs/api-docs.css',
])

/** The readiness probe's 503 is its meaning (here: the catalogue is not in memory yet), no failure. */
const isReadinessRefusal = (call: string, response: LightMyRequestResponse) => call === 'GET /readyz' && response.statusCode === 503

/** Tables a call may change whoever makes it: sign-in state, limits and mail. */
/** order_counts and order_search follow the orders by trigger (migration 0019): the orders' own rows are checked */
const BOOKKEEPING_TABLES = new Set(['sessions', 'rate_limits', 'captchas', 'outbox', 'password_resets', 'order_counts', 'order_search'])

interface Victim {
  customerId: number
  /** a contract the caller may not use, with the canary rows planted under it */
  contractId: number
  contragentId: number
  orderId: number
  draftId: number
  actId: number
  addressId: number
  consigneeId: number
  /** the victim company's main account */
  userId: number
  managerId: number
}

/** Whose id a path parameter takes, by the path's segment before it. */
const PATH_IDS: Record<string, (victim: Victim, shared: SharedIds) => number | string> = {
  order: (v) => v.orderId,
  act: (v) => v.actId,
  account: (v) => v.userId,
  address: (v) => v.addressId,
  consignee: (v) => v.consigneeId,
  contragent: (v) => v.contragentId,
  managers: (v) => v.managerId,
  manager: (v) => v.managerId,
  drafts: (v) => v.draftId,
  draft: (v) => v.draftId,
  pricepolitics: (v) => v.managerId,
  product: (_, s) => s.productId,
  pictures: (_, s) => s.productId,
  'warehouse-map': (_, s) => s.warehouseId,
  warehouse: (_, s) => s.warehouseId,
  // the generic resource's name, then its id
  api: () => 'order',
}

interface SharedIds {
  productId: number
  warehouseId: number
}

function fillPath(path: string, victim: Victim, shared: SharedIds): string {
  const segments = path.split('/')
  return segments
    .map((segment, index) => {
      const param = /^:(\w+)(.*)$/.exec(segment)
      if (!param) return segment
      const owner = segments[index - 1] === ':resource' ? 'order' : (segments[index - 1] ?? '')
      const idOf = param[1] === 'resource' ? PATH_IDS.api : PATH_IDS[owner]
      if (!idOf) throw new Error(`${path}: name in PATH_IDS whose id «${segment}» takes`)
      return `${idOf(victim, shared)}${param[2] ?? ''}`
    })
    .join('/')
}

/** Every id a call might read from its query or body, all the victim's. */
function victimFields(victim: Victim, shared: SharedIds) {
  return {
    id: victim.orderId,
    ids: String(victim.orderId),
    contract: victim.contractId,
    contract_id: victim.contractId,
    contragent: victim.contragentId,
    contragent_id: victim.contragentId,
    order_id: victim.orderId,
    draft_id: victim.draftId,
    act_id: victim.actId,
    address_id: victim.addressId,
    consignee_id: victim.consigneeId,
    manager_id: victim.managerId,
    user_id: victim.userId,
    product_id: shared.productId,
    qnt: 1,
  }
}

async function plantCanaries(fixture: ServerFixture, company: 0 | 1, contractIndex: number): Promise<Victim> {
  const db = fixture.db.kysely
  const main = await db
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('email', '=', demoLogin('mainAccount', company).email)
    .executeTakeFirstOrThrow()
  const manager = await db.selectFrom('users').select('id').where('email', '=', demoLogin('manager', company).email).executeTakeFirstOrThrow()
  const contracts = await db.selectFrom('contracts').select(['id', 'contragent_id']).where('customer_id', '=', main.customer_id).orderBy('id').execute()
  const contract = contracts[contractIndex]!
  const now = new Date().toISOString()
  const tag = `${CANARY}-${company}`
  await db
    .updateTable('contracts')
    .set({ header: `${tag}-договор` })
    .where('id', '=', contract.id)
    .execute()
  const insertId = async <T extends { id: number }>(query: Promise<T>) => (await query).id
  const orderId = await insertId(
    db
      .insertInto('orders')
      .values({
        customer_id: main.customer_id,
        user_id: main.id,
        contract_id: contract.id,
        state: 1,
        status: `${tag}-статус`,
        paid: 0,
        sum: 100,
        comment: `${tag}-заказ`,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const draftId = await insertId(
    db
      .insertInto('drafts')
      .values({ user_id: main.id, customer_id: main.customer_id, contract_id: contract.id, header: `${tag}-черновик`, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const actId = await insertId(
    db
      .insertInto('acts')
      .values({
        customer_id: main.customer_id,
        user_id: main.id,
        contract_id: contract.id,
        contragent_id: contract.contragent_id,
        start_day: '2026-01-01',
        end_day: '2026-01-31',
        file: null,
        error: null,
        created_at: now,
        claimed_at: null,
        ready_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const addressId = await insertId(
    db
      .insertInto('addresses')
      .values({ customer_id: main.customer_id, full_address: `${COMPANY_CANARY}-${company}-адрес`, postindex: '101000' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const consigneeId = await insertId(
    db
      .insertInto('consignees')
      .values({ customer_id: main.customer_id, surname: `${COMPANY_CANARY}-${company}-получатель`, name: 'Иван', file_name: null })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  // issue 23: a complaint of the company, its comment the company's canary
  const complaintId = await insertId(
    db
      .insertInto('complaints')
      .values({ customer_id: main.customer_id, user_id: main.id, comment: `${COMPANY_CANARY}-${company}-рекламация`, state: 'new', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const product = await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()
  await db.insertInto('complaint_entries').values({ complaint_id: complaintId, product_id: product.id, qnt: 1 }).execute()
  // issue 25: a problem report of the main account; it is for the supplier only
  const journal = JSON.stringify({
    format: 'cabinet-journal',
    version: 2,
    exportedAt: now,
    entries: [{ at: now, actor: 'p1:x:0', machine: REPORT_CANARY, event: { type: 'x' }, value: 'x' }],
  })
  await db
    .insertInto('problem_reports')
    .values({
      customer_id: main.customer_id,
      user_id: main.id,
      comment: `${REPORT_CANARY}-${company}`,
      journal,
      journal_size: journal.length,
      user_agent: 'test',
      created_at: now,
    })
    .execute()
  return {
    customerId: main.customer_id,
    contractId: contract.id,
    contragentId: contract.contragent_id,
    orderId,
    draftId,
    actId,
    addressId,
    consigneeId,
    userId: main.id,
    managerId: manager.id,
  }
}

/** The text of an answer, spreadsheets read cell by cell. */
async function answerText(response: LightMyRequestResponse): Promise<string> {
  if (!String(response.headers['content-type'] ?? '').includes('spreadsheetml')) return response.body
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
  const cells: string[] = []
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))))
  return cells.join('\n')
}

type Rows = Record<string, unknown[]>

/** Rows, table by table, that changed between two snapshots and are not the caller's own. */
function othersChanged(before: Rows, after: Rows, isOwn: (table: string, row: Record<string, unknown>) => boolean): string[] {
  const changed: string[] = []
  for (const table of Object.keys(before)) {
    if (BOOKKEEPING_TABLES.has(table)) continue
    const was = new Set(before[table] as string[])
    const now = new Set(after[table] as string[])
    const differing = [...(before[table] as string[]).filter((row) => !now.has(row)), ...(after[table] as string[]).filter((row) => !was.has(row))]
    for (const row of differing) if (!isOwn(table, JSON.parse(row) as Record<string, unknown>)) changed.push(`${table}: ${row}`)
  }
  return changed
}

interface Caller {
  name: string
  signIn: (fixture: ServerFixture) => Promise<string | null>
  /** the company whose data it aims at (its canaries must never show) */
  victimCompany: 0 | 1
  /** company A's contract the canaries sit under: one the caller may not use */
  victimContract: number
  /** a member of the victim company: it may see the company's addresses and consignees */
  isColleague?: boolean
  ownsRow: (table: string, row: Record<string, unknown>, me: { userId: number; customerId: number } | null) => boolean
}

const ownedByUser = (table: string, row: Record<string, unknown>, userId: number) => (table === 'users' ? row.id === userId : row.user_id === userId)
/** The company's own lists every login of it may keep (where its section is open). */
const COMPANY_TABLES = new Set(['addresses', 'consignees'])
const ownedByCompany = (table: string, row: Record<string, unknown>, me: { userId: number; customerId: number }) =>
  ownedByUser(table, row, me.userId) || row.customer_id === me.customerId

const CALLERS: Caller[] = [
  { name: 'anonymous', signIn: async () => null, victimCompany: 0, victimContract: 2, ownsRow: () => false },
  {
    name: "the other company's main account",
    signIn: (fixture) => loginCookie(fixture.app, demoLogin('mainAccount', 1).email),
    victimCompany: 0,
    victimContract: 2,
    ownsRow: (table, row, me) => (me ? ownedByCompany(table, row, me) : false),
  },
  {
    name: 'a manager limited to one contract, sections closed',
    signIn: async (fixture) => {
      const db = fixture.db.kysely
      const manager = await db.selectFrom('users').select('id').where('email', '=', demoLogin('manager', 0).email).executeTakeFirstOrThrow()
      const [first] = await db.selectFrom('manager_contracts').select('contract_id').where('user_id', '=', manager.id).orderBy('contract_id').execute()
      await db.deleteFrom('manager_contracts').where('user_id', '=', manager.id).where('contract_id', '!=', first!.contract_id).execute()
      await db
        .updateTable('users')
        .set({ disabled_menus: JSON.stringify(['acts', 'favorites', 'contragents', 'managers']) })
        .where('id', '=', manager.id)
        .execute()
      return loginCookie(fixture.app, demoLogin('manager', 0).email)
    },
    victimCompany: 0,
    victimContract: 1,
    isColleague: true,
    ownsRow: (table, row, me) => (me ? ownedByUser(table, row, me.userId) || (COMPANY_TABLES.has(table) && row.customer_id === me.customerId) : false),
  },
  {
    name: 'a main account at the other company',
    signIn: (fixture) => loginCookie(fixture.app, demoLogin('mainAccount', 0).email),
    victimCompany: 1,
    victimContract: 1,
    ownsRow: (table, row, me) => (me ? ownedByCompany(table, row, me) : false),
  },
]

describe.each(CALLERS)('the access matrix: $name', (caller) => {
  let fixture: ServerFixture
  let cookie: string | null
  let victim: Victim
  let shared: SharedIds
  let me: { userId: number; customerId: number } | null

  beforeAll(async () => {
    fixture = await startServer()
    await fixture.app.ready()
    victim = await plantCanaries(fixture, caller.victimCompany, caller.victimContract)
    const product = await fixture.db.kysely.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()
    const warehouse = await fixture.db.kysely.selectFrom('warehouses').select('id').orderBy('id').executeTakeFirstOrThrow()
    shared = { productId: product.id, warehouseId: warehouse.id }
    cookie = await caller.signIn(fixture)
    const session = cookie
      ? (await fixture.app.inject({ method: 'GET', url: '/api/session/', headers: { cookie } })).json<{ account: { id: number } }>()
      : null
    const user = session
      ? await fixture.db.kysely.selectFrom('users').select(['id', 'customer_id']).where('id', '=', session.account.id).executeTakeFirstOrThrow()
      : null
    me = user ? { userId: user.id, customerId: user.customer_id } : null
  })

  afterAll(() => fixture.close())

  it('covers every registered route, and names the public ones that exist', () => {
    const calls = registeredCalls(fixture.app)
    expect(calls.length).toBeGreaterThan(40)
    for (const call of PUBLIC_CALLS) expect(calls, call).toContain(call)
  })

  it('every route: no 5xx, no canary of data it may not see, no change to rows it does not own', async () => {
    const failures: string[] = []
    const canaries = [`${CANARY}-${caller.victimCompany}`, REPORT_CANARY, ...(caller.isColleague ? [] : [`${COMPANY_CANARY}-${caller.victimCompany}`])]
    for (const call of registeredCalls(fixture.app)) {
      const [method, path] = call.split(' ') as [string, string]
      const fields = victimFields(victim, shared)
      const query = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString()
      const url = `${fillPath(path.replace(/\*$/, '/index.html'), victim, shared)}/?${query}`.replace('//?', '/?')
      const before = await snapshotAllTables(fixture.db)
      const response = await fixture.app.inject({
        method: method as 'GET',
        url,
        headers: cookie ? { cookie } : {},
        ...(method === 'GET' ? {} : { payload: { ...fields, items: [fields], lines: [fields] } }),
      })
      const after = await snapshotAllTables(fixture.db)
      const text = await answerText(response)
      if (response.statusCode >= 500 && !isReadinessRefusal(call, response)) failures.push(`${call}: ${response.statusCode} ${response.body.slice(0, 200)}`)
      for (const canary of canaries.filter((each) => text.includes(each)))
        failures.push(`${call}: the answer shows ${canary}: ${text.slice(Math.max(0, text.indexOf(canary) - 80), text.indexOf(canary) + 80)}`)
      if (!cookie && !PUBLIC_CALLS.has(callKey(method, path)) && response.statusCode !== 401)
        failures.push(`${call}: anonymous got ${response.statusCode}, not 401`)
      for (const row of othersChanged(before, after, (table, r) => caller.ownsRow(table, r, me))) failures.push(`${call}: changed ${row.slice(0, 200)}`)
      // a call that ended the session (the logout) signs the caller in again for the rest
      if (cookie && path.startsWith('/api/logout')) cookie = await caller.signIn(fixture)
    }
    expect(failures).toEqual([])
  })
})
