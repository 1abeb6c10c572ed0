import ExcelJS from 'exceljs'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildActWorkbook } from '../../server/acts/act-workbook'
import { createActWorker } from '../../server/acts/act-worker'
import { actResponseSchema, actsResponseSchema, XLSX_CONTENT_TYPE, type ActRequest, type ActsResponse } from '../../src/contract/acts'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { demoLogin, loginAs, readTable, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests } from '../support/server-requests'
import { deferred } from '../support/deferred'

// the spec's text, to the letter (§5)
const BAD_PERIOD = 'Ошибка во временных периодах: дата начала периода больше или равна дате конца периода'

let fixture: ServerFixture
let cookie: string
let managerCookie: string
let otherCompanyCookie: string

const k = () => fixture.db.kysely
const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)
const requestAct = (act: Partial<ActRequest['act']>, session?: string) =>
  post('/api/act/', { act: { contract_id: 1, contragent_id: 1, startdate: '01.08.2026', enddate: '31.10.2026', ...act } }, session)
const listActs = async (query = '', session?: string): Promise<ActsResponse> => {
  const response = await get(`/api/getActs/${query}`, session)
  expect(response.statusCode, response.body).toBe(200)
  return actsResponseSchema.parse(response.json())
}
const created = async (act: Partial<ActRequest['act']> = {}, session?: string) => {
  const response = await requestAct(act, session)
  expect(response.statusCode, response.body).toBe(200)
  return actResponseSchema.parse(response.json()).act
}
/** Waits for the worker the request started: the list shows the act ready. */
async function readyAct(id: number, session?: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const act = (await listActs('', session)).acts.find((candidate) => candidate.id === id)
    if (act?.state === 'ready') return act
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`act ${id} never became ready`)
}

beforeAll(async () => {
  fixture = await startServer({ products: 120 })
  cookie = await loginAs(fixture, 'mainAccount')
  // the seed closes the acts to this manager; here they are open, to show what a manager sees of them
  await k().updateTable('users').set({ disabled_menus: '[]' }).where('email', '=', demoLogin('manager').email).execute()
  managerCookie = await loginAs(fixture, 'manager')
  otherCompanyCookie = await loginAs(fixture, 'mainAccount', 1)
})
afterAll(() => fixture?.close())
beforeEach(async () => {
  await k().deleteFrom('acts').execute()
})

describe('POST /api/act/: the request', () => {
  it('queues an act for the contract and contragent, and the list shows it', async () => {
    const act = await created()
    expect(act).toMatchObject({ contract_id: '1', contragent_id: '1', startdate: '01.08.2026', enddate: '31.10.2026' })
    expect(['queued', 'working', 'ready']).toContain(act.state)
    const list = await listActs()
    expect(list.acts.map((a) => a.id)).toContain(act.id)
    expect((await readyAct(act.id)).state).toBe('ready')
  })

  it.each([
    ['the start after the end', { startdate: '01.11.2026', enddate: '01.10.2026' }, BAD_PERIOD],
    ['the start equal to the end', { startdate: '01.10.2026', enddate: '01.10.2026' }, BAD_PERIOD],
    ['an impossible date', { startdate: '31.02.2026' }, 'Некорректная дата: ожидается дд.мм.гггг'],
    ['a date in another format', { enddate: '2026-10-31' }, 'Некорректная дата: ожидается дд.мм.гггг'],
  ])('refuses %s with 400 and saves nothing', async (_, act, message) => {
    const before = await readTable(fixture.db, 'acts')
    const response = await requestAct(act)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message })
    expect(await readTable(fixture.db, 'acts')).toEqual(before)
  })

  it('refuses a contragent that is not the contract’s, and another company’s contract', async () => {
    const mismatch = await requestAct({ contract_id: 1, contragent_id: 2 })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json()).toEqual({ message: 'Контрагент не относится к выбранному договору' })
    const foreign = await requestAct({ contract_id: 4, contragent_id: 3 })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual({ message: AUTH_MESSAGES.forbidden })
    // the manager may not use contract 3
    expect((await requestAct({ contract_id: 3, contragent_id: 2 }, managerCookie)).statusCode).toBe(403)
    expect(await readTable(fixture.db, 'acts')).toEqual([])
  })

  it('needs a session', async () => {
    expect((await requestAct({}, null as unknown as string)).statusCode).toBe(401)
  })
})

