import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { transformed } from '../../src/contract/common'
import { accountDetailsRequestSchema, passwordChangeRequestSchema } from '../../src/contract/profile'
import { accountOf, findUser } from '../auth/account'
import { MAIN_ACCOUNT_TYPE } from '../auth/contract-access'
import { enforceRateLimit } from '../auth/rate-limit'
import { requireAccount, signedInUser } from '../auth/require-account'
import { sessionIdOf } from '../auth/sessions'
import type { AppDeps } from '../deps'
import { changePassword } from '../profile/change-password'
import { HttpError, parseBody, parseParams } from '../validation'

const accountParamsSchema = z.object({ id: transformed(z.string().check(z.regex(/^\d+$/, 'ожидается числовой id')), Number) })

export const ACCOUNT_NOT_FOUND = 'Аккаунт не найден'

/**
 * GET /api/account/{id}/: one's own account; a main account may also read its company's managers.
 * PUT /api/account/{id}/: one's own name and phone. POST /api/profile/password/: one's own password.
 */
export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/account/:id/', { preHandler: requireAccount(deps) }, async (request) => {
    const { id } = parseParams(accountParamsSchema, request)
    const user = signedInUser(request)
    if (id === user.id) return { account: await accountOf(deps.db, user) }

    const target = user.type_id === MAIN_ACCOUNT_TYPE && Number.isSafeInteger(id) && id <= 2 ** 31 - 1 ? await findUser(deps.db, id) : undefined
    if (!target || target.customer_id !== user.customer_id) throw new HttpError(403, AUTH_MESSAGES.forbidden)
    return { account: await accountOf(deps.db, target) }
  })

  app.put('/api/account/:id/', { preHandler: requireAccount(deps) }, async (request) => {
    const { id } = parseParams(accountParamsSchema, request)
    const user = signedInUser(request)
    // the profile edits only one's own account: any other id is not one this login can see here
    if (id !== user.id) throw new HttpError(404, ACCOUNT_NOT_FOUND)
    const { name, phone } = parseBody(accountDetailsRequestSchema, request)
    await deps.db.kysely.updateTable('users').set({ name, phone }).where('id', '=', user.id).execute()
    return { account: await accountOf(deps.db, { ...user, name, phone }) }
  })

  app.post('/api/profile/password/', { preHandler: requireAccount(deps) }, async (request) => {
    const user = signedInUser(request)
    const body = parseBody(passwordChangeRequestSchema, request)
    // a wrong current password is a guess like a wrong login: the same per-minute limit
    await enforceRateLimit(deps, request, 'login')
    const endedSessions = await changePassword(deps.db, user.id, sessionIdOf(request) ?? '', body, deps.now())
    return { result: 1, endedSessions }
  })
}
