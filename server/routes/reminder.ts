import type { FastifyInstance } from 'fastify'
import { REMINDER_MESSAGES, reminderRequestSchema } from '../../src/contract/registration'
import { generateTemporaryPassword, hashPassword } from '../auth/passwords'
import { enforceAccountRateLimit, enforceRateLimit } from '../auth/rate-limit'
import type { AppDeps } from '../deps'
import { passwordReminderMail } from '../mail/messages'
import { HttpError, parseBody } from '../validation'

const TEMPORARY_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000

/**
 * POST /reminder/ {email}: mails the login and a temporary password. The old password keeps
 * working; the temporary one replaces it when it is first used to log in.
 */
export function registerReminderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps

  app.post('/reminder/', { config: { errorBody: (message) => ({ result: 0, message }) } }, async (request) => {
    const { email } = parseBody(reminderRequestSchema, request)
    if (!email) throw new HttpError(400, REMINDER_MESSAGES.empty)
    await enforceRateLimit(deps, request, 'reminder')
    await enforceAccountRateLimit(deps, 'reminder', email)
    const user = await db.kysely.selectFrom('users').select(['id', 'email']).where('email', '=', email.toLowerCase()).executeTakeFirst()
    if (!user) return { result: 0, message: REMINDER_MESSAGES.unknown }

    const temporaryPassword = generateTemporaryPassword()
    const reset = {
      password_hash: await hashPassword(temporaryPassword),
      expires_at: new Date(deps.now().getTime() + TEMPORARY_PASSWORD_TTL_MS).toISOString(),
    }
    await db.kysely
      .insertInto('password_resets')
      .values({ user_id: user.id, ...reset })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(reset))
      .execute()
    await deps.mailer.send(passwordReminderMail(user.email, temporaryPassword))
    return { result: 1, message: REMINDER_MESSAGES.sent }
  })
}
