import type { Kysely, Migration } from 'kysely'
import type { DialectName } from './connection'
import { createVersionTriggers } from './migration-version-triggers'

/** What a listed product carries besides the catalogue and its stock: its first picture, the user's wish and need. */
const LISTED_MARKS_TABLES = ['pictures', 'wishes', 'needs'] as const

/**
 * A version counter for the listed products' pictures, wishes and needs, bumped like the
 * catalogue's and the stock's: a catalogue answer kept at a version (server/catalogue/answer-cache.ts)
 * is answered again only while none of them changed.
 */
export function listedMarksVersionMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.insertInto('catalogue_versions').values({ name: 'marks', version: 0 }).execute()
      await createVersionTriggers(db, dialect, 'marks', LISTED_MARKS_TABLES)
    },
  }
}
