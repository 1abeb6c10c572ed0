import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely'
import type { DialectName } from './connection'
import type { WithId } from './migration-drafts'

/**
 * The exporter (issue 23): each account's saved brand selection, and the export jobs. A job is
 * 'queued', claimed by one worker ('working', with a lease renewed by its heartbeat), then 'ready'
 * (its XLSX at `file_path`) or 'failed' (with its message). At most one queued or working job per
 * company: a partial unique index, so two requests at once cannot both start one.
 */
export function exportJobsMigration(dialect: DialectName, withId: WithId): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('exporter_brands')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('exporter_brands_pk', ['user_id', 'brand_id'])
        .execute()
      await withId(db.schema.createTable('export_jobs') as CreateTableBuilder<string, never>, dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id'))
        .addColumn('brand_ids', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('progress', sql`double precision`, (c) => c.notNull().defaultTo(0))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_by', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('file_path', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('ready_at', 'text')
        .execute()
      await db.schema.createIndex('export_jobs_customer').on('export_jobs').columns(['customer_id', 'id']).execute()
      await db.schema.createIndex('export_jobs_state').on('export_jobs').columns(['state', 'id']).execute()
      await db.schema
        .createIndex('export_jobs_one_running')
        .on('export_jobs')
        .column('customer_id')
        .unique()
        .where(sql.ref('state'), 'in', sql`('queued', 'working')`)
        .execute()
    },
  }
}
