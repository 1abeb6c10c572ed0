import { existsSync, mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import SQLite from 'better-sqlite3'

/** Pages per backup step past the first: all that are left, so the copy is one snapshot and no write in between restarts it. */
const ALL_PAGES = 0x7fffffff

export const BACKUP_MESSAGES = {
  postgres:
    'База — PostgreSQL: копию делает pg_dump, например: pg_dump --format=custom --file=cabinet.dump "$DATABASE_URL"; восстановление: pg_restore --clean --if-exists --dbname="$DATABASE_URL" cabinet.dump',
  targetExists: (file: string) => `Файл ${file} уже есть: укажите новый файл, существующий не перезаписывается`,
  sourceMissing: (file: string) => `Файла базы ${file} нет: нечего копировать`,
  done: (file: string, pages: number) => `Копия базы записана: ${file} (${pages} стр.)`,
} as const

/**
 * A consistent copy of the live SQLite database through SQLite's backup API: it reads one snapshot
 * through its own read-only connection while the server keeps writing (WAL), and writes a file
 * that opens on its own. Answers the pages copied.
 */
export async function backupSqlite(sourceFile: string, targetFile: string): Promise<number> {
  const target = resolve(targetFile)
  if (existsSync(target)) throw new BackupRefusal(BACKUP_MESSAGES.targetExists(target))
  if (!existsSync(sourceFile)) throw new BackupRefusal(BACKUP_MESSAGES.sourceMissing(sourceFile))
  mkdirSync(dirname(target), { recursive: true })
  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true })
  try {
    source.pragma('busy_timeout = 5000')
    const { totalPages } = await source.backup(target, { progress: () => ALL_PAGES })
    return totalPages
  } finally {
    source.close()
  }
}

/** A backup that is not made, with the reason for the administrator. */
export class BackupRefusal extends Error {
  override name = 'BackupRefusal'
}
