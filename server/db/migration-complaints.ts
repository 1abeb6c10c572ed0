import type { CreateTableBuilder, Kysely, Migration } from 'kysely'
import type { DialectName } from './connection'
import type { WithId } from './migration-drafts'

/** Issue 23: a company's complaints (spec §2 Complaints table) and their entries: product and quantity (spec §3). */
export function complaintsMigration(dialect: DialectName, withId: WithId): Migration {
  return {
    async up(db: Kysely<any>) {
      const table = (name: string) => withId(db.schema.createTable(name) as CreateTableBuilder<string, never>, dialect)
      await table('complaints')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('complaints_customer').on('complaints').columns(['customer_id', 'id']).execute()
      await table('complaint_entries')
        .addColumn('complaint_id', 'integer', (c) => c.notNull().references('complaints.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('qnt', 'integer', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('complaint_entries_complaint').on('complaint_entries').column('complaint_id').execute()
    },
  }
}
