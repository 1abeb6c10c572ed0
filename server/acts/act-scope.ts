import { allowedContracts } from '../auth/contract-access'
import type { SessionUser } from '../auth/sessions'
import type { Db } from '../db/connection'

/**
 * The contracts whose acts the user may see, request and download: the company's own, and for
 * a manager only its granted ones. Each carries its contragent.
 */
export async function actContracts(db: Db, user: SessionUser) {
  const allowed = await allowedContracts(db, user)
  if (allowed.length === 0) return []
  const rows = await db.kysely
    .selectFrom('contracts')
    .innerJoin('contragents', 'contragents.id', 'contracts.contragent_id')
    .select(['contracts.id', 'contracts.header', 'contracts.contragent_id', 'contragents.company'])
    .where(
      'contracts.id',
      'in',
      allowed.map((contract) => Number(contract.id)),
    )
    .orderBy('contracts.id')
    .execute()
  return rows.map((row) => ({ id: String(row.id), header: row.header, contragent: row.company, contragent_id: String(row.contragent_id) }))
}

/** The acts table joined to its contract and contragent, limited to the company and the given contracts. */
export function scopedActs(db: Db, customerId: number, contractIds: readonly number[]) {
  return db.kysely
    .selectFrom('acts')
    .innerJoin('contracts', 'contracts.id', 'acts.contract_id')
    .innerJoin('contragents', 'contragents.id', 'acts.contragent_id')
    .where('acts.customer_id', '=', customerId)
    .where('acts.contract_id', 'in', contractIds.length > 0 ? [...contractIds] : [-1])
}

export const ACT_COLUMNS = [
  'acts.id',
  'acts.contract_id',
  'contracts.header as contract',
  'acts.contragent_id',
  'contragents.company as contragent',
  'acts.start_day',
  'acts.end_day',
  'acts.state',
  'acts.created_at',
] as const
