import { sql, type Kysely, type Migration } from 'kysely'

/**
 * Price policies (issue 22): which prices a manager sees, kept on its login so every request reads
 * it with the session (a change applies on the very next request). 'contract' (the default),
 * 'rrc' or 'markup' with `price_markup` percent.
 */
export function pricePoliciesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('price_policy', 'text', (c) => c.notNull().defaultTo('contract'))
        .execute()
      await db.schema
        .alterTable('users')
        .addColumn('price_markup', sql`double precision`, (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}
