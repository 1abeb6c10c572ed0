import type { CreateTableBuilder, Kysely, Migration } from 'kysely'

/**
 * Managers (issue 22): a deleted manager keeps its row (`deleted_at`), so its orders keep their
 * user and history its name; an invitation is a one-time token (only its hash is stored) that
 * lets a new manager set its password.
 */
export function managersMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute()
      const table = db.schema.createTable('manager_invitations') as CreateTableBuilder<string, never>
      await table
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute()
      await db.schema.createIndex('manager_invitations_user').on('manager_invitations').column('user_id').execute()
    },
  }
}
