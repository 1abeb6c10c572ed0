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
 * Counts one attempt under `key` ('action:who') in a fixed window (one minute unless given) and
 * answers the attempts made in the current window. One upsert, so concurrent server processes
 * never lose a count.
 */
export async function countAttempt(db: Db, key: string, now: Date, windowMs = WINDOW_MS): Promise<number> {
  const nowMs = now.getTime()
  const windowOver = sql<boolean>`rate_limits.window_started_at <= ${nowMs - windowMs}`
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
  // a fresh window is rare enough to pay for sweeping the windows of addresses gone quiet (of
  // the same action: another action's windows may be longer)
  if (hits === 1)
    await db.kysely
      .deleteFrom('rate_limits')
      .where('key', 'like', `${key.slice(0, key.indexOf(':') + 1)}%`)
      .where('window_started_at', '<=', nowMs - 2 * windowMs)
      .execute()
  return hits
}

/** Throws 429 when the client's IP has used up this minute's attempts at `action`. */
export async function enforceRateLimit(deps: Pick<AppDeps, 'db' | 'config' | 'now'>, request: FastifyRequest, action: RateLimitedAction): Promise<void> {
  const attempts = await countAttempt(deps.db, `${action}:${request.ip}`, deps.now())
  if (attempts > deps.config.rateLimits[action]) throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts)
}

/**
 * Throws 429 when this minute's attempts at `action` for one account (the login or e-mail asked
 * for, in any case) are used up, wherever they come from: attempts spread over many addresses
 * stop too. Counted whether or not the account exists, so the answer tells nothing about it.
 */
export async function enforceAccountRateLimit(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  action: keyof AppConfig['accountRateLimits'],
  account: string,
): Promise<void> {
  const attempts = await countAttempt(deps.db, `${action}-account:${account.trim().toLowerCase()}`, deps.now())
  if (attempts > deps.config.accountRateLimits[action]) throw new HttpError(429, AUTH_MESSAGES.tooManyAttempts)
}

const HOUR_MS = 60 * 60_000

/** Throws 429 with `message` when the account has used up this hour's requests of `action` (the callback). */
export async function enforceAccountHourlyLimit(
  deps: Pick<AppDeps, 'db' | 'now'>,
  action: string,
  userId: number,
  limit: number,
  message: string,
): Promise<void> {
  const attempts = await countAttempt(deps.db, `${action}:user-${userId}`, deps.now(), HOUR_MS)
  if (attempts > limit) throw new HttpError(429, message)
}
