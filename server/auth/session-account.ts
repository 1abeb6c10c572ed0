import type { Db } from '../db/connection'
import { PRICED_CONTRACT_COLUMNS, mayUseContract, pricedContractsOf, type PricedContract } from './contract-access'
import { preparedQuery } from '../db/prepared-query'
import type { Versions } from '../catalogue/catalogue-versions'
import { VERSION_COLUMNS, versionsOfRow } from '../catalogue/snapshot-load'
import { SESSION_USER_COLUMNS, hashSessionId, isSessionIdShaped, liveSessionUsers, type SessionUser } from './sessions'

/** A live session's user with the contracts it may use and the catalogue's versions, as one statement read them. */
export interface SessionAccount {
  user: SessionUser
  contracts: PricedContract[]
  versions: Versions
}

// a row per allowed contract (one without a contract when there is none), the user's columns and the versions on each
const sessionAccountQuery = preparedQuery((kysely, $: { sessionHash: string; now: string }) =>
  liveSessionUsers(kysely, $.sessionHash, $.now)
    .leftJoin('contracts', (join) => join.on(mayUseContract))
    .leftJoin('contragents', 'contragents.id', 'contracts.contragent_id')
    .select([...SESSION_USER_COLUMNS, ...PRICED_CONTRACT_COLUMNS, ...VERSION_COLUMNS])
    .orderBy('contracts.id'),
)

/**
 * findSessionUser, allowedContractsPriced and readVersions in one query, for the routes that need
 * them on every call (the catalogue): read together, in the same statement, so no cache is involved.
 */
export async function findSessionAccount(db: Db, sessionId: string, now: Date): Promise<SessionAccount | undefined> {
  if (!isSessionIdShaped(sessionId)) return undefined
  const rows = await sessionAccountQuery(db, { sessionHash: hashSessionId(sessionId), now: now.toISOString() })
  const first = rows[0]
  if (!first) return undefined
  const {
    contract_id: _id,
    contract_header: _header,
    contract_company: _company,
    contract_price_factor: _factor,
    catalogue_version: _catalogue,
    stocks_version: _stocks,
    marks_version: _marks,
    ...user
  } = first
  return { user, contracts: pricedContractsOf(rows), versions: versionsOfRow(first) }
}

/**
 * The versions read in the same query as a user row (findSessionAccount), by that row: the request
 * that read them uses them instead of asking again. Only for the one request, as the contracts.
 */
const versionsReadWith = new WeakMap<object, Versions>()

export const rememberVersionsOf = (user: SessionUser, versions: Versions) => void versionsReadWith.set(user, versions)

export const versionsReadWithUser = (user: SessionUser): Versions | undefined => versionsReadWith.get(user)
