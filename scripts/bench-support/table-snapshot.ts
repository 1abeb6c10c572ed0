/** Every table's rows, for the before/after comparisons of the server tests and of `npm run bench:fuzz`. */
import type { Database } from '../../server/db/schema'
import type { FreshDb } from './fresh-db'

/** Every table of schema.ts; the `satisfies` makes a new table a compile error here until it is listed. */
const TABLES = {
  customers: true,
  users: true,
  sessions: true,
  password_resets: true,
  rate_limits: true,
  captchas: true,
  outbox: true,
  contragents: true,
  contracts: true,
  manager_contracts: true,
  addresses: true,
  consignees: true,
  warehouses: true,
  brands: true,
  categories: true,
  products: true,
  params: true,
  product_params: true,
  tags: true,
  product_tags: true,
  pictures: true,
  stocks: true,
  wishes: true,
  needs: true,
  basket_lines: true,
  order_states: true,
  orders: true,
  order_lines: true,
  order_counts: true,
  order_search: true,
  drafts: true,
  draft_lines: true,
  payments: true,
  acts: true,
  consignee_files: true,
  manager_invitations: true,
  chat_messages: true,
  chat_seen: true,
  notifications: true,
  notification_reads: true,
  top_news: true,
  hidden_top_news: true,
  exporter_brands: true,
  export_jobs: true,
  callback_requests: true,
  complaints: true,
  complaint_entries: true,
  problem_reports: true,
} satisfies Record<keyof Database, true>

const TABLE_NAMES = Object.keys(TABLES) as (keyof Database)[]

/** A table's rows in a stable order, for before/after comparisons. */
export async function readTable(db: FreshDb, table: keyof Database): Promise<unknown[]> {
  const rows = await db.kysely.selectFrom(table).selectAll().execute()
  return rows.map((row) => JSON.stringify(row)).sort()
}

export async function snapshotAllTables(db: FreshDb): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {}
  for (const table of TABLE_NAMES) snapshot[table] = await readTable(db, table)
  return snapshot
}
