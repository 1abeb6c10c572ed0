import type { Kysely, Migration } from 'kysely'

/**
 * The catalogue's own order (spec §4, sorting "none"): a sort weight per product set by the
 * supplier, smaller first, ties by id. 500 is the weight of a product nobody has placed.
 */
const DEFAULT_PRODUCT_SORT = 500

export function productSortMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('products')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(DEFAULT_PRODUCT_SORT))
        .execute()
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('products').dropColumn('sort').execute()
    },
  }
}
