import type { FastifyInstance } from 'fastify'
import { CALLBACK_MESSAGES, CALLBACK_SUCCESS, callbackRequestSchema, type CallbackResponse } from '../../src/contract/callback'
import { enforceAccountHourlyLimit } from '../auth/rate-limit'
import { requireAccount, signedInUser } from '../auth/require-account'
import { storeCallbackRequest } from '../callbacks/callback-requests'
import type { AppDeps } from '../deps'
import { parseBody } from '../validation'

/**
 * POST /api/callback/ {data{phone, firstname}} (spec §7): the request is kept for the supplier and
 * answers status 'success'; a refusal (a field, too many requests in an hour) answers its message
 * in the same shape, which the dialog shows for 2 s (spec §8).
 */
export function registerCallbackRoutes(app: FastifyInstance, deps: AppDeps): void {
  const failure = (message: string): CallbackResponse => ({ status: 'error', message })
  app.post('/api/callback/', { preHandler: requireAccount(deps), config: { errorBody: failure } }, async (request): Promise<CallbackResponse> => {
    const { data } = parseBody(callbackRequestSchema, request)
    const user = signedInUser(request)
    await enforceAccountHourlyLimit(deps, 'callback', user.id, deps.config.callbacksPerHour, CALLBACK_MESSAGES.tooMany)
    await storeCallbackRequest(deps.db, user, data, deps.now())
    return { status: CALLBACK_SUCCESS }
  })
}
