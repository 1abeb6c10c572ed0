import type { Db } from '../db/connection'
import { verifyPassword } from './passwords'

export type PasswordMatch = { kind: 'password' } | { kind: 'temporary'; hash: string } | { kind: 'none' }

/** The password, or else a live temporary password from the reminder. */
export async function matchPassword(db: Db, user: { id: number; password_hash: string }, password: string, now: Date): Promise<PasswordMatch> {
  if (await verifyPassword(password, user.password_hash)) return { kind: 'password' }
  const reset = await db.kysely
    .selectFrom('password_resets')
    .select('password_hash')
    .where('user_id', '=', user.id)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  return reset && (await verifyPassword(password, reset.password_hash)) ? { kind: 'temporary', hash: reset.password_hash } : { kind: 'none' }
}

/** A temporary password used once becomes the password. */
export async function adoptTemporaryPassword(db: Db, userId: number, hash: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute()
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute()
  })
}
