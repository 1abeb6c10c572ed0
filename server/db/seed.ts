import { sql, type Kysely } from 'kysely'
import { hashPassword } from '../auth/passwords'
import type { Db, DialectName } from './connection'
import type { Database } from './schema'
import { createRandom } from './random'
import { WAREHOUSES, brandRows, buildCategories, generateProducts, paramRows, tagRows, type ProductBundle } from './seed-catalogue'
import { buildCustomers } from './seed-customers'
import type { SeedRow } from './seed-support'
import { ORDER_STATES, buildHistory, type CatalogueFacts } from './seed-history'
import { buildPayments } from './seed-acts'
import { insertInboxDemo } from './seed-inbox'

export { DEMO_LOGINS } from './seed-customers'

export const DEMO_PASSWORD = 'demo12345'
/**
 * The fixed moment tests seed at (seedDatabase's `now` when none is given): every seeded time is
 * the seed's moment minus an offset, so two seeds at the same moment give the same rows.
 */
export const SEED_BASE_TIME = '2026-11-01T09:00:00Z'
export const DEFAULT_SEED_PRODUCTS = 3000

const CATALOGUE_SEED = 20_261_101
const HISTORY_SEED = 17_092_024
const PAYMENTS_SEED = 24_112_026
const PRODUCTS_PER_BATCH = 2000
/** bound parameters per statement: SQLite's SQLITE_MAX_VARIABLE_NUMBER, PostgreSQL's protocol limit */
const MAX_PARAMS: Record<DialectName, number> = { sqlite: 32_766, postgres: 65_535 }

/** In insertion order, which is also a safe order for foreign keys. */
const SEEDED_TABLES = [
  'warehouses',
  'brands',
  'categories',
  'params',
  'tags',
  'products',
  'product_params',
  'product_tags',
  'pictures',
  'stocks',
  'customers',
  'contragents',
  'contracts',
  'users',
  'manager_contracts',
  'addresses',
  'consignees',
  'order_states',
  'orders',
  'order_lines',
  'wishes',
  'needs',
  'basket_lines',
  'drafts',
  'draft_lines',
  'payments',
] as const satisfies readonly (keyof Database)[]

type SeededTable = (typeof SEEDED_TABLES)[number]
/** Rows inserted per table. */
export type SeedSummary = Record<SeededTable, number>

/** Tables whose serial id the seed sets explicitly; PostgreSQL's sequences are moved past them. */
const SERIAL_TABLES: readonly SeededTable[] = SEEDED_TABLES.filter(
  (table) => !['product_params', 'product_tags', 'stocks', 'manager_contracts', 'order_states', 'wishes', 'needs'].includes(table),
)

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const customer = await db.kysely.selectFrom('customers').select('id').limit(1).executeTakeFirst()
  return customer === undefined
}

type Insert = <T extends SeededTable>(table: T, rows: readonly SeedRow<T>[]) => Promise<void>

function createInserter(trx: Kysely<Database>, dialect: DialectName, summary: SeedSummary): Insert {
  return async (table, rows) => {
    const columns = Object.keys(rows[0] ?? {}).length
    const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMS[dialect] / Math.max(1, columns)))
    for (let start = 0; start < rows.length; start += rowsPerStatement) {
      // the table is a generic here, which Kysely's row types cannot follow
      await trx
        .insertInto(table)
        .values(rows.slice(start, start + rowsPerStatement) as never)
        .execute()
    }
    summary[table] += rows.length
  }
}

async function insertCatalogue(insert: Insert, productCount: number): Promise<CatalogueFacts> {
  const { rows: categories, leaves } = buildCategories()
  await insert('warehouses', WAREHOUSES)
  await insert('brands', brandRows())
  await insert('categories', categories)
  await insert('params', paramRows())
  await insert('tags', tagRows())
  const facts: CatalogueFacts = {
    count: productCount,
    prices: new Float64Array(productCount),
    mainWarehouseStock: new Int32Array(productCount),
  }
  const flush = async (batch: ProductBundle[]) => {
    await insert(
      'products',
      batch.map((bundle) => bundle.product),
    )
    await insert(
      'product_params',
      batch.flatMap((bundle) => bundle.params),
    )
    await insert(
      'product_tags',
      batch.flatMap((bundle) => bundle.tags),
    )
    await insert(
      'pictures',
      batch.flatMap((bundle) => bundle.pictures),
    )
    await insert(
      'stocks',
      batch.flatMap((bundle) => bundle.stocks),
    )
  }
  let batch: ProductBundle[] = []
  for (const bundle of generateProducts(createRandom(CATALOGUE_SEED), productCount, leaves)) {
    const index = bundle.product.id - 1
    facts.prices[index] = bundle.product.price
    facts.mainWarehouseStock[index] = bundle.stocks.find((stock) => stock.warehouse_id === 1)?.quantity ?? 0
    batch.push(bundle)
    if (batch.length === PRODUCTS_PER_BATCH) {
      await flush(batch)
      batch = []
    }
  }
  await flush(batch)
  return facts
}

export interface SeedOptions {
  /** products in the catalogue (DEFAULT_SEED_PRODUCTS) */
  products?: number
  /**
   * The moment the demo history ends: the last orders were placed minutes before it, the rest over
   * the half year before. `npm start` and `npm run seed` give the real time, so every default
   * period (the orders' week, the purchased goods' 30 days) shows data; tests, a fixed one
   * (SEED_BASE_TIME when left out).
   */
  now?: Date
}

/**
 * Fills an empty, migrated database with the demo: a catalogue of `products` products, two customer
 * companies with their logins (password DEMO_PASSWORD) and half a year of orders up to `now` (none
 * when `products` is 0). The same options always give the same rows, ids included.
 */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const productCount = options.products ?? DEFAULT_SEED_PRODUCTS
  if (!Number.isInteger(productCount) || productCount < 0) {
    throw new RangeError(`products must be a whole number, got ${productCount}`)
  }
  const baseMs = options.now?.getTime() ?? Date.parse(SEED_BASE_TIME)
  if (!Number.isFinite(baseMs)) throw new RangeError('now must be a valid date')
  const daysAgo = (days: number) => new Date(baseMs - days * 24 * 60 * 60_000).toISOString()
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const summary = Object.fromEntries(SEEDED_TABLES.map((table) => [table, 0])) as SeedSummary

  await db.kysely.transaction().execute(async (trx) => {
    const insert = createInserter(trx, db.dialect, summary)
    const catalogue = await insertCatalogue(insert, productCount)
    const { rows: customerRows, companies } = buildCustomers(passwordHash, daysAgo)
    for (const [table, rows] of Object.entries(customerRows)) {
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- Object.entries() types a table's rows any; each table gets its own
      await insert(table as keyof typeof customerRows, rows)
    }
    await insert('order_states', ORDER_STATES)
    const history = buildHistory(createRandom(HISTORY_SEED), companies, catalogue, baseMs)
    for (const [table, rows] of Object.entries(history)) {
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- as above
      await insert(table as keyof typeof history, rows)
    }
    await insert('payments', buildPayments(createRandom(PAYMENTS_SEED), history.orders, baseMs))
    await insertInboxDemo(trx, companies, baseMs)
    if (db.dialect === 'postgres') {
      for (const table of SERIAL_TABLES) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT MAX(id) FROM ${sql.table(table)}))`.execute(trx)
      }
    }
  })
  return summary
}
