import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Db } from '../../server/db/connection'
import { migrate } from '../../server/db/migrations'

/**
 * A scratch database for the benches (npm run bench:*) and the server tests (tests/server), which
 * import it from here: scripts never import from tests/.
 */
export interface FreshDb extends Db {
  /** closes the connection and drops the database (temp file or PostgreSQL schema) */
  dispose: () => Promise<void>
  /** the environment variables that point a server process (tsx server/main.ts) at this database */
  serverEnv: { DATABASE_URL: string; DB_FILE: string }
}

/**
 * A fresh, migrated, empty database: a temporary SQLite file, or a new schema in the
 * PostgreSQL database named by DATABASE_URL when it is set (PG_POOL_SIZE connections at most, when set).
 * With `copyOf` (SQLite only), the temporary file starts as a copy of that SQLite file instead of empty.
 */
export async function createFreshDb({ copyOf }: { copyOf?: string } = {}): Promise<FreshDb> {
  const url = process.env.DATABASE_URL
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`
    await withPgClient(url, (c) => c.query(`CREATE SCHEMA ${schema}`))
    const db = openDatabase({ databaseUrl: url, pgSchema: schema, pgPoolSize: Number(process.env.PG_POOL_SIZE) || undefined })
    await migrate(db)
    return {
      ...db,
      dispose: async () => {
        await db.close()
        await withPgClient(url, (c) => c.query(`DROP SCHEMA ${schema} CASCADE`))
      },
      serverEnv: { DATABASE_URL: inSchema(url, schema), DB_FILE: '' },
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-fresh-'))
  if (copyOf) copyFileSync(copyOf, join(dir, 'test.sqlite'))
  const db = openDatabase({ sqliteFile: join(dir, 'test.sqlite') })
  await migrate(db)
  return {
    ...db,
    dispose: async () => {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
    },
    serverEnv: { DATABASE_URL: '', DB_FILE: join(dir, 'test.sqlite') },
  }
}

/** The URL with the schema as the connections' search path (libpq's `options`, which pg reads from the URL too). */
function inSchema(url: string, schema: string): string {
  const withSchema = new URL(url)
  withSchema.searchParams.set('options', `-c search_path=${schema}`)
  return withSchema.toString()
}

async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
