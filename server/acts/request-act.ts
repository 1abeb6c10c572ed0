import { ACTS_MESSAGES, isoDayOf, type Act, type ActFields } from '../../src/contract/acts'
import { AUTH_MESSAGES } from '../../src/contract/auth'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'
import { ACT_COLUMNS, actContracts, scopedActs } from './act-scope'
import { toAct } from './act-row'

/**
 * POST /api/act/: a new act, 'queued' for the worker. The contract must be one the user may use
 * (403 otherwise) and the contragent the contract's own (400); the period was checked by the
 * schema (spec §5). Nothing is saved when a check fails.
 */
export async function requestAct(db: Db, user: SessionUser, fields: ActFields, now: Date): Promise<Act> {
  const contract = (await actContracts(db, user)).find((c) => c.id === String(fields.contract_id))
  if (!contract) throw new HttpError(403, AUTH_MESSAGES.forbidden)
  if (contract.contragent_id !== String(fields.contragent_id)) throw new HttpError(400, ACTS_MESSAGES.contragentMismatch)
  const inserted = await db.kysely
    .insertInto('acts')
    .values({
      customer_id: user.customer_id,
      user_id: user.id,
      contract_id: fields.contract_id,
      contragent_id: fields.contragent_id,
      start_day: isoDayOf(fields.startdate) ?? '',
      end_day: isoDayOf(fields.enddate) ?? '',
      state: 'queued',
      file: null,
      error: null,
      created_at: now.toISOString(),
      claimed_at: null,
      ready_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const row = await scopedActs(db, user.customer_id, [fields.contract_id])
    .select([...ACT_COLUMNS])
    .where('acts.id', '=', inserted.id)
    .executeTakeFirstOrThrow()
  return toAct(row)
}
