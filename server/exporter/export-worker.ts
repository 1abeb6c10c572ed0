import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'kysely'
import { EXPORTER_MESSAGES } from '../../src/contract/exporter'
import { SESSION_USER_COLUMNS } from '../auth/sessions'
import { pricePolicyOf, resolveContract } from '../catalogue/contract'
import { listWarehouses } from '../catalogue/warehouses'
import type { Db } from '../db/connection'
import { writeExportWorkbook } from './export-workbook'

/** A claim holds this long; the worker renews it after every page it writes. */
const LEASE_MS = 30_000
/** How often the loop looks for queued jobs and lapsed claims. */
const LOOP_MS = 2_000
/** A job claimed this many times without finishing (its process stopped each time) fails visibly. */
const MAX_ATTEMPTS = 3

export interface ExportWorkerDeps {
  db: Db
  now: () => Date
  exportDir: string
  logError: (message: string, error: unknown) => void
  /** this worker's name in `claimed_by` (a random one unless given) */
  workerId?: string
  leaseMs?: number
}

export interface ExportWorker {
  /** Builds queued jobs until none is left; a kick while running makes it look again when done. */
  kick: () => Promise<void>
  /** Starts the loop that kicks every 2 s (queued jobs of other processes, lapsed claims). */
  start: () => void
  /**
   * Stops the loop, claims no more jobs and puts the one in hand back in the queue at once (its build
   * ends at its next page without a file), for a graceful stop: another process or the restart builds it.
   */
  stop: () => Promise<void>
  /** Claims and builds queued jobs until none is left; answers the ids it built (tests race two workers with it). */
  drain: () => Promise<number[]>
}

interface ClaimedJob {
  id: number
  customer_id: number
  user_id: number
  contract_id: number
  brand_ids: string
}

const CLAIMED_COLUMNS = ['id', 'customer_id', 'user_id', 'contract_id', 'brand_ids'] as const

class LostClaim extends Error {}

/**
 * Takes the oldest queued job for this worker. PostgreSQL: one UPDATE whose subquery locks the row
 * FOR UPDATE SKIP LOCKED, so racing workers each take another job. SQLite (one writer at a time):
 * the UPDATE succeeds only while the job is still 'queued', so exactly one claim of a job wins.
 */
async function claimNext(db: Db, workerId: string, leaseUntil: string): Promise<ClaimedJob | null> {
  const claim = { state: 'working', claimed_by: workerId, lease_until: leaseUntil, attempts: sql<number>`attempts + 1` }
  if (db.dialect === 'postgres') {
    const row = await db.kysely
      .updateTable('export_jobs')
      .set(claim)
      .where('id', '=', (eb) => eb.selectFrom('export_jobs').select('id').where('state', '=', 'queued').orderBy('id').limit(1).forUpdate().skipLocked())
      .where('state', '=', 'queued')
      .returning(CLAIMED_COLUMNS)
      .executeTakeFirst()
    return row ?? null
  }
  for (;;) {
    const next = await db.kysely.selectFrom('export_jobs').select('id').where('state', '=', 'queued').orderBy('id').limit(1).executeTakeFirst()
    if (!next) return null
    const row = await db.kysely
      .updateTable('export_jobs')
      .set(claim)
      .where('id', '=', next.id)
      .where('state', '=', 'queued')
      .returning(CLAIMED_COLUMNS)
      .executeTakeFirst()
    if (row) return row
  }
}

/** Claims whose lease lapsed (their process stopped): queued again, or failed after MAX_ATTEMPTS claims. */
async function reclaimLapsed(db: Db, now: Date): Promise<void> {
  const lapsed = () => db.kysely.updateTable('export_jobs').where('state', '=', 'working').where('lease_until', '<', now.toISOString())
  await lapsed()
    .set({ state: 'failed', error: EXPORTER_MESSAGES.interrupted, claimed_by: null, lease_until: null })
    .where('attempts', '>=', MAX_ATTEMPTS)
    .execute()
  await lapsed().set({ state: 'queued', claimed_by: null, lease_until: null, progress: 0 }).execute()
}

