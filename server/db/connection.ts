import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import type { Database } from './schema'

export type DialectName = 'sqlite' | 'postgres'
export interface Db {
  kysely: Kysely<Database>
  dialect: DialectName
  close: () => Promise<void>
}

// int8 and numeric come back from pg as strings; the cabinet's values fit a double.
pg.types.setTypeParser(20, (v) => Number(v))
pg.types.setTypeParser(1700, (v) => Number(v))

export interface DbOptions {
  /** a postgres:// URL; when set, PostgreSQL is used */
  databaseUrl?: string
  /** SQLite file path (or ':memory:') when no URL is given */
  sqliteFile?: string
  /** PostgreSQL schema to work in (tests use one per run) */
  pgSchema?: string
}

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    })
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() }
  }
  const file = options.sqliteFile ?? 'data/cabinet.sqlite'
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() }
}
