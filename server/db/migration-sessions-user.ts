import type { Kysely, Migration } from 'kysely'

/**
 * A sign-in keeps the user's newest sessions and ends the rest (server/auth/sessions.ts): the
 * index finds one user's sessions, newest first, without reading every user's.
 */
export function sessionsUserMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'created_at']).execute()
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('sessions_user').execute()
    },
  }
}
