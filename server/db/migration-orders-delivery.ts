import type { Kysely, Migration } from 'kysely'

/**
 * The delivery an order was placed with, and the warehouses' opening hours. One column per
 * statement: SQLite's ALTER TABLE adds a single column at a time. The new order columns are
 * nullable, so the orders placed before stay as they were.
 */
export function ordersDeliveryMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('warehouses')
        .addColumn('schedule', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      for (const column of ['delivery_method', 'delivery_company', 'delivery_type', 'delivery_region']) {
        await db.schema.alterTable('orders').addColumn(column, 'text').execute()
      }
      await db.schema
        .alterTable('orders')
        .addColumn('address_id', 'integer', (c) => c.references('addresses.id'))
        .execute()
      await db.schema
        .alterTable('orders')
        .addColumn('consignee_id', 'integer', (c) => c.references('consignees.id'))
        .execute()
    },
  }
}
