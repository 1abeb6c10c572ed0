import type { CreateTableBuilder, Kysely, Migration } from 'kysely'
import type { DialectName } from './connection'
import type { WithId } from './migration-drafts'

/** Issue 23: the callback requests a dealer leaves for the supplier (spec §3 Callback: phone, firstname). */
export function callbacksComplaintsMigration(dialect: DialectName, withId: WithId): Migration {
  return {
    async up(db: Kysely<any>) {
      const table = (name: string) => withId(db.schema.createTable(name) as CreateTableBuilder<string, never>, dialect)
      await table('callback_requests')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('firstname', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('callback_requests_created').on('callback_requests').column('created_at').execute()
    },
  }
}
