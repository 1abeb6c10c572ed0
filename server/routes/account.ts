import type { FastifyInstance } from 'fastify'
import * as z from 'zod/mini'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import { transformed } from '../../src/contract/common'
import { accountOf, findUser } from '../auth/account'
import { MAIN_ACCOUNT_TYPE } from '../auth/contract-access'
import { requireAccount, signedInUser } from '../auth/require-account'
import type { AppDeps } from '../deps'
import { HttpError, parseParams } from '../validation'

const accountParamsSchema = z.object({ id: transformed(z.string().check(z.regex(/^\d+$/, 'ожидается числовой id')), Number) })

/** GET /api/account/{id}/: one's own account; a main account may also read its company's managers. */
export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/account/:id/', { preHandler: requireAccount(deps) }, async (request) => {
    const { id } = parseParams(accountParamsSchema, request)
    const user = signedInUser(request)
    if (id === user.id) return { account: await accountOf(deps.db, user) }

    const target = user.type_id === MAIN_ACCOUNT_TYPE && Number.isSafeInteger(id) && id <= 2 ** 31 - 1 ? await findUser(deps.db, id) : undefined
    if (!target || target.customer_id !== user.customer_id) throw new HttpError(403, AUTH_MESSAGES.forbidden)
    return { account: await accountOf(deps.db, target) }
  })
}
