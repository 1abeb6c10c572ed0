import { DRAFT_MESSAGES, type Draft } from '../../src/contract/drafts'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'
import { HttpError } from '../validation'

export interface DraftToSave {
  user: Pick<SessionUser, 'id' | 'customer_id'>
  /** a contract the user may use (resolved by the caller) */
  contractId: number
  header: string
  now: Date
}

/** Copies the user's basket under the contract into a new draft; the basket stays as it is. An empty basket is a 400. */
export async function saveBasketAsDraft(db: Db, { user, contractId, header, now }: DraftToSave): Promise<Draft> {
  return db.kysely.transaction().execute(async (trx) => {
    const lines = await trx
      .selectFrom('basket_lines')
      .select(['product_id', 'warehouse_id', 'qnt'])
      .where('user_id', '=', user.id)
      .where('contract_id', '=', contractId)
      .orderBy('added_at')
      .orderBy('id')
      .execute()
    if (lines.length === 0) throw new HttpError(400, DRAFT_MESSAGES.emptyBasket)
    const createdAt = now.toISOString()
    const draft = await trx
      .insertInto('drafts')
      .values({ user_id: user.id, customer_id: user.customer_id, contract_id: contractId, header, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('draft_lines')
      .values(lines.map((line) => ({ ...line, draft_id: draft.id })))
      .execute()
    return { id: draft.id, header, count: lines.length, contract: String(contractId), created_at: createdAt }
  })
}
