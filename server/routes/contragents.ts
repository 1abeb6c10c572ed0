import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  CONTRAGENT_MESSAGES,
  contragentFormSchema,
  contragentIdParamsSchema,
  contragentStateRequestSchema,
  type ContragentRemovedResponse,
  type ContragentResponse,
  type ContragentsResponse,
} from '../../src/contract/contragents'
import { MAIN_ACCOUNT_TYPE } from '../auth/contract-access'
import { requireAccount, signedInUser } from '../auth/require-account'
import type { SessionUser } from '../auth/sessions'
import { addContragent, editContragent, findOwnContragent, listContragents, removeContragent, setContragentState } from '../contragents/contragent-store'
import type { AppDeps } from '../deps'
import { describeIssue, HttpError, parseInput, parseParams, type DescribeIssue } from '../validation'

/** The form's own messages (the INN's control digits, the KPP's shape, the required name) reach the dealer as they are. */
const formMessage: DescribeIssue = (issue) => (issue.path.length > 0 && issue.code !== 'invalid_type' ? issue.message : describeIssue(issue))

/**
 * Spec §6: only a main account reaches the contragents' calls. The section check refuses every
 * manager first (the section is in MAIN_ACCOUNT_ONLY_KEYS); this is the handler's own guard.
 */
function mainAccount(request: FastifyRequest): SessionUser {
  const user = signedInUser(request)
  if (user.type_id !== MAIN_ACCOUNT_TYPE) throw new HttpError(403, CONTRAGENT_MESSAGES.mainAccountOnly)
  return user
}

/**
 * The contragents screen (spec §2, §7): /api/contragent/ lists and adds, /api/contragent/{id}/
 * reads, edits and deletes, and the legacy POST /ajax/activateagent/ and /ajax/deactivateagent/
 * {id} switch the state. Always within the signed-in main account's company (another's id is 404).
 */
export function registerContragentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }
  const idOf = (request: FastifyRequest) => parseParams(contragentIdParamsSchema, request).id

  app.get('/api/contragent/', guarded, async (request): Promise<ContragentsResponse> => ({ contragents: await listContragents(db, mainAccount(request)) }))

  app.post('/api/contragent/', guarded, async (request): Promise<ContragentResponse> => {
    const user = mainAccount(request)
    return { contragent: await addContragent(db, user, parseInput(contragentFormSchema, request.body, formMessage)) }
  })

  app.get('/api/contragent/:id/', guarded, async (request): Promise<ContragentResponse> => ({
    contragent: await findOwnContragent(db, mainAccount(request), idOf(request)),
  }))

  app.put('/api/contragent/:id/', guarded, async (request): Promise<ContragentResponse> => {
    const user = mainAccount(request)
    return { contragent: await editContragent(db, user, idOf(request), parseInput(contragentFormSchema, request.body, formMessage)) }
  })

  app.delete('/api/contragent/:id/', guarded, async (request): Promise<ContragentRemovedResponse> => ({
    count: await removeContragent(db, mainAccount(request), idOf(request), deps.now()),
  }))

  for (const [action, state] of [
    ['activateagent', 'active'],
    ['deactivateagent', 'inactive'],
  ] as const) {
    app.post(`/ajax/${action}/`, guarded, async (request): Promise<ContragentResponse> => {
      const user = mainAccount(request)
      const { id } = parseInput(contragentStateRequestSchema, request.body)
      return { contragent: await setContragentState(db, user, id, state) }
    })
  }
}
