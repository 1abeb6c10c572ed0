import type { FastifyInstance } from 'fastify'
import { AUTH_MESSAGES, loginRequestSchema, logoutRequestSchema } from '../../src/contract/auth'
import { accountOf, findUser } from '../auth/account'
import { spendPasswordCheck, verifyPassword } from '../auth/passwords'
import { enforceRateLimit } from '../auth/rate-limit'
import { clearSessionCookie, createSession, deleteSession, findSessionUser, sessionIdOf, setSessionCookie } from '../auth/sessions'
import type { Db } from '../db/connection'
import type { AppDeps } from '../deps'
import { HttpError, parseBody } from '../validation'

type PasswordMatch = { kind: 'password' } | { kind: 'temporary'; hash: string } | { kind: 'none' }

/** The password, or else a live temporary password from the reminder. */
async function matchPassword(db: Db, user: { id: number; password_hash: string }, password: string, now: Date): Promise<PasswordMatch> {
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
async function adoptTemporaryPassword(db: Db, userId: number, hash: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute()
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute()
  })
}

function refusalFor(user: { approval: string; enabled: string }): string | undefined {
  if (user.approval === 'pending') return AUTH_MESSAGES.notApproved
  if (user.approval !== 'approved') return AUTH_MESSAGES.rejected
  if (user.enabled !== '1') return AUTH_MESSAGES.disabled
  return undefined
}

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps

  app.post('/api/login/', async (request, reply) => {
    const { email, password } = parseBody(loginRequestSchema, request)
    await enforceRateLimit(deps, request, 'login')
    const user = await db.kysely
      .selectFrom('users')
      .select(['id', 'password_hash', 'approval', 'enabled'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst()
    if (!user) {
      await spendPasswordCheck(password)
      throw new HttpError(401, AUTH_MESSAGES.wrongCredentials)
    }
    const now = deps.now()
    const match = await matchPassword(db, user, password, now)
    if (match.kind === 'none') throw new HttpError(401, AUTH_MESSAGES.wrongCredentials)
    const refusal = refusalFor(user)
    if (refusal) throw new HttpError(403, refusal)
    if (match.kind === 'temporary') await adoptTemporaryPassword(db, user.id, match.hash)

    const sessionId = await createSession(db, user.id, now)
    setSessionCookie(request, reply, sessionId)
    const sessionUser = await findUser(db, user.id)
    if (!sessionUser) throw new HttpError(401, AUTH_MESSAGES.wrongCredentials)
    return { account: await accountOf(db, sessionUser) }
  })

  app.post('/api/logout/', async (request, reply) => {
    parseBody(logoutRequestSchema, request)
    const sessionId = sessionIdOf(request)
    if (sessionId) await deleteSession(db, sessionId)
    clearSessionCookie(request, reply)
    return { ok: true }
  })

  app.get('/api/session/', async (request) => {
    const sessionId = sessionIdOf(request)
    const user = sessionId ? await findSessionUser(db, sessionId, deps.now()) : undefined
    return { account: user ? await accountOf(db, user) : null }
  })
}
