import type { FastifyInstance } from 'fastify'
import { AUTH_MESSAGES, loginRequestSchema, logoutRequestSchema } from '../../src/contract/auth'
import { accountOf, findUser } from '../auth/account'
import { adoptTemporaryPassword, matchPassword } from '../auth/password-match'
import { spendPasswordCheck } from '../auth/passwords'
import { enforceAccountRateLimit, enforceRateLimit } from '../auth/rate-limit'
import { clearSessionCookie, createSession, deleteSession, findSessionUser, sessionIdOf, setSessionCookie } from '../auth/sessions'
import type { AppDeps } from '../deps'
import { HttpError, parseBody } from '../validation'

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
    await enforceAccountRateLimit(deps, 'login', email)
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

    const sessionId = await createSession(db, user.id, now, deps.config.sessionsPerUser)
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
