import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'

export const SESSION_COOKIE = 'cabinet_sid'
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000

/** The signed-in user as routes see it (never the password hash). */
export type SessionUser = Omit<Selectable<Database['users']>, 'password_hash' | 'deleted_at'>

export const SESSION_USER_COLUMNS = [
  'users.id',
  'users.customer_id',
  'users.email',
  'users.type_id',
  'users.name',
  'users.phone',
  'users.enabled',
  'users.approval',
  'users.disabled_menus',
  'users.current_contract_id',
  'users.created_at',
  'users.price_policy',
  'users.price_markup',
] as const

/** Only the hash of a session id is stored, so a leaked table does not give sessions away. */
export const hashSessionId = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex')

/** A session id as `createSession` makes them; anything else is no session. */
export const isSessionIdShaped = (sessionId: string) => /^[0-9a-f]{32}$/.test(sessionId)

/** The users of live sessions: not expired, the user enabled, approved and not deleted. */
export const liveSessionUsers = (kysely: Kysely<Database>, sessionHash: string, now: string) =>
  kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .where('sessions.id', '=', sessionHash)
    .where('sessions.expires_at', '>', now)
    .where('users.enabled', '=', '1')
    .where('users.approval', '=', 'approved')
    .where('users.deleted_at', 'is', null)

/**
 * Starts a session of the user's. At most `cap` of its sessions stay live (one user had 175): the
 * oldest beyond them end, the expired ones too; never the one just started.
 */
export async function createSession(db: Db, userId: number, now: Date, cap: number): Promise<string> {
  const sessionId = randomBytes(16).toString('hex')
  const id = hashSessionId(sessionId)
  await db.kysely
    .insertInto('sessions')
    .values({ id, user_id: userId, created_at: now.toISOString(), expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString() })
    .execute()
  const othersKept = db.kysely
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', '!=', id)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(cap - 1)
  await db.kysely.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', id).where('id', 'not in', othersKept).execute()
  return sessionId
}

/** The user of a live session; sessions of disabled or no longer approved users do not count. */
export async function findSessionUser(db: Db, sessionId: string, now: Date): Promise<SessionUser | undefined> {
  if (!isSessionIdShaped(sessionId)) return undefined
  return liveSessionUsers(db.kysely, hashSessionId(sessionId), now.toISOString()).select(SESSION_USER_COLUMNS).executeTakeFirst()
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id', '=', hashSessionId(sessionId)).execute()
}

export const sessionIdOf = (request: FastifyRequest): string | undefined => request.cookies[SESSION_COOKIE]

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: SESSION_TTL_MS / 1000,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' })
}
