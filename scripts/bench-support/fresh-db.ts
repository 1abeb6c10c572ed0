import { mkdtempSync, rmSync } from 'node:fs'
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
}

/**
 * A fresh, migrated, empty database: a temporary SQLite file, or a new schema in the
 * PostgreSQL database named by DATABASE_URL when it is set (PG_POOL_SIZE connections at most, when set).
 */
export async function createFreshDb(): Promise<FreshDb> {
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
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-fresh-'))
  const db = openDatabase({ sqliteFile: join(dir, 'test.sqlite') })
  await migrate(db)
  return {
    ...db,
    dispose: async () => {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
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