export function createExportWorker(deps: ExportWorkerDeps): ExportWorker {
  const workerId = deps.workerId ?? randomUUID()
  const leaseMs = deps.leaseMs ?? LEASE_MS
  const { db } = deps
  const leaseUntil = () => new Date(deps.now().getTime() + leaseMs).toISOString()

  /** Renews the claim with the progress; a claim another worker took over (the lease lapsed) stops this build. */
  const heartbeat = (jobId: number) => async (fraction: number) => {
    const renewed = await db.kysely
      .updateTable('export_jobs')
      .set({ progress: fraction, lease_until: leaseUntil() })
      .where('id', '=', jobId)
      .where('state', '=', 'working')
      .where('claimed_by', '=', workerId)
      .executeTakeFirst()
    if (Number(renewed.numUpdatedRows) !== 1) throw new LostClaim(`export ${jobId}: the claim was lost`)
  }

  async function build(job: ClaimedJob): Promise<void> {
    const filePath = join(deps.exportDir, `export-${job.customer_id}-${job.id}-${randomUUID()}.xlsx`)
    try {
      const user = await db.kysely.selectFrom('users').select(SESSION_USER_COLUMNS).where('id', '=', job.user_id).executeTakeFirstOrThrow()
      // the prices the catalogue shows this account (its contract, its price policy): the same functions read them
      const contract = await resolveContract(db, user, String(job.contract_id))
      const brandIds = (JSON.parse(job.brand_ids) as unknown[]).map(Number)
      mkdirSync(deps.exportDir, { recursive: true })
      await writeExportWorkbook(
        db,
        { brandIds, pricing: { factor: contract.factor, policy: pricePolicyOf(user) }, warehouses: await listWarehouses(db) },
        filePath,
        heartbeat(job.id),
      )
      const done = await db.kysely
        .updateTable('export_jobs')
        .set({ state: 'ready', progress: 1, file_path: filePath, ready_at: deps.now().toISOString(), claimed_by: null, lease_until: null })
        .where('id', '=', job.id)
        .where('claimed_by', '=', workerId)
        .where('state', '=', 'working')
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) !== 1) throw new LostClaim(`export ${job.id}: the claim was lost`)
    } catch (error) {
      await rm(filePath, { force: true })
      if (error instanceof LostClaim) return
      deps.logError(`export ${job.id} not built`, error)
      await db.kysely
        .updateTable('export_jobs')
        .set({ state: 'failed', error: EXPORTER_MESSAGES.failed, claimed_by: null, lease_until: null })
        .where('id', '=', job.id)
        .where('claimed_by', '=', workerId)
        .execute()
    }
  }

  let stopped = false
  const claim = () => (stopped ? Promise.resolve(null) : claimNext(db, workerId, leaseUntil()))
  const drain = async (): Promise<number[]> => {
    const built: number[] = []
    await reclaimLapsed(db, deps.now())
    for (let job = await claim(); job; job = await claim()) {
      await build(job)
      built.push(job.id)
    }
    return built
  }

  let running: Promise<void> | null = null
  let lookAgain = false
  const kick = (): Promise<void> => {
    if (running) {
      lookAgain = true
      return running
    }
    const stopped = (error: unknown) => deps.logError('export worker stopped', error)
    running = drain().then(() => undefined, stopped)
    void running.finally(() => {
      running = null
      if (!lookAgain) return
      lookAgain = false
      void kick()
    })
    return running
  }

  let timer: NodeJS.Timeout | null = null
  /** this worker's claim, given back as if never taken (the attempt does not count) */
  // unreleased (the database gone), the claim lapses with its lease as after a crash
  const releaseClaims = () =>
    db.kysely
      .updateTable('export_jobs')
      .set({ state: 'queued', claimed_by: null, lease_until: null, progress: 0, attempts: sql<number>`attempts - 1` })
      .where('claimed_by', '=', workerId)
      .where('state', '=', 'working')
      .execute()
      .catch((error: unknown) => deps.logError('export claims not released', error))
  const loop = () => {
    timer = setTimeout(() => {
      void kick().finally(() => {
        if (!stopped) loop()
      })
    }, LOOP_MS)
    timer.unref()
  }

  return {
    kick,
    drain,
    start: () => {
      stopped = false
      void kick()
      loop()
    },
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await releaseClaims()
      while (running) await running
      // a claim that raced the first release
      await releaseClaims()
    },
  }
}