describe('GET /api/getActs/: the list', () => {
  it('shows a company only its acts, a manager only its contracts’ acts', async () => {
    const own = await created({ contract_id: 3, contragent_id: 2 })
    const shared = await created({ contract_id: 1, contragent_id: 1 })
    const foreign = await created({ contract_id: 4, contragent_id: 3 }, otherCompanyCookie)
    const ids = (list: ActsResponse) => list.acts.map((a) => a.id).sort()
    expect(ids(await listActs())).toEqual([own.id, shared.id].sort())
    expect(ids(await listActs('', managerCookie))).toEqual([shared.id])
    expect(ids(await listActs('', otherCompanyCookie))).toEqual([foreign.id])
    const managerList = await listActs('', managerCookie)
    expect(managerList.contracts.map((c) => c.id)).toEqual(['1', '2'])
    expect(managerList.contragents.map((c) => c.id)).toEqual(['1'])
  })

  it('refuses a contract the user may not use (403, as the orders list does), another company’s too', async () => {
    await created({ contract_id: 3, contragent_id: 2 })
    await created({ contract_id: 4, contragent_id: 3 }, otherCompanyCookie)
    const refusals = {
      'a contract not granted to the manager': await get('/api/getActs/?contract=3', managerCookie),
      'another company’s contract': await get('/api/getActs/?contract=4'),
      'a contract that does not exist': await get('/api/getActs/?contract=999'),
    }
    for (const [what, response] of Object.entries(refusals)) {
      expect(response.statusCode, what).toBe(403)
      expect(response.json(), what).toEqual({ message: AUTH_MESSAGES.forbidden })
    }
    const orders = await get('/api/order/?contract=3', managerCookie)
    expect(orders.statusCode).toBe(403)
    expect(orders.json()).toEqual(refusals['a contract not granted to the manager'].json())
  })

  it('filters by contract, contragent and the request period, 20 a page', async () => {
    const first = await created({ contract_id: 1, contragent_id: 1 })
    const second = await created({ contract_id: 3, contragent_id: 2 })
    // both built, so that no state changes between the lists compared below
    await readyAct(first.id)
    await readyAct(second.id)
    expect((await listActs('?contract=1')).acts.map((a) => a.id)).toEqual([first.id])
    expect((await listActs('?contragent=2')).acts.map((a) => a.id)).toEqual([second.id])
    expect((await listActs('?startDate=01.01.2020&endDate=02.01.2020')).count).toBe(0)
    const page = await listActs()
    expect(page.pagination).toEqual({ page: 1, perpage: 20, pages: 1 })
    // the count comes with a page's rows; a page past the last, with none, still counts them all
    expect(await listActs('?perpage=1&page=2')).toMatchObject({ count: page.count, acts: [page.acts[1]] })
    expect(await listActs('?page=9')).toMatchObject({ count: page.count, acts: [], pagination: { page: 9, pages: 1 } })
    const bad = await get('/api/getActs/?startDate=31.02.2026')
    expect(bad.statusCode).toBe(400)
  })
})

