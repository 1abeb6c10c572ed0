import { createReadStream } from 'node:fs'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { XLSX_CONTENT_TYPE } from '../../src/contract/acts'
import {
  customerRequestSchema,
  EXPORTER_FILE_URL,
  runExporterRequestSchema,
  saveBrandsRequestSchema,
  type CommandRunningResponse,
  type ExporterBrandsResponse,
  type ReportExistsResponse,
  type SaveBrandsResponse,
} from '../../src/contract/exporter'
import { requireAccount, signedInUser } from '../auth/require-account'
import type { AppDeps } from '../deps'
import { exporterBrands, saveBrandSelection } from '../exporter/brand-selection'
import { commandRunning, readyExportFile, reportExists, requireOwnCompany, startExport } from '../exporter/export-jobs'
import { createExportWorker } from '../exporter/export-worker'
import { parseInput } from '../validation'

/**
 * The exporter page (spec §2, §7, issue 23): the brand selection (getBrandsForExporter,
 * saveBrandsExporter), «Сформировать» (runExporter: a job in the database, built by the worker
 * loop of whichever API process claims it), its polls (isCommandRunning, isXlsxReportExists)
 * and the file's download. Everything within the session's company.
 */
export function registerExporterRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps
  const guarded = { preHandler: requireAccount(deps) }
  const worker = createExportWorker({
    db,
    now: deps.now,
    exportDir: deps.config.exportDir,
    logError: (message, error) => app.log.error({ err: error }, message),
  })
  // jobs queued or left claimed by a stopped process are taken up on start
  app.addHook('onReady', async () => worker.start())
  app.addHook('onClose', async () => worker.stop())

  const companyOf = (request: FastifyRequest) => requireOwnCompany(signedInUser(request), parseInput(customerRequestSchema, request.body ?? {}).customer_id)

  app.get('/api/getBrandsForExporter/', guarded, async (request): Promise<ExporterBrandsResponse> => exporterBrands(db, signedInUser(request)))

  app.post('/api/saveBrandsExporter/', guarded, async (request): Promise<SaveBrandsResponse> => {
    const { data } = parseInput(saveBrandsRequestSchema, request.body)
    return { status: 'success', count: await saveBrandSelection(db, signedInUser(request), data) }
  })

  app.post('/api/runExporter/', guarded, async (request) => {
    const user = signedInUser(request)
    const body = parseInput(runExporterRequestSchema, request.body ?? {})
    requireOwnCompany(user, body.customer_id)
    const job = await startExport(db, user, body.data, deps.now())
    void worker.kick()
    return { job }
  })

  app.post('/api/isCommandRunning/', guarded, async (request): Promise<CommandRunningResponse> => commandRunning(db, companyOf(request)))

  app.post('/api/isXlsxReportExists/', guarded, async (request): Promise<ReportExistsResponse> => reportExists(db, companyOf(request)))

  app.get(EXPORTER_FILE_URL, guarded, async (request, reply) => {
    const file = await readyExportFile(db, signedInUser(request).customer_id)
    return reply
      .header('Content-Type', XLSX_CONTENT_TYPE)
      .header('Content-Disposition', `attachment; filename="${file.asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('Cache-Control', 'private, no-store')
      .send(createReadStream(file.path))
  })
}
