import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { Contract } from '../../src/contract/account'
import type { Db } from '../db/connection'
import type { Database } from '../db/schema'
import { preparedQuery } from '../db/prepared-query'
import type { SessionUser } from './sessions'

export const MAIN_ACCOUNT_TYPE = '1'

/** A contract the user may use, with its multiplier of the base price list. */
export type PricedContract = Contract & { priceFactor: number }

/** The rule, as SQL over a users row and a contracts row: all of the company's for a main account, the granted ones for a manager. */
export const mayUseContract = (eb: ExpressionBuilder<Database, 'users' | 'contracts'>): Expression<SqlBool> =>
  eb.and([
    eb('contracts.customer_id', '=', eb.ref('users.customer_id')),
    eb.or([
      eb('users.type_id', '=', MAIN_ACCOUNT_TYPE),
      eb(
        'contracts.id',
        'in',
        eb.selectFrom('manager_contracts').select('manager_contracts.contract_id').whereRef('manager_contracts.user_id', '=', 'users.id'),
      ),
    ]),
  ])

/** The columns a priced contract is read from, beside the contracts and contragents rows. */
export const PRICED_CONTRACT_COLUMNS = [
  'contracts.id as contract_id',
  'contracts.header as contract_header',
  'contragents.company as contract_company',
  'contracts.price_factor as contract_price_factor',
] as const

interface PricedContractColumns {
  contract_id: number | null
  contract_header: string | null
  contract_company: string | null
  contract_price_factor: number | null
}

/** The contracts of rows read with PRICED_CONTRACT_COLUMNS (a row without a contract adds none). */
export function pricedContractsOf(rows: readonly PricedContractColumns[]): PricedContract[] {
  const contracts: PricedContract[] = []
  for (const row of rows) {
    if (row.contract_id === null || row.contract_header === null || row.contract_company === null || row.contract_price_factor === null) continue
    contracts.push({ id: String(row.contract_id), header: row.contract_header, contragent: row.contract_company, priceFactor: row.contract_price_factor })
  }
  return contracts
}

/**
 * Contracts read in the same query as a user row (server/auth/session-account.ts), by that row:
 * the request that read them uses them instead of asking again. Only for the one request, never
 * across requests: a grant changed since is seen by the next one.
 */
const contractsReadWith = new WeakMap<object, PricedContract[]>()

export function rememberContractsOf(user: SessionUser, contracts: PricedContract[]): void {
  contractsReadWith.set(user, contracts)
}

const allowedContractsQuery = preparedQuery((kysely, $: { userId: number }) =>
  kysely
    .selectFrom('users')
    .innerJoin('contracts', (join) => join.on(mayUseContract))
    .innerJoin('contragents', 'contragents.id', 'contracts.contragent_id')
    .select(PRICED_CONTRACT_COLUMNS)
    .where('users.id', '=', $.userId)
    .orderBy('contracts.id'),
)

/** Contracts the user may use (see mayUseContract), in id order. */
export async function allowedContracts(db: Db, user: Pick<SessionUser, 'id'>): Promise<Contract[]> {
  return (await allowedContractsPriced(db, user)).map(({ priceFactor: _, ...contract }) => contract)
}

/** The allowed contracts with each one's multiplier of the base price list, in one query. */
export async function allowedContractsPriced(db: Db, user: Pick<SessionUser, 'id'>): Promise<PricedContract[]> {
  const readWithUser = contractsReadWith.get(user)
  if (readWithUser) return readWithUser
  return pricedContractsOf(await allowedContractsQuery(db, { userId: user.id }))
}

/** The user's chosen contract while it is still allowed, else the first allowed one, else '0'. */
export function selectedContractId(user: Pick<SessionUser, 'current_contract_id'>, contracts: Contract[]): string {
  const current = String(user.current_contract_id)
  return contracts.find((contract) => contract.id === current)?.id ?? contracts[0]?.id ?? '0'
}
