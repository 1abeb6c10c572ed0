import { existsSync } from 'node:fs'
import type { Selectable } from 'kysely'
import { EXPORTER_MESSAGES, type CommandRunningResponse, type ExportJob, type ExportJobState, type ReportExistsResponse } from '../../src/contract/exporter'
import { moscowTimeOf } from '../../src/contract/moscow-time'
import type { SessionUser } from '../auth/sessions'
import { resolveContract } from '../catalogue/contract'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { HttpError } from '../validation'
import { safeFileName } from '../xlsx-file'
import { saveBrandSelection, savedBrandIds } from './brand-selection'

type JobRow = Selectable<Database['export_jobs']>

const RUNNING_STATES: readonly ExportJobState[] = ['queued', 'working']

/** The spec's customer_id (fixed at 17 in the old page) is the session's company: another company's id is refused. */
export function requireOwnCompany(user: SessionUser, customerId: number | undefined): number {
  if (customerId !== undefined && customerId !== user.customer_id) throw new HttpError(403, EXPORTER_MESSAGES.otherCompany)
  return user.customer_id
}

const jobOf = (row: Pick<JobRow, 'id' | 'state' | 'progress' | 'error'>): ExportJob => ({
  id: row.id,
  state: row.state as ExportJobState,
  progress: Math.min(1, Math.max(0, Number(row.progress))),
  error: row.error,
})

const latestJob = (db: Db, customerId: number) =>
  db.kysely.selectFrom('export_jobs').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').limit(1).executeTakeFirst()

/** A unique-index refusal: the company already has a queued or working job (the partial index export_jobs_one_running). */
const isUniqueViolation = (error: unknown) =>
  error instanceof Error && ('code' in error ? error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE' : /UNIQUE constraint/.test(error.message))

/**
 * «Сформировать»: queues an export of the account's saved brands (saved first when `data` is given)
 * under the contract the account works with; 409 while the company has one queued or working.
 */
export async function startExport(db: Db, user: SessionUser, brandIds: readonly number[] | undefined, now: Date): Promise<ExportJob> {
  const running = await db.kysely
    .selectFrom('export_jobs')
    .select('id')
    .where('customer_id', '=', user.customer_id)
    .where('state', 'in', [...RUNNING_STATES])
    .executeTakeFirst()
  if (running) throw new HttpError(409, EXPORTER_MESSAGES.alreadyRunning)
  if (brandIds !== undefined) await saveBrandSelection(db, user, brandIds)
  const brands = await savedBrandIds(db, user.id)
  if (brands.length === 0) throw new HttpError(400, EXPORTER_MESSAGES.noBrands)
  const contract = await resolveContract(db, user)
  try {
    const row = await db.kysely
      .insertInto('export_jobs')
      .values({
        customer_id: user.customer_id,
        user_id: user.id,
        contract_id: contract.id,
        brand_ids: JSON.stringify(brands),
        file_path: null,
        error: null,
        claimed_by: null,
        lease_until: null,
        created_at: now.toISOString(),
        ready_at: null,
      })
      .returning(['id', 'state', 'progress', 'error'])
      .executeTakeFirstOrThrow()
    return jobOf(row)
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, EXPORTER_MESSAGES.alreadyRunning)
    throw error
  }
}

/** spec §7 isCommandRunning: whether the company's latest job is queued or working, and that job. */
export async function commandRunning(db: Db, customerId: number): Promise<CommandRunningResponse> {
  const job = await latestJob(db, customerId)
  return { running: job ? RUNNING_STATES.includes(job.state as ExportJobState) : false, job: job ? jobOf(job) : null }
}

/** 'dd.mm.yyyy HH:MM', Moscow time */

const latestReady = (db: Db, customerId: number) =>
  db.kysely
    .selectFrom('export_jobs')
    .select(['id', 'file_path', 'ready_at'])
    .where('customer_id', '=', customerId)
    .where('state', '=', 'ready')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()

/** spec §7 isXlsxReportExists: `fe` when the company's latest ready export's file is there, with its date. */
export async function reportExists(db: Db, customerId: number): Promise<ReportExistsResponse> {
  const ready = await latestReady(db, customerId)
  const fe = Boolean(ready?.file_path && ready.ready_at && existsSync(ready.file_path))
  return { fe, date: fe && ready?.ready_at ? moscowTimeOf(ready.ready_at) : null }
}

/** The company's latest ready export: its file and the name the browser saves it under; 404 when there is none. */
export async function readyExportFile(db: Db, customerId: number): Promise<{ path: string; fileName: string; asciiName: string }> {
  const ready = await latestReady(db, customerId)
  if (!ready?.file_path || !ready.ready_at || !existsSync(ready.file_path)) throw new HttpError(404, EXPORTER_MESSAGES.noFile)
  return {
    path: ready.file_path,
    fileName: safeFileName(`Прайс-лист ${moscowTimeOf(ready.ready_at).replace(':', '-')}.xlsx`),
    asciiName: `price-list-${ready.id}.xlsx`,
  }
}
