import { createHash, randomBytes } from 'node:crypto'
import { INVITATION_MESSAGES, INVITATION_PATH, type InvitationRequest } from '../../src/contract/managers'
import { hashPassword } from '../auth/passwords'
import type { Db } from '../db/connection'
import type { Mailer } from '../mail/mailer'
import { managerInvitationMail } from '../mail/messages'
import { HttpError } from '../validation'

export const INVITATION_TTL_DAYS = 7
const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000

/** Only the hash of a token is stored: a leaked table gives no invitation away. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The link of an invitation, on the address the main account used. */
const invitationLink = (origin: string, token: string) => `${origin}${INVITATION_PATH}?token=${token}`

/** A new one-time token for the manager (earlier unused ones stop working), mailed through the outbox. */
export async function inviteManager(
  deps: { db: Db; mailer: Mailer; now: () => Date },
  manager: { id: number; email: string; customer_id: number },
  origin: string,
): Promise<void> {
  const token = randomBytes(32).toString('hex')
  const now = deps.now()
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('manager_invitations').where('user_id', '=', manager.id).where('used_at', 'is', null).execute()
    await trx
      .insertInto('manager_invitations')
      .values({
        token_hash: hashToken(token),
        user_id: manager.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
        used_at: null,
      })
      .execute()
  })
  const customer = await deps.db.kysely.selectFrom('customers').select('company').where('id', '=', manager.customer_id).executeTakeFirstOrThrow()
  await deps.mailer.send(managerInvitationMail(manager.email, customer.company, invitationLink(origin, token), INVITATION_TTL_DAYS))
}

/** POST /api/invitation/: sets the password once; a used, expired or unknown token is refused with its own message. */
export async function acceptInvitation(db: Db, request: InvitationRequest, now: Date): Promise<{ email: string }> {
  if (request.password !== request.password2) throw new HttpError(400, INVITATION_MESSAGES.passwordsDiffer)
  const invitation = await db.kysely
    .selectFrom('manager_invitations')
    .innerJoin('users', 'users.id', 'manager_invitations.user_id')
    .select(['manager_invitations.user_id', 'manager_invitations.expires_at', 'manager_invitations.used_at', 'users.email', 'users.deleted_at'])
    .where('manager_invitations.token_hash', '=', hashToken(request.token))
    .executeTakeFirst()
  if (!invitation || invitation.deleted_at !== null) throw new HttpError(400, INVITATION_MESSAGES.invalid)
  if (invitation.used_at !== null) throw new HttpError(400, INVITATION_MESSAGES.used)
  if (invitation.expires_at <= now.toISOString()) throw new HttpError(400, INVITATION_MESSAGES.expired)
  const passwordHash = await hashPassword(request.password)
  const used = await db.kysely.transaction().execute(async (trx) => {
    // the used_at condition makes a second request racing this one find nothing to update
    const marked = await trx
      .updateTable('manager_invitations')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', hashToken(request.token))
      .where('used_at', 'is', null)
      .executeTakeFirst()
    if (Number(marked.numUpdatedRows) === 0) return false
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', invitation.user_id).execute()
    return true
  })
  if (!used) throw new HttpError(400, INVITATION_MESSAGES.used)
  return { email: invitation.email }
}
