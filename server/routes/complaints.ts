import type { FastifyInstance } from 'fastify'
import { complaintRequestSchema, complaintsQuerySchema, type ComplaintResponse, type ComplaintsResponse } from '../../src/contract/complaints'
import { requireAccount, signedInUser } from '../auth/require-account'
import { createComplaint, listComplaints } from '../complaints/complaint-store'
import type { AppDeps } from '../deps'
import { describeIssue, parseBody, parseQuery, type DescribeIssue } from '../validation'

/** The complaint's own messages (the quantity, no entries, the comment's length) reach the dealer as they are. */
const complaintIssue: DescribeIssue = (issue) => (issue.code === 'invalid_type' ? describeIssue(issue) : issue.message)

/**
 * Issue 23 (spec §2 Complaints table, §3 Complaint entry): a company's complaints. The product
 * autocomplete of the entry table is the header search's GET /search/.
 */
export function registerComplaintRoutes(app: FastifyInstance, deps: AppDeps): void {
  const guarded = { preHandler: requireAccount(deps) }

  app.get('/api/complaints/', guarded, async (request): Promise<ComplaintsResponse> =>
    listComplaints(deps.db, signedInUser(request).customer_id, parseQuery(complaintsQuerySchema, request)),
  )

  app.post('/api/complaints/', guarded, async (request): Promise<ComplaintResponse> => {
    const input = parseBody(complaintRequestSchema, request, complaintIssue)
    return { complaint: await createComplaint(deps.db, signedInUser(request), input, deps.now()) }
  })
}
