import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractPrice } from '../../server/catalogue/contract'
import { applyPricePolicy } from '../../src/contract/price-policy'
import { createExportWorker } from '../../server/exporter/export-worker'
import { seedDatabase } from '../../server/db/seed'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'
import {
  EXPORTER_MESSAGES,
  commandRunningResponseSchema,
  exporterBrandsResponseSchema,
  reportExistsResponseSchema,
  runExporterResponseSchema,
  saveBrandsResponseSchema,
  type CommandRunningResponse,
  type ExporterBrandsResponse,
} from '../../src/contract/exporter'
import { XLSX_CONTENT_TYPE } from '../../src/contract/acts'
import { demoLogin, loginAs, readTable, startServer, type ServerFixture } from '../support/server-fixture'
import { sessionRequests } from '../support/server-requests'

let fixture: ServerFixture
let cookie: string
let otherCookie: string
let managerCookie: string

const { get, post } = sessionRequests(
  () => fixture,
  () => cookie,
)

const brandsOf = async (session = cookie): Promise<ExporterBrandsResponse> => {
  const response = await get('/api/getBrandsForExporter/', session)
  expect(response.statusCode, response.body).toBe(200)
  return exporterBrandsResponseSchema.parse(response.json())
}

const running = async (session = cookie): Promise<CommandRunningResponse> => {
  const response = await post('/api/isCommandRunning/', {}, session)
  expect(response.statusCode, response.body).toBe(200)
  return commandRunningResponseSchema.parse(response.json())
}

/** Polls as the page does (without its 3 s) until the company's job is no longer running. */
async function settled(session = cookie): Promise<CommandRunningResponse> {
  for (let i = 0; i < 400; i += 1) {
    const answer = await running(session)
    if (!answer.running) return answer
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the export did not finish')
}

beforeAll(async () => {
  fixture = await startServer()
  cookie = await loginAs(fixture, 'mainAccount', 0)
  otherCookie = await loginAs(fixture, 'mainAccount', 1)
  managerCookie = await loginAs(fixture, 'manager', 0)
})

afterAll(() => fixture.close())

describe('the exporter brands', () => {
  it('lists every brand raw and by letter, none selected at first, with the session company', async () => {
    const answer = await brandsOf()
    const brands = await fixture.db.kysely.selectFrom('brands').select(['id', 'header']).execute()
    expect(answer.brands.raw).toHaveLength(brands.length)
    expect(answer.brands.raw.every((brand) => !brand.selected)).toBe(true)
    expect(answer.brands.packed.flatMap((letter) => letter.brands)).toHaveLength(brands.length)
    for (const letter of answer.brands.packed)
      for (const brand of letter.brands) expect(brand.header.toLocaleUpperCase('ru').startsWith(letter.letter)).toBe(true)
    const headers = answer.brands.raw.map((brand) => brand.header)
    const latin = headers.filter((header) => /^[a-z]/i.test(header))
    // Latin names first, then Cyrillic, each alphabetically
    expect(headers.slice(0, latin.length)).toEqual(latin)
    expect(latin).toEqual([...latin].sort(new Intl.Collator('ru', { sensitivity: 'base', numeric: true }).compare))
    expect(answer.brands.packed[0]?.letter).toBe('A')
    const user = await fixture.db.kysely
      .selectFrom('users')
      .select('customer_id')
      .where('email', '=', demoLogin('mainAccount', 0).email)
      .executeTakeFirstOrThrow()
    expect(answer.customer_id).toBe(user.customer_id)
  })

  it('saves the selection per account; another account keeps its own', async () => {
    const [first, second] = (await brandsOf()).brands.raw
    const saved = await post('/api/saveBrandsExporter/', { data: [first!.id, second!.id, first!.id] })
    expect(saveBrandsResponseSchema.parse(saved.json())).toEqual({ status: 'success', count: 2 })
    const selected = (await brandsOf()).brands.raw.filter((brand) => brand.selected).map((brand) => brand.id)
    expect(selected.sort()).toEqual([first!.id, second!.id].sort())
    expect((await brandsOf(otherCookie)).brands.raw.some((brand) => brand.selected)).toBe(false)
  })

  it('refuses unknown brand ids and malformed bodies with 400, and saves nothing', async () => {
    const before = await readTable(fixture.db, 'exporter_brands')
    const unknown = await post('/api/saveBrandsExporter/', { data: [1, 999_999] })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ message: EXPORTER_MESSAGES.unknownBrands })
    for (const body of [{}, { data: 'all' }, { data: [-1] }, { data: [{}] }]) expect((await post('/api/saveBrandsExporter/', body)).statusCode).toBe(400)
    expect(await readTable(fixture.db, 'exporter_brands')).toEqual(before)
  })

  it('is closed (403) to a manager whose exporter section is closed', async () => {
    const manager = demoLogin('manager', 0).email
    await fixture.db.kysely
      .updateTable('users')
      .set({ disabled_menus: JSON.stringify(['exporter']) })
      .where('email', '=', manager)
      .execute()
    for (const response of [
      await get('/api/getBrandsForExporter/', managerCookie),
      await post('/api/saveBrandsExporter/', { data: [] }, managerCookie),
      await post('/api/runExporter/', {}, managerCookie),
      await post('/api/isCommandRunning/', {}, managerCookie),
      await get('/api/exporterFile/', managerCookie),
    ])
      expect(response.statusCode).toBe(403)
    await fixture.db.kysely.updateTable('users').set({ disabled_menus: '[]' }).where('email', '=', manager).execute()
  })
})

