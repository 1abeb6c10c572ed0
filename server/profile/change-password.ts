import type { PasswordChangeRequest } from '../../src/contract/profile'
import { PROFILE_TEXTS } from '../../src/contract/profile'
import { matchPassword } from '../auth/password-match'
import { hashPassword } from '../auth/passwords'
import { hashSessionId } from '../auth/sessions'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'

/**
 * Sets a new password after checking the current one (a live temporary password from the reminder
 * counts as current). Any pending temporary password is spent, and every other session of the
 * account ends; the session making the change stays. Answers how many sessions ended.
 */
export async function changePassword(db: Db, userId: number, sessionId: string, request: PasswordChangeRequest, now: Date): Promise<number> {
  const user = await db.kysely.selectFrom('users').select(['id', 'password_hash']).where('id', '=', userId).executeTakeFirstOrThrow()
  const match = await matchPassword(db, user, request.currentPassword, now)
  if (match.kind === 'none') throw new HttpError(400, PROFILE_TEXTS.wrongCurrentPassword)

  const passwordHash = await hashPassword(request.newPassword)
  return db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute()
    const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', hashSessionId(sessionId)).executeTakeFirst()
    return Number(ended.numDeletedRows)
  })
}
