import type { PricePolicy } from '../../src/contract/price-policy'
import { pricePolicyOf } from '../catalogue/contract'
import type { Db } from '../db/connection'
import { findManager, type Company } from './manager-rows'

/** A manager's price policy: 404 for another company's or a deleted manager, 403 for the main account (findManager). */
export async function readPricePolicy(db: Db, company: Company, managerId: number): Promise<PricePolicy> {
  const manager = await findManager(db, company, managerId)
  const row = await db.kysely
    .selectFrom('users')
    .select(['type_id', 'price_policy', 'price_markup'])
    .where('id', '=', manager.id)
    .where('customer_id', '=', company.customer_id)
    .executeTakeFirstOrThrow()
  return pricePolicyOf(row)
}

/**
 * Sets a manager's price policy. It is read with the manager's session on every request, so the
 * manager's very next call (catalogue, card, basket, order) is priced by it.
 */
export async function savePricePolicy(db: Db, company: Company, managerId: number, policy: PricePolicy): Promise<PricePolicy> {
  const manager = await findManager(db, company, managerId)
  await db.kysely
    .updateTable('users')
    .set({ price_policy: policy.type, price_markup: policy.markup })
    .where('id', '=', manager.id)
    .where('customer_id', '=', company.customer_id)
    .execute()
  return readPricePolicy(db, company, managerId)
}
