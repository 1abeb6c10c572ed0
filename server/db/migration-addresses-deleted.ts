import type { Kysely, Migration } from 'kysely'

/**
 * A deleted delivery address stays as a row marked `deleted`: the orders placed to it keep their
 * address_id (a foreign key) and their detail still shows where the goods went. Lists, the basket's
 * delivery selector and new orders see only the rows not deleted.
 */
export function addressesDeletedMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('addresses')
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('addresses').dropColumn('deleted').execute()
    },
  }
}
