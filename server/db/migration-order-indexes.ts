import type { Kysely, Migration } from 'kysely'

/**
 * The orders list (GET /api/order/) at 100 000 orders a company (npm run bench:orders):
 * every filter but the document search reads only the first index, in the list's order, so a
 * count or a deep page never touches the table; the article filter finds its orders by product.
 * The list index starts with the columns of 0001's orders_customer, which it replaces: SQLite
 * would otherwise walk the narrower one and read the table for every order a deep page skips.
 */
const INDEXES = {
  orders_customer_list: { table: 'orders', columns: ['customer_id', 'created_at', 'id', 'contract_id', 'state', 'paid'] },
  order_lines_product: { table: 'order_lines', columns: ['product_id', 'order_id'] },
} as const

export function orderIndexesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const [name, { table, columns }] of Object.entries(INDEXES))
        await db.schema
          .createIndex(name)
          .on(table)
          .columns([...columns])
          .execute()
      await db.schema.dropIndex('orders_customer').execute()
    },
    async down(db: Kysely<any>) {
      await db.schema.createIndex('orders_customer').on('orders').columns(['customer_id', 'created_at']).execute()
      for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute()
    },
  }
}
