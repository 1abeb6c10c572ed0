import type { CreateTableBuilder, Kysely, Migration } from 'kysely'
import type { DialectName } from './connection'
import type { WithId } from './migration-drafts'

/** Issue 25: «Сообщить о проблеме»: a dealer's comment and the last 30 minutes of its journal, for the supplier only. */
export function problemReportsMigration(dialect: DialectName, withId: WithId): Migration {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('problem_reports') as CreateTableBuilder<string, never>, dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('journal', 'text', (c) => c.notNull())
        .addColumn('journal_size', 'integer', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
