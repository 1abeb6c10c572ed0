import { fromPromise } from 'xstate'
import { ApiCallError, NETWORK_ERROR_MESSAGE, type Http } from './http'
import type { JournalEntry } from './journal-format'
import { lazyModule } from './lazy-module'

/**
 * The send's code (the journal's cut and the answer's schema) is fetched with the first report, not
 * with the profile; a chunk that cannot load fails the send as a call with no network does.
 */
const loadSendModule = lazyModule(() => import('./problem-report-send'))
const loadSend = () =>
  loadSendModule().catch(() => {
    throw new ApiCallError(NETWORK_ERROR_MESSAGE, 0)
  })

/** The report's call: POST /api/problem-reports/ with the comment and the journal of the last 30 minutes; answers the report's number. */
export const createProblemReportActors = (deps: { http: Http; journal: { entries: () => Promise<readonly JournalEntry[]> }; now?: () => number }) => ({
  sendReport: fromPromise(async ({ input, signal }: { input: { comment: string }; signal: AbortSignal }) => {
    const [{ sendProblemReport }, entries] = await Promise.all([loadSend(), deps.journal.entries()])
    return sendProblemReport(deps.http, input.comment, entries, new Date((deps.now ?? Date.now)()), signal)
  }),
})
