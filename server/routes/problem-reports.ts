import type { FastifyError, FastifyInstance } from 'fastify'
import { PROBLEM_REPORT_MAX_BYTES, PROBLEM_REPORT_MESSAGES, type ProblemReportResponse } from '../../src/contract/problem-report'
import { problemReportRequestSchema } from '../../src/contract/problem-report-request'
import { enforceAccountHourlyLimit } from '../auth/rate-limit'
import { requireAccount, signedInUser } from '../auth/require-account'
import type { AppDeps } from '../deps'
import { storeProblemReport } from '../problem-reports/problem-report-store'
import { describeIssue, HttpError, parseBody, type DescribeIssue } from '../validation'

/** The comment's own messages reach the dealer as they are; a malformed journal is named as such. */
const reportIssue: DescribeIssue = (issue) => {
  if (issue.path[0] === 'journal') return `${describeIssue({ ...issue, path: [] })}: ${PROBLEM_REPORT_MESSAGES.badJournal}`
  return issue.code === 'invalid_type' ? describeIssue(issue) : issue.message
}

/**
 * Issue 25, «Сообщить о проблеме»: the dealer's comment and the last 30 minutes of its journal,
 * stored for the supplier (`npm run admin -- reports`). There is deliberately no call to read a
 * report back: the journal shows the dealer's steps, for the supplier's eyes only.
 */
export function registerProblemReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post(
    '/api/problem-reports/',
    {
      preHandler: requireAccount(deps),
      bodyLimit: PROBLEM_REPORT_MAX_BYTES,
      errorHandler: (error: FastifyError) => {
        throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new HttpError(413, PROBLEM_REPORT_MESSAGES.tooLarge) : error
      },
    },
    async (request): Promise<ProblemReportResponse> => {
      const report = parseBody(problemReportRequestSchema, request, reportIssue)
      const user = signedInUser(request)
      await enforceAccountHourlyLimit(deps, 'problem-report', user.id, deps.config.problemReportsPerHour, PROBLEM_REPORT_MESSAGES.tooMany)
      const id = await storeProblemReport(deps.db, user, report, request.headers['user-agent'] ?? '', deps.now())
      return { report: { id } }
    },
  )
}
