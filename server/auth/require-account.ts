import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import type { AppDeps } from '../deps'
import { HttpError } from '../validation'
import { rememberContractsOf } from './contract-access'
import { findSessionAccount, rememberVersionsOf } from './session-account'
import { findSessionUser, sessionIdOf, type SessionUser } from './sessions'

declare module 'fastify' {
  interface FastifyRequest {
    /** set by `requireAccount` */
    user: SessionUser | null
  }
}

export interface RequireAccountOptions {
  /**
   * Read the user's allowed contracts and the catalogue's versions in the same query as the
   * session, for routes that need them on every call: allowedContractsPriced(db, request.user) and
   * the catalogue's request (server/catalogue/run-filter.ts) then answer without a query.
   */
  withContracts?: boolean
}

async function signedInUserOf(deps: Pick<AppDeps, 'db' | 'now'>, sessionId: string, withContracts: boolean): Promise<SessionUser | undefined> {
  if (!withContracts) return findSessionUser(deps.db, sessionId, deps.now())
  const account = await findSessionAccount(deps.db, sessionId, deps.now())
  if (account) {
    rememberContractsOf(account.user, account.contracts)
    rememberVersionsOf(account.user, account.versions)
  }
  return account?.user
}

/** preHandler: loads the session's user into `request.user`, or answers 401. */
export function requireAccount(deps: Pick<AppDeps, 'db' | 'now'>, { withContracts = false }: RequireAccountOptions = {}): preHandlerAsyncHookHandler {
  return async (request) => {
    const sessionId = sessionIdOf(request)
    const user = sessionId ? await signedInUserOf(deps, sessionId, withContracts) : undefined
    if (!user) throw new HttpError(401, AUTH_MESSAGES.noSession)
    request.user = user
  }
}

/** The user of a route guarded by `requireAccount`. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, AUTH_MESSAGES.noSession)
  return request.user
}
