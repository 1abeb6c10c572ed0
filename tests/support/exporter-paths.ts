import { EXPORTER_MESSAGES, type CommandRunningResponse, type ExportJob } from '../../src/contract/exporter'
import { ApiCallError } from '../../src/services/http'

/** The jobs of the exporter paths: the model test replays them against the machine, the e2e spec in the browser. */
export const WORKING: ExportJob = { id: 5, state: 'working', progress: 0.4, error: null }
export const READY: ExportJob = { id: 5, state: 'ready', progress: 1, error: null }
export const FAILED: ExportJob = { id: 6, state: 'failed', progress: 0.2, error: EXPORTER_MESSAGES.interrupted }
export const REPORT_DATE = '27.11.2026 04:31'

/** isCommandRunning's answer while (or after) the job is as given. */
export const answer = (job: ExportJob | null): CommandRunningResponse => ({ running: job?.state === 'working' || job?.state === 'queued', job })

/** The payloads of the job region's and the start region's calls, one per outcome. */
export const EXPORTER_JOB_CASES = {
  'poll.failed': [{ type: 'poll.failed', message: 'Ошибка сервера (503)', retryInMs: 6_000, status: 503 }],
  'xstate.done.actor.checkReport': [
    { type: 'xstate.done.actor.checkReport', output: { fe: true, date: REPORT_DATE } },
    { type: 'xstate.done.actor.checkReport', output: { fe: false, date: null } },
  ],
  'xstate.error.actor.checkReport': [{ type: 'xstate.error.actor.checkReport', error: new ApiCallError('Ошибка сервера (502)', 502) }],
  'xstate.done.actor.runExport': [{ type: 'xstate.done.actor.runExport', output: { id: 8, state: 'queued', progress: 0, error: null } }],
  'xstate.error.actor.runExport': [{ type: 'xstate.error.actor.runExport', error: new ApiCallError(EXPORTER_MESSAGES.alreadyRunning, 409) }],
}
