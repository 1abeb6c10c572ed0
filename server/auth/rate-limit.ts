import type { FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import type { AppConfig } from '../config'
import type { Db } from '../db/connection'
import type { AppDeps } from '../deps'
import { HttpError } from '../validation'

const WINDOW_MS = 60_000

export type RateLimitedAction = keyof AppConfig['rateLimits']

/**
 * Counts one attempt under `key` in a fixed one-minute window and answers the attempts made in
 * the current window. One upsert, so concurrent server processes never lose a count.
 */
export async function countAttempt(db: Db, key: string, now: Date): Promise<number> {
  const nowMs = now.getTime()
  const windowOver = sql<boolean>`rate_limits.window_started_at <= ${nowMs - WINDOW_MS}`
  const row = await db.kysely
    .insertInto('rate_limits')
    .values({ key, window_started_at: nowMs, hits: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when ${windowOver} then 1 else rate_limits.hits + 1 end`,
        window_started_at: sql<number>`case when ${windowOver} then ${nowMs} else rate_limits.window_started_at end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow()
  const hits = Number(row.hits)
  // a fresh window is rare enough to pay for sweeping the windows of addresses gone quiet
  if (hits === 1)
    await db.kysely
      .deleteFrom('rate_limits')
      .where('window_started_at', '<=', nowMs - 2 * WINDOW_MS)
      .execute()
  return hits
}

/** Throws 429 when the client's IP has used up this minute's attempts at `action`. */
export async function enforceRateLimit(deps: Pick<AppDeps, 'db' | 'config' | 'now'>, request: FastifyRequest, action: RateLimitedAction): Promise<void> {
  const attempts = await countAttempt(deps.db, `${action}:${request.ip}`, deps.now())
  if (attempts > deps.config.rateLimits[action]) throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts)
}
