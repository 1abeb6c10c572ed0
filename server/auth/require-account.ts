import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import type { AppDeps } from '../deps'
import { HttpError } from '../validation'
import { findSessionUser, sessionIdOf, type SessionUser } from './sessions'

declare module 'fastify' {
  interface FastifyRequest {
    /** set by `requireAccount` */
    user: SessionUser | null
  }
}

/** preHandler: loads the session's user into `request.user`, or answers 401. */
export function requireAccount(deps: Pick<AppDeps, 'db' | 'now'>): preHandlerAsyncHookHandler {
  return async (request) => {
    const sessionId = sessionIdOf(request)
    const user = sessionId ? await findSessionUser(deps.db, sessionId, deps.now()) : undefined
    if (!user) throw new HttpError(401, AUTH_MESSAGES.noSession)
    request.user = user
  }
}

/** The user of a route guarded by `requireAccount`. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, AUTH_MESSAGES.noSession)
  return request.user
}
