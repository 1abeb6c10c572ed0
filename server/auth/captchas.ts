import { randomBytes, randomInt } from 'node:crypto'
import { CAPTCHA_TTL_MS } from '../../src/contract/registration'
import type { Db } from '../db/connection'

export const CAPTCHA_COOKIE = 'cabinet_captcha'
/** digits 2-9 and Latin capitals without I, O and L: nothing a person could misread */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const CAPTCHA_LENGTH = 5

export type CaptchaCheck = 'ok' | 'wrong' | 'expired'

export const isCaptchaId = (value: string | undefined): value is string => !!value && /^[0-9a-f]{32}$/.test(value)
export const newCaptchaId = () => randomBytes(16).toString('hex')

export function generateCaptchaText(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('')
}

/** Stores (or replaces) the answer of a captcha id; long-expired captchas are swept on the way. */
export async function storeCaptcha(db: Db, captchaId: string, text: string, now: Date): Promise<void> {
  const expiresAt = now.getTime() + CAPTCHA_TTL_MS
  const answer = text.toLowerCase()
  await db.kysely
    .insertInto('captchas')
    .values({ id: captchaId, answer, expires_at: expiresAt, used: 0 })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ answer, expires_at: expiresAt, used: 0 }))
    .execute()
  await db.kysely
    .deleteFrom('captchas')
    .where('expires_at', '<', now.getTime() - CAPTCHA_TTL_MS)
    .execute()
}

/** The current answer of a captcha id (lowercase), for tests that play the person reading the picture. */
export async function readCaptchaAnswer(db: Db, captchaId: string): Promise<string | undefined> {
  const row = await db.kysely.selectFrom('captchas').select('answer').where('id', '=', captchaId).executeTakeFirst()
  return row?.answer
}

/** Checks an answer; any check uses the captcha up, right or wrong (one atomic update). */
export async function checkCaptcha(db: Db, captchaId: string | undefined, given: string, now: Date): Promise<CaptchaCheck> {
  if (!isCaptchaId(captchaId)) return 'wrong'
  const row = await db.kysely
    .updateTable('captchas')
    .set({ used: 1 })
    .where('id', '=', captchaId)
    .where('used', '=', 0)
    .returning(['answer', 'expires_at'])
    .executeTakeFirst()
  if (!row) return 'wrong'
  if (Number(row.expires_at) <= now.getTime()) return 'expired'
  return row.answer === given.trim().toLowerCase() ? 'ok' : 'wrong'
}
