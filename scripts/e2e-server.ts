import { mkdirSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'

/** The e2e web server: a fresh SQLite file every run, then the real server (migrate, seed, serve). */
const dbFile = process.env.DB_FILE
if (!dbFile) throw new Error('DB_FILE must name the e2e database file')
for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${dbFile}${suffix}`, { force: true })
mkdirSync(dirname(dbFile), { recursive: true })
await import('../server/main')
