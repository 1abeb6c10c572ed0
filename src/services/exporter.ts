import { fromEventObservable, fromPromise } from 'xstate'
import {
  commandRunningResponseSchema,
  exporterBrandsResponseSchema,
  reportExistsResponseSchema,
  runExporterResponseSchema,
  saveBrandsResponseSchema,
  type CommandRunningResponse,
  type ExporterBrandsResponse,
} from '../contract/exporter'
import type { Http } from './http'
import { lazyPoll$ } from './lazy-streams'

interface ExporterPollInput {
  periodMs: number
  customerId: number
}

/**
 * The exporter page (spec §7): GET /api/getBrandsForExporter/, POST /api/saveBrandsExporter/
 * {data}, POST /api/runExporter/ {customer_id, data}, POST /api/isXlsxReportExists/ {customer_id},
 * and POST /api/isCommandRunning/ {customer_id} polled by streams.ts's poll$ (backoff, paused while
 * the tab is hidden); the machine sees poll.data / poll.failed / poll.paused events.
 */
export const createExporterActors = (deps: { http: Http }) => ({
  loadBrands: fromPromise(({ signal }: { signal: AbortSignal }): Promise<ExporterBrandsResponse> =>
    deps.http.get('getBrandsForExporter', undefined, exporterBrandsResponseSchema, undefined, signal),
  ),
  saveBrands: fromPromise(async ({ input, signal }: { input: { ids: number[] }; signal: AbortSignal }) => {
    await deps.http.call('saveBrandsExporter', { data: input.ids }, saveBrandsResponseSchema, signal)
    return input.ids
  }),
  runExport: fromPromise(async ({ input, signal }: { input: { customerId: number; ids: number[] }; signal: AbortSignal }) => {
    const answer = await deps.http.call('runExporter', { customer_id: input.customerId, data: input.ids }, runExporterResponseSchema, signal)
    return answer.job
  }),
  checkReport: fromPromise(({ input, signal }: { input: { customerId: number }; signal: AbortSignal }) =>
    deps.http.lookup('isXlsxReportExists', { customer_id: input.customerId }, reportExistsResponseSchema, signal),
  ),
  pollRunning: fromEventObservable(({ input }: { input: ExporterPollInput }) =>
    lazyPoll$<CommandRunningResponse>({
      periodMs: input.periodMs,
      request: (signal) => deps.http.lookup('isCommandRunning', { customer_id: input.customerId }, commandRunningResponseSchema, signal),
    }),
  ),
})
