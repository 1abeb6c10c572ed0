import { sql, type Kysely } from 'kysely'
import type { DialectName } from './connection'

/**
 * Triggers that bump the `name` row of catalogue_versions in the transaction of every change to
 * the tables, whoever writes them. On PostgreSQL they call bump_catalogue_version (made with the
 * table by 0002_catalogue_versions) once per statement, so a bulk write bumps once.
 */
export async function createVersionTriggers(db: Kysely<any>, dialect: DialectName, name: string, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    if (dialect === 'postgres') {
      await sql`create trigger ${sql.id(`${table}_bumps_version`)} after insert or update or delete or truncate on ${sql.table(table)}
              for each statement execute function bump_catalogue_version(${sql.lit(name)})`.execute(db)
      continue
    }
    for (const event of ['insert', 'update', 'delete'] as const) {
      await sql`create trigger ${sql.id(`${table}_${event}_bumps_version`)} after ${sql.raw(event)} on ${sql.table(table)}
              begin update catalogue_versions set version = version + 1 where name = ${sql.lit(name)}; end`.execute(db)
    }
  }
}
