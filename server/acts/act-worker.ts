import type { Db } from '../db/connection'
import { buildLedger, type ActSubject } from './act-ledger'
import { buildActWorkbook } from './act-workbook'

/** A 'working' act claimed longer ago than this lost its process (a crash, a deploy) and is queued again. */
const STALE_CLAIM_MS = 10 * 60_000

export interface ActWorkerDeps {
  db: Db
  now: () => Date
  logError: (message: string, error: unknown) => void
}

export interface ActWorker {
  /** Builds every queued act, one after another; a kick while running makes it look again when done. */
  kick: () => Promise<void>
  /** Resolves when the work in hand is done (for shutdown and tests). */
  idle: () => Promise<void>
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

async function buildOne(deps: ActWorkerDeps, act: ActSubject & { id: number }): Promise<void> {
  try {
    const file = await buildActWorkbook(await buildLedger(deps.db, act))
    await deps.db.kysely
      .updateTable('acts')
      .set({ state: 'ready', file, ready_at: deps.now().toISOString(), error: null })
      .where('id', '=', act.id)
      .where('state', '=', 'working')
      .execute()
  } catch (error) {
    deps.logError(`act ${act.id} not built`, error)
    await deps.db.kysely
      .updateTable('acts')
      .set({ state: 'failed', error: error instanceof Error ? error.message : String(error) })
      .where('id', '=', act.id)
      .execute()
  }
}

/** The database-backed job that turns queued acts into XLSX files; the state lives in the acts table only. */
export function createActWorker(deps: ActWorkerDeps): ActWorker {
  let running: Promise<void> | null = null
  let lookAgain = false

  const drain = async () => {
    await requeueStale(deps.db, deps.now())
    for (let act = await claimNext(deps.db, deps.now()); act; act = await claimNext(deps.db, deps.now())) {
      await buildOne(deps, act)
    }
  }

  const kick = (): Promise<void> => {
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

  return { kick, idle }
}
