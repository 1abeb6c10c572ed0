import type { Manager } from '../../src/contract/managers'
import { MANAGER_MESSAGES } from '../../src/contract/managers'
import type { Db } from '../db/connection'
import { MAIN_ACCOUNT_TYPE } from '../auth/contract-access'
import type { SessionUser } from '../auth/sessions'
import { HttpError } from '../validation'

/** The company whose managers a signed-in main account manages. */
export type Company = Pick<SessionUser, 'customer_id'>

function menuKeysOf(json: string): string[] {
  try {
    const keys: unknown = JSON.parse(json)
    return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : []
  } catch {
    return []
  }
}

const managerRows = (db: Db, company: Company) =>
  db.kysely
    .selectFrom('users')
    .select(['id', 'email', 'name', 'enabled', 'type_id', 'disabled_menus'])
    .where('customer_id', '=', company.customer_id)
    .where('type_id', '!=', MAIN_ACCOUNT_TYPE)
    .where('deleted_at', 'is', null)

/** The company's managers (not deleted), each with its contracts, in id order. */
export async function listManagers(db: Db, company: Company, onlyId?: number): Promise<Manager[]> {
  let query = managerRows(db, company).orderBy('id')
  if (onlyId !== undefined) query = query.where('id', '=', onlyId)
  const rows = await query.execute()
  if (rows.length === 0) return []
  const grants = await db.kysely
    .selectFrom('manager_contracts')
    .innerJoin('contracts', 'contracts.id', 'manager_contracts.contract_id')
    .select(['manager_contracts.user_id', 'contracts.id', 'contracts.header'])
    .where(
      'manager_contracts.user_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('contracts.id')
    .execute()
  return rows.map((row) => {
    const own = grants.filter((grant) => grant.user_id === row.id)
    return {
      id: row.id,
      enabled: row.enabled === '1' ? '1' : '0',
      type_id: row.type_id,
      email: row.email,
      name: row.name,
      contractSelect: own.map((grant) => String(grant.id)),
      contracts: own.map((grant) => grant.header),
      disabledMenus: menuKeysOf(row.disabled_menus),
    }
  })
}

const MAIN_ACCOUNT_UNTOUCHABLE = 'Основную учётную запись нельзя изменить, отключить или удалить'

/**
 * One manager of the company, or 404 for any other id (another company's, a deleted one); the
 * company's main account answers 403: these calls never change it.
 */
export async function findManager(db: Db, company: Company, id: number): Promise<Manager> {
  const [manager] = await listManagers(db, company, id)
  if (manager) return manager
  const main = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('customer_id', '=', company.customer_id)
    .where('type_id', '=', MAIN_ACCOUNT_TYPE)
    .executeTakeFirst()
  throw main ? new HttpError(403, MAIN_ACCOUNT_UNTOUCHABLE) : new HttpError(404, MANAGER_MESSAGES.notFound)
}
