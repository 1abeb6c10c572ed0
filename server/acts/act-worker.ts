import type { Db } from '../db/connection'
import { buildLedger, type ActSubject } from './act-ledger'
import { buildActWorkbook } from './act-workbook'

/**
 * A 'working' act whose claim was not renewed for this long lost its process (a crash, a kill -9)
 * and is queued again; the process building it renews the claim every CLAIM_RENEWAL_MS.
 */
const STALE_CLAIM_MS = 2 * 60_000
const CLAIM_RENEWAL_MS = 30_000
/** how often a running server looks for stale claims, so such an act is built without waiting for a request */
export const STALE_SWEEP_MS = 60_000

export interface ActWorkerDeps {
  db: Db
  now: () => Date
  logError: (message: string, error: unknown) => void
  /** turns an act's ledger into its XLSX file (buildActWorkbook unless a test watches the builds) */
  buildWorkbook?: typeof buildActWorkbook
}

export interface ActWorker {
  /** Builds every queued act, one after another; a kick while running makes it look again when done. */
  kick: () => Promise<void>
  /** Resolves when the work in hand is done (tests). */
  idle: () => Promise<void>
  /**
   * For a graceful stop: claims no more acts and puts the one in hand back in the queue at once (its
   * build ends without a file), so another process or the restart builds it instead of waiting for
   * the claim to go stale.
   */
  stop: () => Promise<void>
}

/**
 * Takes the oldest queued act for this process: the UPDATE only succeeds while the act is still
 * 'queued', so of several processes (or a process and its restart) exactly one builds each act.
 */
async function claimNext(db: Db, now: Date): Promise<(ActSubject & { id: number }) | null> {
  for (;;) {
    const next = await db.kysely
      .selectFrom('acts')
      .select(['id', 'customer_id', 'contract_id', 'contragent_id', 'start_day', 'end_day'])
      .where('state', '=', 'queued')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
    if (!next) return null
    const claimed = await db.kysely
      .updateTable('acts')
      .set({ state: 'working', claimed_at: now.toISOString() })
      .where('id', '=', next.id)
      .where('state', '=', 'queued')
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) === 1) return next
  }
}

async function requeueStale(db: Db, now: Date): Promise<void> {
  await db.kysely
    .updateTable('acts')
    .set({ state: 'queued', claimed_at: null })
    .where('state', '=', 'working')
    .where('claimed_at', '<', new Date(now.getTime() - STALE_CLAIM_MS).toISOString())
    .execute()
}

async function renewClaim(deps: ActWorkerDeps, id: number): Promise<void> {
  await deps.db.kysely
    .updateTable('acts')
    .set({ claimed_at: deps.now().toISOString() })
    .where('id', '=', id)
    .where('state', '=', 'working')
    .execute()
    .catch((error: unknown) => deps.logError(`act ${id}: claim not renewed`, error))
}

/** `released` says the act went back to the queue meanwhile (a graceful stop): its outcome is dropped. */
async function buildOne(deps: ActWorkerDeps, act: ActSubject & { id: number }, released: () => boolean): Promise<void> {
  try {
    const file = await (deps.buildWorkbook ?? buildActWorkbook)(await buildLedger(deps.db, act))
    // the stop's UPDATE runs on another pooled connection, so the state check alone may lose the race
    if (released()) return
    await deps.db.kysely
      .updateTable('acts')
      .set({ state: 'ready', file, ready_at: deps.now().toISOString(), error: null })
      .where('id', '=', act.id)
      .where('state', '=', 'working')
      .execute()
  } catch (error) {
    if (released()) return
    deps.logError(`act ${act.id} not built`, error)
    await deps.db.kysely
      .updateTable('acts')
      .set({ state: 'failed', error: error instanceof Error ? error.message : String(error) })
      .where('id', '=', act.id)
      .where('state', '=', 'working')
      .execute()
  }
}

/** The database-backed job that turns queued acts into XLSX files; the state lives in the acts table only. */
export function createActWorker(deps: ActWorkerDeps): ActWorker {
  let running: Promise<void> | null = null
  let lookAgain = false
  let stopping = false
  /** the act being built, put back in the queue by stop() */
  let inHand: number | null = null

  const drain = async () => {
    await requeueStale(deps.db, deps.now())
    for (let act = await claimNext(deps.db, deps.now()); act; act = stopping ? null : await claimNext(deps.db, deps.now())) {
      inHand = act.id
      const renewal = setInterval(() => void renewClaim(deps, act.id), CLAIM_RENEWAL_MS)
      try {
        await buildOne(deps, act, () => stopping)
      } finally {
        clearInterval(renewal)
      }
      inHand = null
    }
  }

  const kick = (): Promise<void> => {
    if (stopping) return Promise.resolve()
    if (running) {
      lookAgain = true
      return running
    }
    running = drain()
      .catch((error: unknown) => deps.logError('act worker stopped', error))
      .finally(() => {
        running = null
        if (lookAgain) {
          lookAgain = false
          void kick()
        }
      })
    return running
  }

  const idle = async () => {
    while (running) await running
  }

  const stop = async () => {
    stopping = true
    lookAgain = false
    if (inHand !== null) {
      await deps.db.kysely
        .updateTable('acts')
        .set({ state: 'queued', claimed_at: null })
        .where('id', '=', inHand)
        .where('state', '=', 'working')
        .execute()
        // unreleased (the database gone), the claim is taken back as stale, as after a crash
        .catch((error: unknown) => deps.logError(`act ${inHand} not released`, error))
    }
    await idle()
  }

  return { kick, idle, stop }
}
