import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand, type AdminDeps } from '../../server/cli/admin'
import { BACKUP_MESSAGES } from '../../server/cli/backup'
import { openDatabase, type Db } from '../../server/db/connection'
import { migrate } from '../../server/db/migrations'
import { createMailer } from '../../server/mail/mailer'
import { createFreshDb, type FreshDb } from '../../scripts/bench-support/fresh-db'

/** Issue 26: `npm run admin -- backup <file>` copies the live SQLite database; on PostgreSQL it names pg_dump. */
const silent = { info: () => {}, error: () => {} }
const now = () => new Date()

async function admin(args: string[], deps: AdminDeps): Promise<{ code: number; text: string }> {
  const lines: string[] = []
  const code = await runAdminCommand(args, deps, (line) => lines.push(line))
  return { code, text: lines.join('\n') }
}

describe.runIf(!process.env.DATABASE_URL)('backup of the SQLite database', () => {
  let dir: string
  let db: Db
  let deps: AdminDeps
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cabinet-backup-'))
    const sqliteFile = join(dir, 'cabinet.sqlite')
    db = openDatabase({ sqliteFile })
    await migrate(db)
    deps = { db, now, mailer: createMailer({ db, from: 'test@example.com', now, log: silent }), sqliteFile }
  })
  afterAll(async () => {
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const mails = () =>
    db.kysely
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()

  it('copies every row committed before it while the server keeps writing, into a file that opens on its own', async () => {
    for (let i = 0; i < 200; i++) await deps.mailer.send({ to: `before${i}@example.com`, subject: 'До копии', text: 'x'.repeat(500) })
    let writing = true
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        await deps.mailer.send({ to: `during${i}@example.com`, subject: 'Во время копии', text: 'y'.repeat(500) })
        // SQLite answers in the same tick: yield as a server does between requests, or the backup's steps never run
        await new Promise(setImmediate)
      }
    })()
    const target = join(dir, 'copies', 'cabinet-copy.sqlite')
    const result = await admin(['backup', target], deps)
    writing = false
    await writer
    expect(result).toEqual({ code: 0, text: expect.stringMatching(new RegExp(`^Копия базы записана: ${target} \\(\\d+ стр\\.\\)$`)) })

    const copy = new SQLite(target, { readonly: true })
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      const copied = copy.prepare('select count(*) as count, sum(subject = ?) as before from outbox').get('До копии') as { count: number; before: number }
      expect(copied.before).toBe(200)
      expect(copied.count).toBeLessThanOrEqual(Number((await mails()).count))
      expect(copy.prepare('select count(*) as count from users').get()).toEqual({ count: 0 })
    } finally {
      copy.close()
    }
  })

  it('refuses to overwrite a file, and says so', async () => {
    const target = join(dir, 'taken.sqlite')
    expect((await admin(['backup', target], deps)).code).toBe(0)
    expect(await admin(['backup', target], deps)).toEqual({ code: 1, text: BACKUP_MESSAGES.targetExists(target) })
  })

  it('without a file name prints the usage', async () => {
    const result = await admin(['backup'], deps)
    expect(result.code).toBe(2)
    expect(result.text).toContain('backup <файл>')
  })
})

describe.runIf(process.env.DATABASE_URL)('backup on PostgreSQL', () => {
  let db: FreshDb
  beforeAll(async () => {
    db = await createFreshDb()
  })
  afterAll(() => db?.dispose())

  it('names pg_dump and pg_restore instead of copying', async () => {
    const deps = { db, now, mailer: createMailer({ db, from: 'test@example.com', now, log: silent }) }
    expect(await admin(['backup', '/tmp/never-written.sqlite'], deps)).toEqual({ code: 1, text: BACKUP_MESSAGES.postgres })
  })
})
