import { DRAFT_MESSAGES, type DraftRepeatedResponse } from '../../src/contract/drafts'
import type { SessionUser } from '../auth/sessions'
import { basketSummary } from '../catalogue/basket-lines'
import { resolveContract } from '../catalogue/contract'
import { addProductSet } from '../catalogue/product-set'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'
import { countDrafts } from './list-drafts'

export interface OwnDraft {
  id: number
  userId: number
  contractId: number
}

/** A draft of the user's own; anyone else's is as unknown as a missing one (404). */
export async function findOwnDraft(db: Db, userId: number, draftId: number): Promise<OwnDraft> {
  const row = await db.kysely
    .selectFrom('drafts')
    .select(['id', 'user_id', 'contract_id'])
    .where('id', '=', draftId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) throw new HttpError(404, DRAFT_MESSAGES.notFound)
  return { id: row.id, userId: row.user_id, contractId: row.contract_id }
}

/** Deletes the draft (its lines go with it) and answers how many drafts the user has left. */
export async function removeDraft(db: Db, draft: OwnDraft): Promise<number> {
  await db.kysely.deleteFrom('drafts').where('id', '=', draft.id).where('user_id', '=', draft.userId).execute()
  return countDrafts(db, draft.userId)
}

/**
 * Adds the draft's lines into the basket of its contract, each checked against its warehouse's
 * stock; the contract must still be one the user may use (403 otherwise).
 */
export async function repeatDraft(db: Db, user: SessionUser, draft: OwnDraft, now: Date): Promise<DraftRepeatedResponse> {
  const contract = await resolveContract(db, user, String(draft.contractId))
  const lines = await db.kysely
    .selectFrom('draft_lines')
    .select(['product_id', 'warehouse_id', 'qnt'])
    .where('draft_id', '=', draft.id)
    .orderBy('id')
    .execute()
  const items = lines.map((line) => ({ id: line.product_id, wms: line.warehouse_id, qnt: line.qnt }))
  const { count, refused } = await addProductSet(db, { userId: user.id, contractId: contract.id, now }, items)
  return { count, refused, basket: await basketSummary(db, user, String(contract.id)) }
}
