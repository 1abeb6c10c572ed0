import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as z from 'zod/mini'
import { idNumber } from '../../src/contract/catalogue'
import { PRICE_POLICY_MESSAGES, pricePolicyRequestSchema, type PricePolicyResponse } from '../../src/contract/price-policy'
import { MAIN_ACCOUNT_TYPE } from '../auth/contract-access'
import { requireAccount, signedInUser } from '../auth/require-account'
import type { SessionUser } from '../auth/sessions'
import type { AppDeps } from '../deps'
import { readPricePolicy, savePricePolicy } from '../managers/price-policy-store'
import { describeIssue, HttpError, parseBody, parseParams, type DescribeIssue } from '../validation'
import { MANAGER_MESSAGES } from '../../src/contract/managers'

const idParams = z.object({ id: idNumber })

const OWN_MESSAGES: readonly string[] = Object.values(PRICE_POLICY_MESSAGES)

/** The policy's own messages (the markup's range above all) reach the main account as they are. */
const policyMessage: DescribeIssue = (issue) => (OWN_MESSAGES.includes(issue.message) ? issue.message : describeIssue(issue))

/** The section check refuses every manager first ('managers' is main account only); this is the handler's own guard. */
function mainAccount(request: FastifyRequest): SessionUser {
  const user = signedInUser(request)
  if (user.type_id !== MAIN_ACCOUNT_TYPE) throw new HttpError(403, MANAGER_MESSAGES.mainAccountOnly)
  return user
}

/**
 * Spec §7 `pricepolitics: GET and POST with id` (the manager's id), the /tpl/price_politics.html
 * modal's calls: GET /api/pricepolitics/{id}/ reads the manager's policy, POST sets it. Main
 * account only, always within its company (another company's manager is 404).
 */
export function registerPricePolicyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  app.get('/api/pricepolitics/:id/', guarded, async (request): Promise<PricePolicyResponse> => {
    const { id } = parseParams(idParams, request)
    return { id, policy: await readPricePolicy(db, mainAccount(request), id) }
  })

  app.post('/api/pricepolitics/:id/', guarded, async (request): Promise<PricePolicyResponse> => {
    const company = mainAccount(request)
    const { id } = parseParams(idParams, request)
    const policy = parseBody(pricePolicyRequestSchema, request, policyMessage)
    return { id, policy: await savePricePolicy(db, company, id, policy) }
  })
}
