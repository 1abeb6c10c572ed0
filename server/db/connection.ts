import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely'
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
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() }
}

const STATEMENT_CACHE_SIZE = 500

/**
 * Kysely prepares every query anew; compiling the SQL was about a tenth of a catalogue request's
 * CPU under load. The app's queries are few shapes with bound parameters, so their compiled
 * statements are kept (oldest dropped first). SQLite recompiles a kept statement by itself when
 * the schema changes under it.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare: (query: string) => {
      let statement = statements.get(query)
      if (statement) {
        statements.delete(query)
      } else {
        statement = sqlite.prepare(query)
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!)
      }
      statements.set(query, statement)
      return statement
    },
  }
}
