import { sql, type Kysely, type Migration } from 'kysely'

/**
 * The contragents screen: a KPP beside the INN ('' when none), and a soft delete. A deleted
 * contragent leaves the lists but its row stays, so the acts and orders that name it keep the
 * name it had. One column per statement: SQLite's ALTER TABLE adds a single column at a time.
 */
export function contragentsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('contragents')
        .addColumn('kpp', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema.alterTable('contragents').addColumn('deleted_at', 'text').execute()
      // spec §8's duplicate: one listed contragent per INN and KPP in a company, also under concurrent adds
      await db.schema
        .createIndex('contragents_listed_inn_kpp')
        .on('contragents')
        .columns(['customer_id', 'inn', 'kpp'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute()
    },
  }
}
