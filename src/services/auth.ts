import { fromPromise } from 'xstate'
import type { Account } from '../contract/account'
import { sessionResponseSchema, type LoginRequest } from '../contract/auth'
import { okSchema } from '../contract/common'
import { ApiCallError, type Http } from './http'

/** A 4xx answer is the server saying no (wrong password, not approved, too many attempts), not a failure. */
const isRefusal = (error: unknown): error is ApiCallError => error instanceof ApiCallError && error.status >= 400 && error.status < 500

/**
 * The session's actors: GET /api/session/ (a 401 means nobody is signed in: null), POST /api/login/
 * (answers the account, or the server's refusal as `{ refusal }`), POST /api/logout/.
 */
export const createSessionActors = (deps: { http: Http }) => ({
  loadSession: fromPromise<Account | null>(async ({ signal }) => {
    try {
      const { account } = await deps.http.get('session', undefined, sessionResponseSchema, undefined, signal)
      return account
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 401) return null
      throw error
    }
  }),
  login: fromPromise(async ({ input, signal }: { input: LoginRequest; signal: AbortSignal }) => {
    try {
      const { account } = await deps.http.call('login', input, sessionResponseSchema, signal)
      return { account }
    } catch (error) {
      if (isRefusal(error)) return { refusal: error.message }
      throw error
    }
  }),
  logout: fromPromise(({ signal }) => deps.http.call('logout', {}, okSchema, signal)),
})