describe('GET /api/act/{id}/file: the XLSX', () => {
  it('lists the period’s orders and payments, and the balances add up', async () => {
    const act = await created({ contract_id: 1, contragent_id: 1, startdate: '01.08.2026', enddate: '31.10.2026' })
    await readyAct(act.id)
    const response = await get(`/api/act/${act.id}/file`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE)
    const disposition = String(response.headers['content-disposition'])
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe('Акт сверки Договор № 17-2024 от 15.01.2024 01.08.2026-31.10.2026.xlsx')

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    const rows = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((row) => (row as unknown[]).slice(1))
    expect(rows[0]?.[0]).toBe('Акт сверки взаимных расчётов')
    expect(rows[1]?.[0]).toBe('за период с 01.08.2026 по 31.10.2026')
    const labelled = (label: string) => rows.find((row) => row[1] === label) as [unknown, string, number, number]
    const balance = (label: string) => labelled(label)[2] - labelled(label)[3]
    const entries = rows.filter((row) => /^\d\d\.\d\d\.\d{4}$/.test(String(row[0])))
    const debit = entries.reduce((sum, row) => sum + Number(row[2] ?? 0), 0)
    const credit = entries.reduce((sum, row) => sum + Number(row[3] ?? 0), 0)

    // the same figures straight from the database (Moscow days: 01.08 00:00 MSK is 31.07 21:00 UTC)
    const [from, to] = ['2026-07-31T21:00:00.000Z', '2026-10-31T21:00:00.000Z']
    const orders = await k().selectFrom('orders').select(['sum', 'created_at']).where('contract_id', '=', 1).where('state', '!=', 4).execute()
    const payments = await k().selectFrom('payments').select(['sum', 'paid_at']).where('contract_id', '=', 1).execute()
    const total = (values: number[]) => Math.round(values.reduce((s, v) => s + v, 0) * 100) / 100
    const opening = total([...orders.filter((o) => o.created_at < from).map((o) => o.sum), ...payments.filter((p) => p.paid_at < from).map((p) => -p.sum)])
    const inPeriodOrders = orders.filter((o) => o.created_at >= from && o.created_at < to)
    const inPeriodPayments = payments.filter((p) => p.paid_at >= from && p.paid_at < to)
    expect(entries.length).toBe(inPeriodOrders.length + inPeriodPayments.length)
    expect(inPeriodOrders.length).toBeGreaterThan(0)
    expect(inPeriodPayments.length).toBeGreaterThan(0)
    expect(balance('Сальдо на начало периода')).toBeCloseTo(opening, 2)
    expect(debit).toBeCloseTo(total(inPeriodOrders.map((o) => o.sum)), 2)
    expect(credit).toBeCloseTo(total(inPeriodPayments.map((p) => p.sum)), 2)
    expect(labelled('Обороты за период').slice(2)).toEqual([expect.closeTo(debit, 2), expect.closeTo(credit, 2)])
    expect(balance('Сальдо на конец периода')).toBeCloseTo(opening + debit - credit, 2)
  })

  it('is only for the company and the contracts the user may use, and only when ready', async () => {
    const act = await created({ contract_id: 3, contragent_id: 2 })
    await readyAct(act.id)
    expect((await get(`/api/act/${act.id}/file`)).statusCode).toBe(200)
    expect((await get(`/api/act/${act.id}/file`, managerCookie)).statusCode).toBe(404)
    expect((await get(`/api/act/${act.id}/file`, otherCompanyCookie)).statusCode).toBe(404)
    expect((await get(`/api/act/${act.id}/file`, null as unknown as string)).statusCode).toBe(401)
    await k().updateTable('acts').set({ state: 'queued', file: null }).where('id', '=', act.id).execute()
    const early = await get(`/api/act/${act.id}/file`)
    expect(early.statusCode).toBe(409)
    expect(early.json()).toEqual({ message: 'Акт ещё формируется' })
    expect((await get('/api/act/abc/file')).statusCode).toBe(400)
  })
})

describe('the seeded payments', () => {
  it('pay every paid order in full after it was placed, and none is in the future', async () => {
    const orders = await k().selectFrom('orders').select(['id', 'sum', 'paid', 'created_at', 'contract_id']).execute()
    const payments = await k().selectFrom('payments').selectAll().execute()
    expect(payments.length).toBeGreaterThan(10)
    for (const order of orders.filter((o) => o.paid)) {
      const own = payments.filter((p) => p.order_id === order.id)
      expect(own.reduce((sum, p) => sum + p.sum, 0)).toBeCloseTo(order.sum, 2)
      for (const payment of own) {
        expect(payment.paid_at >= order.created_at).toBe(true)
        expect(payment.contract_id).toBe(order.contract_id)
      }
    }
    expect(payments.every((p) => p.paid_at <= '2026-11-01T09:00:00Z')).toBe(true)
  })
})

