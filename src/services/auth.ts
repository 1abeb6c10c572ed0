import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { Account } from '../contract/account'
import { sessionResponseSchema, sessionStateSchema, type LoginRequest } from '../contract/auth'
import { okSchema } from '../contract/common'
import { ApiCallError, type Http } from './http'

/** A 4xx answer is the server saying no (wrong password, not approved, too many attempts), not a failure. */
const isRefusal = (error: unknown): error is ApiCallError => error instanceof ApiCallError && error.status >= 400 && error.status < 500

/**
 * The session's actors: GET /api/session/ (the account, or null when nobody is signed in), POST /api/login/
 * (answers the account, or the server's refusal as `{ refusal }`), POST /api/logout/.
 */
export const createSessionActors = (deps: { http: Http }) => ({
  loadSession: fromPromise<Account | null>(async ({ signal }) => {
    const { account } = await deps.http.get('session', undefined, sessionStateSchema, undefined, signal)
    return account
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

/**
 * A 401 from any call, as the session hears it: the http layer calls `notify`, and the session
 * invokes `watch`, which sends it `session.expired`.
 */
export function createUnauthorizedSignal() {
  const listeners = new Set<() => void>()
  return {
    notify: () => {
      for (const listener of listeners) listener()
    },
    watch: fromCallback<EventObject>(({ sendBack }) => {
      const listener = () => sendBack({ type: 'session.expired' })
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }),
  }
}
