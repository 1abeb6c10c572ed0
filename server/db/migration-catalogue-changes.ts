import { sql, type Kysely, type Migration } from 'kysely'
import type { DialectName } from './connection'

/** The product tables whose changed rows are logged by product id (the column holding it). */
const PRODUCT_TABLES = { products: 'id', product_params: 'product_id', product_tags: 'product_id' } as const

/** The other tables the catalogue copies: a change to them logs a row without a product. */
const STRUCTURE_TABLES = ['categories', 'brands', 'params', 'tags', 'warehouses'] as const

/**
 * Which products changed, so that a served copy of the catalogue can take a few changed rows in
 * place instead of being read anew (server/catalogue/snapshot-changes.ts). Each change logs the
 * product it touches with the catalogue version at the change (after its own bump on PostgreSQL;
 * before or after it on SQLite, whose writers take turns), or a row without a product when the structure changed
 * (categories, brands, params, tags, warehouses) or a product table was truncated.
 * The `changes_from` row of catalogue_versions is the version the log is whole from: pruning
 * moves it up, and a copy older than it is read anew.
 */
export function catalogueChangesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('catalogue_changes')
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addColumn('product_id', 'integer')
        .execute()
      await db.schema.createIndex('catalogue_changes_version').on('catalogue_changes').column('version').execute()
      await sql`insert into catalogue_versions (name, version)
        select 'changes_from', version from catalogue_versions where name = 'catalogue'`.execute(db)
      if (dialect === 'postgres') await postgresTriggers(db)
      else await sqliteTriggers(db)
    },
  }
}

const currentVersion = sql`(select version from catalogue_versions where name = 'catalogue')`

async function sqliteTriggers(db: Kysely<any>) {
  for (const [table, column] of Object.entries(PRODUCT_TABLES)) {
    for (const [event, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql`create trigger ${sql.id(`${table}_${event}_logs_change`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin insert into catalogue_changes (version, product_id) values (${currentVersion}, ${sql.ref(`${row}.${column}`)}); end`.execute(db)
    }
    // a row moved to another product changes the one it left too
    await sql`create trigger ${sql.id(`${table}_move_logs_change`)} after update on ${sql.table(table)}
      when ${sql.ref(`old.${column}`)} <> ${sql.ref(`new.${column}`)}
      begin insert into catalogue_changes (version, product_id) values (${currentVersion}, ${sql.ref(`old.${column}`)}); end`.execute(db)
  }
  for (const table of STRUCTURE_TABLES) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      await sql`create trigger ${sql.id(`${table}_${event}_logs_change`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin insert into catalogue_changes (version, product_id) values (${currentVersion}, null); end`.execute(db)
    }
  }
}

/**
 * Statement-level, over the statement's changed rows (transition tables), so a bulk write logs in
 * one insert. Named to run after the version bump of the same statement (PostgreSQL runs a
 * table's triggers for an event in name order: "…_bumps_version" before "…_logs_…"), so they log
 * the version the bump made: a writer that waited for another's bump logs the version after both.
 */
async function postgresTriggers(db: Kysely<any>) {
  for (const [table, column] of Object.entries(PRODUCT_TABLES)) {
    const log = sql.id(`log_${table}_changes`)
    await sql`create function ${log}() returns trigger language plpgsql set search_path from current as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then
          insert into catalogue_changes (version, product_id) select ${currentVersion}, ${sql.ref(column)} from new_rows;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          insert into catalogue_changes (version, product_id) select ${currentVersion}, ${sql.ref(column)} from old_rows;
        end if;
        return null;
      end $$`.execute(db)
    // transition tables take one event a trigger
    const transitions = { insert: sql`new table as new_rows`, update: sql`old table as old_rows new table as new_rows`, delete: sql`old table as old_rows` }
    for (const [event, referencing] of Object.entries(transitions)) {
      await sql`create trigger ${sql.id(`${table}_logs_changes_on_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${referencing} for each statement execute function ${log}()`.execute(db)
    }
  }
  await sql`create function log_catalogue_structure_change() returns trigger language plpgsql set search_path from current as $$
    begin insert into catalogue_changes (version, product_id) values (${currentVersion}, null); return null; end $$`.execute(db)
  for (const table of [...STRUCTURE_TABLES, ...Object.keys(PRODUCT_TABLES)]) {
    // a truncated product table has no transition table: the whole copy is read anew
    const events = STRUCTURE_TABLES.includes(table as (typeof STRUCTURE_TABLES)[number]) ? sql`insert or update or delete or truncate` : sql`truncate`
    await sql`create trigger ${sql.id(`${table}_logs_structure_change`)} after ${events} on ${sql.table(table)}
      for each statement execute function log_catalogue_structure_change()`.execute(db)
  }
}

/**
 * Issue 24: a truncated product table on PostgreSQL logs product -1 instead of a row without a
 * product, which now means a structure change that a served copy takes in place. SQLite has no
 * truncate: a delete of every row logs each row.
 */
export function catalogueTruncateMarkerMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return
      await sql`create function log_catalogue_truncate() returns trigger language plpgsql set search_path from current as $$
        begin insert into catalogue_changes (version, product_id) values (${currentVersion}, -1); return null; end $$`.execute(db)
      for (const table of Object.keys(PRODUCT_TABLES)) {
        await sql`drop trigger ${sql.id(`${table}_logs_structure_change`)} on ${sql.table(table)}`.execute(db)
        await sql`create trigger ${sql.id(`${table}_logs_truncate`)} after truncate on ${sql.table(table)}
          for each statement execute function log_catalogue_truncate()`.execute(db)
      }
    },
  }
}
