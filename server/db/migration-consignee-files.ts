import type { Kysely, Migration } from 'kysely'
import type { DialectName } from './connection'

/**
 * A consignee's attached image, and its removal that keeps history: orders point at their
 * consignee, so a removed one is only marked (`deleted_at`) and leaves the lists, while the
 * orders placed with it still show its name. The image's bytes live in a table of their own, so
 * the lists never read them.
 */
export function consigneeFilesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('consignees').addColumn('deleted_at', 'text').execute()
      await db.schema.createIndex('consignees_customer').on('consignees').columns(['customer_id', 'id']).execute()
      await db.schema
        .createTable('consignee_files')
        .addColumn('consignee_id', 'integer', (c) => c.primaryKey().references('consignees.id').onDelete('cascade'))
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .execute()
    },
  }
}
