import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely'
import type { DialectName } from './connection'
import type { WithId } from './migration-drafts'

/**
 * Payments against a contract, and reconciliation acts: an act is requested 'queued', a worker
 * claims it (state 'working'), builds its XLSX into `file` and sets it 'ready' (or 'failed').
 * The file lives in the database, so any process may serve it and none holds state.
 */
export function actsMigration(dialect: DialectName, withId: WithId): Migration {
  return {
    async up(db: Kysely<any>) {
      const table = (name: string) => withId(db.schema.createTable(name) as CreateTableBuilder<string, never>, dialect)
      await table('payments')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id'))
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('sum', sql`double precision`, (c) => c.notNull())
        .addColumn('paid_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('payments_contract').on('payments').columns(['contract_id', 'paid_at']).execute()
      await table('acts')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id'))
        .addColumn('contragent_id', 'integer', (c) => c.notNull().references('contragents.id'))
        .addColumn('start_day', 'text', (c) => c.notNull())
        .addColumn('end_day', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('file', dialect === 'postgres' ? 'bytea' : 'blob')
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text')
        .addColumn('ready_at', 'text')
        .execute()
      await db.schema.createIndex('acts_customer').on('acts').columns(['customer_id', 'created_at']).execute()
      await db.schema.createIndex('acts_state').on('acts').columns(['state', 'id']).execute()
    },
  }
}
