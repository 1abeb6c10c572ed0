import type { CreateTableBuilder, Kysely, Migration } from 'kysely'
import type { DialectName } from './connection'

/** migrations.ts's id column maker, handed in: this file cannot import the file that imports it. */
export type WithId = (table: CreateTableBuilder<string, never>, dialect: DialectName) => CreateTableBuilder<string, 'id'>

/** Saved baskets: a draft is a user's basket under one contract, kept under a name. */
export function draftsMigration(dialect: DialectName, withId: WithId): Migration {
  return {
    async up(db: Kysely<any>) {
      const table = (name: string) => withId(db.schema.createTable(name) as CreateTableBuilder<string, never>, dialect)
      await table('drafts')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id'))
        .addColumn('header', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('drafts_user').on('drafts').columns(['user_id', 'created_at']).execute()
      await table('draft_lines')
        .addColumn('draft_id', 'integer', (c) => c.notNull().references('drafts.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('qnt', 'integer', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('draft_lines_draft').on('draft_lines').column('draft_id').execute()
    },
  }
}
