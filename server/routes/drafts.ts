import type { FastifyInstance } from 'fastify'
import {
  addToDraftRequestSchema,
  draftActionRequestSchema,
  draftsQuerySchema,
  type AddToDraftResponse,
  type DraftRemovedResponse,
  type DraftRepeatedResponse,
} from '../../src/contract/drafts'
import { requireAccount, signedInUser } from '../auth/require-account'
import { resolveContract } from '../catalogue/contract'
import type { AppDeps } from '../deps'
import { findOwnDraft, removeDraft, repeatDraft } from '../drafts/draft-actions'
import { listDrafts } from '../drafts/list-drafts'
import { saveBasketAsDraft } from '../drafts/save-draft'
import { describeIssue, parseInput, parseQuery, type DescribeIssue } from '../validation'

/** The name's own messages reach the user as they are (the spec's required message to the letter). */
const headerMessage: DescribeIssue = (issue) => (issue.path[0] === 'header' && issue.code !== 'invalid_type' ? issue.message : describeIssue(issue))

export function registerDraftRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }

  app.post('/api/addToDraft/', guarded, async (request) => {
    const body = parseInput(addToDraftRequestSchema, request.body, headerMessage)
    const user = signedInUser(request)
    const contract = await resolveContract(db, user, body.contract)
    const answer: AddToDraftResponse = { draft: await saveBasketAsDraft(db, { user, contractId: contract.id, header: body.header, now: deps.now() }) }
    return answer
  })

  app.get('/api/drafts/', guarded, async (request) => listDrafts(db, signedInUser(request).id, parseQuery(draftsQuerySchema, request)))

  app.post('/api/drafts/', guarded, async (request): Promise<DraftRemovedResponse | DraftRepeatedResponse> => {
    const body = parseInput(draftActionRequestSchema, request.body)
    const user = signedInUser(request)
    const draft = await findOwnDraft(db, user.id, body.id)
    if (body.action === 'remove') return { count: await removeDraft(db, draft) }
    return repeatDraft(db, user, draft, deps.now())
  })
}
