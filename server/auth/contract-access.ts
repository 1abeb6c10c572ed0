import type { Contract } from '../../src/contract/account'
import type { Db } from '../db/connection'
import type { SessionUser } from './sessions'

export const MAIN_ACCOUNT_TYPE = '1'

/** Contracts the user may work under: all of the company's for a main account, the granted ones for a manager. */
export async function allowedContracts(db: Db, user: Pick<SessionUser, 'id' | 'customer_id' | 'type_id'>): Promise<Contract[]> {
  return (await allowedContractsPriced(db, user)).map(({ priceFactor: _, ...contract }) => contract)
}

/** The allowed contracts with each one's multiplier of the base price list, in one query. */
export async function allowedContractsPriced(
  db: Db,
  user: Pick<SessionUser, 'id' | 'customer_id' | 'type_id'>,
): Promise<(Contract & { priceFactor: number })[]> {
  let query = db.kysely
    .selectFrom('contracts')
    .innerJoin('contragents', 'contragents.id', 'contracts.contragent_id')
    .select(['contracts.id', 'contracts.header', 'contragents.company', 'contracts.price_factor'])
    .where('contracts.customer_id', '=', user.customer_id)
    .orderBy('contracts.id')
  if (user.type_id !== MAIN_ACCOUNT_TYPE) {
    query = query.where('contracts.id', 'in', (eb) =>
      eb.selectFrom('manager_contracts').select('contract_id').where('user_id', '=', user.id),
    )
  }
  const rows = await query.execute()
  return rows.map((row) => ({ id: String(row.id), header: row.header, contragent: row.company, priceFactor: row.price_factor }))
}

/** The user's chosen contract while it is still allowed, else the first allowed one, else '0'. */
export function selectedContractId(user: Pick<SessionUser, 'current_contract_id'>, contracts: Contract[]): string {
  const current = String(user.current_contract_id)
  return contracts.find((contract) => contract.id === current)?.id ?? contracts[0]?.id ?? '0'
}