describe('the export job', () => {
  it("refuses another company's customer_id", async () => {
    const other = (await brandsOf(otherCookie)).customer_id
    for (const url of ['/api/runExporter/', '/api/isCommandRunning/', '/api/isXlsxReportExists/']) {
      const response = await post(url, { customer_id: other })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: EXPORTER_MESSAGES.otherCompany })
    }
  })

  it('refuses to start with no brand selected', async () => {
    const response = await post('/api/runExporter/', { data: [] }, otherCookie)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: EXPORTER_MESSAGES.noBrands })
  })

  it('builds the XLSX of the chosen brands with the contract prices and stock per warehouse; a second start is refused while it runs', async () => {
    const own = await brandsOf()
    expect((await post('/api/isXlsxReportExists/', { customer_id: own.customer_id })).json()).toEqual({ fe: false, date: null })
    const chosen = own.brands.raw.slice(0, 3)
    const started = await post('/api/runExporter/', { customer_id: own.customer_id, data: chosen.map((brand) => brand.id) })
    expect(started.statusCode, started.body).toBe(200)
    expect(runExporterResponseSchema.parse(started.json()).job.state).toBe('queued')
    const again = await post('/api/runExporter/', { customer_id: own.customer_id })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ message: EXPORTER_MESSAGES.alreadyRunning })
    const done = await settled()
    expect(done.job).toMatchObject({ state: 'ready', progress: 1, error: null })
    const exists = reportExistsResponseSchema.parse((await post('/api/isXlsxReportExists/', { customer_id: own.customer_id })).json())
    expect(exists.fe).toBe(true)
    expect(exists.date).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/)

    const file = await get('/api/exporterFile/')
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE)
    expect(String(file.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('Прайс-лист')}`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer)
    const sheet = book.worksheets[0]!
    const warehouses = await fixture.db.kysely.selectFrom('warehouses').select(['id', 'header']).orderBy('id').execute()
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Бренд',
      'Артикул',
      'Наименование',
      'Цена, ₽',
      'РРЦ, ₽',
      ...warehouses.map((w) => `Остаток: ${w.header}`),
    ])
    const products = await fixture.db.kysely
      .selectFrom('products')
      .select(['id', 'articul', 'price'])
      .where(
        'brand_id',
        'in',
        chosen.map((brand) => brand.id),
      )
      .execute()
    expect(sheet.rowCount - 1).toBe(products.length)
    const main = await fixture.db.kysely
      .selectFrom('users')
      .select(['current_contract_id'])
      .where('email', '=', demoLogin('mainAccount', 0).email)
      .executeTakeFirstOrThrow()
    const contract = await fixture.db.kysely
      .selectFrom('contracts')
      .select('price_factor')
      .where('id', '=', main.current_contract_id!)
      .executeTakeFirstOrThrow()
    const byArticul = new Map(products.map((p) => [p.articul, p]))
    const brandNames = new Set(chosen.map((brand) => brand.header))
    for (let row = 2; row <= sheet.rowCount; row += 1) {
      const values = sheet.getRow(row).values as unknown[]
      expect(brandNames.has(String(values[1]))).toBe(true)
      const product = byArticul.get(String(values[2]))
      expect(product, String(values[2])).toBeDefined()
      expect(values[4]).toBe(contractPrice(Number(product!.price), contract.price_factor))
    }
  })

  it("a company never reads another's export", async () => {
    expect((await post('/api/isXlsxReportExists/', {}, otherCookie)).json()).toEqual({ fe: false, date: null })
    expect((await running(otherCookie)).job).toBeNull()
    const file = await get('/api/exporterFile/', otherCookie)
    expect(file.statusCode).toBe(404)
    expect(file.json()).toEqual({ message: EXPORTER_MESSAGES.noFile })
  })

  it('leaves the file readable through the path it stored', async () => {
    const job = await fixture.db.kysely.selectFrom('export_jobs').select(['file_path']).where('state', '=', 'ready').executeTakeFirstOrThrow()
    expect(readFileSync(job.file_path!).subarray(0, 2).toString()).toBe('PK')
  })
})

describe('the export workers', () => {
  let db: FreshDb
  let user: { id: number; customer_id: number; contract: number }
  const exportDir = mkdtempSync(join(tmpdir(), 'cabinet-exports-'))

  beforeAll(async () => {
    db = await createFreshDb()
    await seedDatabase(db, { products: 60 })
    const main = await db.kysely
      .selectFrom('users')
      .select(['id', 'customer_id', 'current_contract_id'])
      .where('email', '=', demoLogin('mainAccount', 0).email)
      .executeTakeFirstOrThrow()
    user = { id: main.id, customer_id: main.customer_id, contract: main.current_contract_id! }
  })

  afterAll(async () => {
    await db.dispose()
    rmSync(exportDir, { recursive: true, force: true })
  })

  /** Queues `count` jobs, each for a company of its own (one running job per company). */
  async function queueJobs(count: number): Promise<number[]> {
    const brand = await db.kysely.selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow()
    const ids: number[] = []
    for (let i = 0; i < count; i += 1) {
      const customer = await db.kysely
        .insertInto('customers')
        .values({ company: `Гонка ${i}`, inn: '7707083893', created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(await queueJob({ customer: customer.id, user: user.id, contract: user.contract, brand: brand.id }))
    }
    return ids
  }

  /** A queued job, as «Сформировать» leaves it. */
  async function queueJob(job: { customer: number; user: number; contract: number; brand: number }): Promise<number> {
    const queued = await db.kysely
      .insertInto('export_jobs')
      .values({
        customer_id: job.customer,
        user_id: job.user,
        contract_id: job.contract,
        brand_ids: JSON.stringify([job.brand]),
        file_path: null,
        error: null,
        claimed_by: null,
        lease_until: null,
        created_at: new Date().toISOString(),
        ready_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return queued.id
  }

  const worker = (name: string, now = () => new Date()) =>
    createExportWorker({ db, now, exportDir, workerId: name, logError: (message, error) => console.error(message, error) })

  it('two workers race over queued jobs: each job is built exactly once', async () => {
    const ids = await queueJobs(8)
    const [a, b] = await Promise.all([worker('a').drain(), worker('b').drain()])
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(ids)
    expect(a.filter((id) => b.includes(id))).toEqual([])
    const rows = await db.kysely.selectFrom('export_jobs').select(['state', 'attempts', 'progress']).where('id', 'in', ids).execute()
    expect(rows.every((row) => row.state === 'ready' && Number(row.attempts) === 1 && Number(row.progress) === 1)).toBe(true)
  })

  it('a claim whose lease lapsed (its process stopped) is built again; after three claims it fails visibly', async () => {
    const [resumed, given] = await queueJobs(2)
    const past = new Date(Date.now() - 60_000).toISOString()
    await db.kysely
      .updateTable('export_jobs')
      .set({ state: 'working', claimed_by: 'gone', lease_until: past, attempts: 1 })
      .where('id', '=', resumed!)
      .execute()
    await db.kysely
      .updateTable('export_jobs')
      .set({ state: 'working', claimed_by: 'gone', lease_until: past, attempts: 3 })
      .where('id', '=', given!)
      .execute()
    expect(await worker('c').drain()).toEqual([resumed])
    const rows = await db.kysely.selectFrom('export_jobs').select(['id', 'state', 'error']).where('id', 'in', [resumed!, given!]).orderBy('id').execute()
    expect(rows).toEqual([
      { id: resumed, state: 'ready', error: null },
      { id: given, state: 'failed', error: EXPORTER_MESSAGES.interrupted },
    ])
  })

  it("prices a manager's file by its price policy (a 10 % markup), as its catalogue shows them", async () => {
    const manager = await db.kysely
      .selectFrom('users')
      .select(['id', 'customer_id', 'current_contract_id'])
      .where('email', '=', demoLogin('manager', 0).email)
      .executeTakeFirstOrThrow()
    await db.kysely.updateTable('users').set({ price_policy: 'markup', price_markup: 10 }).where('id', '=', manager.id).execute()
    const brand = await db.kysely.selectFrom('brands').select('id').orderBy('id').executeTakeFirstOrThrow()
    const job = await queueJob({ customer: manager.customer_id, user: manager.id, contract: manager.current_contract_id!, brand: brand.id })
    expect(await worker('d').drain()).toEqual([job])
    const built = await db.kysely.selectFrom('export_jobs').select('file_path').where('id', '=', job).executeTakeFirstOrThrow()
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(built.file_path!)
    const sheet = book.worksheets[0]!
    const factor = await db.kysely.selectFrom('contracts').select('price_factor').where('id', '=', manager.current_contract_id!).executeTakeFirstOrThrow()
    const products = await db.kysely.selectFrom('products').select(['articul', 'price', 'price_rrc']).where('brand_id', '=', brand.id).execute()
    const byArticul = new Map(products.map((p) => [p.articul, p]))
    expect(sheet.rowCount - 1).toBe(products.length)
    let marked = 0
    for (let row = 2; row <= sheet.rowCount; row += 1) {
      const values = sheet.getRow(row).values as unknown[]
      const product = byArticul.get(String(values[2]))!
      const price = contractPrice(Number(product.price), Number(factor.price_factor))
      expect(values[4]).toBe(applyPricePolicy({ type: 'markup', markup: 10 }, { price, price_rrc: Number(product.price_rrc) }))
      if (values[4] !== price) marked += 1
    }
    expect(marked).toBeGreaterThan(0)
  })
})