describe('the worker', () => {
  it('builds each queued act exactly once, however many processes race for it', async () => {
    const [user] = await k().selectFrom('users').select(['id', 'customer_id']).where('email', '=', 'dealer@stroymarket.example').execute()
    const rows = Array.from({ length: 6 }, (_, index) => ({
      customer_id: user!.customer_id,
      user_id: user!.id,
      contract_id: 1 + (index % 2),
      contragent_id: 1,
      start_day: '2026-08-01',
      end_day: '2026-10-31',
      state: 'queued',
      file: null,
      error: null,
      created_at: new Date().toISOString(),
      claimed_at: null,
      ready_at: null,
    }))
    await k().insertInto('acts').values(rows).execute()
    // every build passes through, counted, so the test can tell whether an act was built twice
    const built = vi.fn(buildActWorkbook)
    // three "processes": their own workers on the one database
    const workers = [1, 2, 3].map(() => createActWorker({ db: fixture.db, now: fixture.clock.now, logError: () => {}, buildWorkbook: built }))
    await Promise.all(workers.map((worker) => worker.kick()))
    await Promise.all(workers.map((worker) => worker.idle()))
    expect(built).toHaveBeenCalledTimes(6)
    const states = await k().selectFrom('acts').select(['state', 'file']).execute()
    expect(states.every((row) => row.state === 'ready' && row.file && row.file.length > 0)).toBe(true)
  })

  it('on a graceful stop puts the act it is building back in the queue, and claims no other', async () => {
    const act = await created()
    await readyAct(act.id)
    await k().updateTable('acts').set({ state: 'queued', file: null, claimed_at: null }).where('id', '=', act.id).execute()
    const building = deferred<void>()
    const held = deferred<Buffer>()
    const buildWorkbook = vi.fn(buildActWorkbook).mockImplementationOnce(() => {
      building.resolve()
      return held.promise
    })
    const worker = createActWorker({ db: fixture.db, now: fixture.clock.now, logError: () => {}, buildWorkbook })
    void worker.kick()
    await building.promise
    const stateOf = async () => (await k().selectFrom('acts').select('state').where('id', '=', act.id).executeTakeFirstOrThrow()).state
    expect(await stateOf()).toBe('working')
    const stopped = worker.stop()
    // the build ends after the stop gave the act back: its file is dropped
    held.resolve(Buffer.from('не файл'))
    await stopped
    const row = await k().selectFrom('acts').select(['state', 'file', 'claimed_at']).where('id', '=', act.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ state: 'queued', file: null, claimed_at: null })
    await worker.kick()
    expect(await stateOf()).toBe('queued')
  })

  const claimedAgo = async (id: number, ms: number) => {
    const at = new Date(fixture.clock.now().getTime() - ms).toISOString()
    await k().updateTable('acts').set({ state: 'working', claimed_at: at, file: null }).where('id', '=', id).execute()
  }

  it('takes again an act whose process died while building it, once its claim is 2 minutes old', async () => {
    const act = await created()
    await readyAct(act.id)
    await claimedAgo(act.id, 3 * 60_000)
    const worker = createActWorker({ db: fixture.db, now: fixture.clock.now, logError: () => {} })
    await worker.kick()
    expect((await readyAct(act.id)).state).toBe('ready')
  })

  it('leaves an act whose claim is fresh: another process is building it', async () => {
    const act = await created()
    await readyAct(act.id)
    await claimedAgo(act.id, 30_000)
    const worker = createActWorker({ db: fixture.db, now: fixture.clock.now, logError: () => {} })
    await worker.kick()
    const row = await k().selectFrom('acts').select(['state', 'file']).where('id', '=', act.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ state: 'working', file: null })
  })
})
