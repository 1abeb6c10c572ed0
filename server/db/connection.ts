import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool, type PostgresPoolClient, type SqliteDatabase } from 'kysely'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import type { Database } from './schema'

export type DialectName = 'sqlite' | 'postgres'
export interface Db {
  kysely: Kysely<Database>
  dialect: DialectName
  close: () => Promise<void>
  /** PostgreSQL's pool: its connections, the idle ones and the queries waiting for one (for /metrics) */
  poolUsage?: () => { total: number; idle: number; waiting: number }
  /** PostgreSQL's pool: the connections it keeps at most */
  poolSize?: number
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
  /** PostgreSQL connections kept at most (DEFAULT_PG_POOL_SIZE unless given) */
  pgPoolSize?: number
}

/**
 * Connections to PostgreSQL one process keeps at most (PG_POOL_SIZE). With 10, 500 dealers polling
 * (npm run bench:pollers) queued for a connection; more than the database's cores buys little, and
 * each connection is a server process (PostgreSQL's max_connections is 100 by default).
 */
export const DEFAULT_PG_POOL_SIZE = 20

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? DEFAULT_PG_POOL_SIZE,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    })
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingStatements(pool) }) })
    const poolUsage = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
    return { kysely, dialect: 'postgres', close: () => kysely.destroy(), poolUsage, poolSize: pool.options.max }
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

/** SQL text → the name PostgreSQL keeps it under, parsed and planned, on each connection. */
const statementNames = new Map<string, string>()

/**
 * Asks PostgreSQL to keep this SQL parsed and planned on each connection (a named statement)
 * instead of parsing and planning it at every run: for the few hot queries compiled once
 * (server/db/prepared-query.ts). Planning the session's join took longer than running it.
 */
export function keepPlannedOnPostgres(sqlText: string): void {
  if (!statementNames.has(sqlText)) statementNames.set(sqlText, `cabinet_${statementNames.size + 1}`)
}

/** The pool as Kysely sees it: a query whose SQL was named by keepPlannedOnPostgres goes as that named statement. */
function namingStatements(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>()
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // a cursor (not a string) is passed through as it is
    query: ((query: string, values?: unknown[]) => {
      const name = statementNames.get(query)
      return name ? client.query({ name, text: query, values }) : client.query(query, values)
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  })
  return {
    connect: async () => {
      const client = await pool.connect()
      let kyselyClient = wrapped.get(client)
      if (!kyselyClient) wrapped.set(client, (kyselyClient = wrap(client)))
      return kyselyClient
    },
    end: () => pool.end(),
  }
}

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
